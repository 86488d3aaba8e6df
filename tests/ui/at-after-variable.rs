use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[escaped]
    host: String,
    #[at(4)]
    ts: u64,
}

fn main() {}
