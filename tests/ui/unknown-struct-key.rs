use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(widht = 4)]
struct Key {
    user_id: u32,
}

fn main() {}
