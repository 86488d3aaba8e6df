use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    customer: u64,
    kind: (),
    order: u64,
}

fn main() {}
