use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[reverse]
    #[reverse]
    ts: u64,
}

fn main() {}
