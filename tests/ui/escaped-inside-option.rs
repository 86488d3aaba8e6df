use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[escaped]
    host: Option<String>,
    ts: u64,
}

fn main() {}
