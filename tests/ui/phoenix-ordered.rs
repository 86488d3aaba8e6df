use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[ordered]
    id: i32,
}

fn main() {}
