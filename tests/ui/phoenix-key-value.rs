use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix = true)]
struct Key {
    id: i64,
}

fn main() {}
