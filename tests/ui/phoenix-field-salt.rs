use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[salt(mod = 16)]
    id: i64,
}

fn main() {}
