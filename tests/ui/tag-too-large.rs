use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    customer: u64,
    #[tag(300)]
    kind: (),
    order: u64,
}

fn main() {}
