use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[pad]
    user_id: u32,
}

fn main() {}
