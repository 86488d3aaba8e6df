use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[mirror]
    id: i64,
}

fn main() {}
