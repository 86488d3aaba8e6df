use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[escaped]
    name: String,
    id: i32,
}

fn main() {}
