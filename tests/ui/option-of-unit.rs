use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    user: u32,
    kind: Option<()>,
}

fn main() {}
