use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix, view)]
struct Key {
    id: i64,
}

fn main() {}
