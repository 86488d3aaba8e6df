use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    id: u32,
    name: String,
}

fn main() {}
