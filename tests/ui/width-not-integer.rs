use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(width = "4")]
struct Key {
    user_id: u32,
}

fn main() {}
