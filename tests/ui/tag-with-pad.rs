use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    customer: u64,
    #[tag(2)]
    #[pad(2)]
    kind: (),
    order: u64,
}

fn main() {}
