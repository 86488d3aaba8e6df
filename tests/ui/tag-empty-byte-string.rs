use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    customer: u64,
    #[tag(b"")]
    kind: (),
    order: u64,
}

fn main() {}
