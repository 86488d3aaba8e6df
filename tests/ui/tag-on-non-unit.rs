use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    customer: u64,
    #[tag(2)]
    kind: u8,
    order: u64,
}

fn main() {}
