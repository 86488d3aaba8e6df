use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[pad(0)]
    user_id: u32,
}

fn main() {}
