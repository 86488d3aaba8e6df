use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(view)]
struct HostKey {
    id: u32,
    #[escaped]
    host: String,
}

fn main() {}
