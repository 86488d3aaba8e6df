use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[mirror]
    #[escaped]
    host: String,
    ts: u64,
}

fn main() {}
