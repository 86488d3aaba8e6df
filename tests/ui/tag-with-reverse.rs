use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    customer: u64,
    #[tag(2)]
    #[reverse]
    kind: (),
    order: u64,
}

fn main() {}
