use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    user: u32,
    parent: Option<Option<u32>>,
}

fn main() {}
