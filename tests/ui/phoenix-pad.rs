use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[pad(6)]
    id: i64,
}

fn main() {}
