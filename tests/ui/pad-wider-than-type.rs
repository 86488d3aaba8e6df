use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[pad(11)]
    user_id: u32,
}

fn main() {}
