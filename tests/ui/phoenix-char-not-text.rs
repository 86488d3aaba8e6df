use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[phoenix(char(4))]
    id: i32,
}

fn main() {}
