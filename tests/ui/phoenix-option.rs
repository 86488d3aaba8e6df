use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    id: i32,
    name: Option<String>,
}

fn main() {}
