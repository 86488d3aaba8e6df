use rowkey::RowKey;

#[derive(RowKey)]
struct HostKey {
    #[escaped]
    host: String,
    ts: u64,
}

#[derive(RowKey)]
struct IndexKey {
    region: u16,
    host: HostKey,
    seq: u32,
}

fn main() {}
