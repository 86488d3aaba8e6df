use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[mirror]
    #[reverse]
    order_id: u64,
    ts: u64,
}

fn main() {}
