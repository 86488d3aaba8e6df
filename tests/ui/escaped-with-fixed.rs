use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[escaped]
    #[fixed(16)]
    host: String,
    ts: u64,
}

fn main() {}
