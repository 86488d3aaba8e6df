use rowkey::RowKey;

#[derive(RowKey)]
#[pad(6)]
struct Key {
    user_id: u32,
}

fn main() {}
