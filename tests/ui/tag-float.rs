use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    customer: u64,
    #[tag(1.5)]
    kind: (),
    order: u64,
}

fn main() {}
