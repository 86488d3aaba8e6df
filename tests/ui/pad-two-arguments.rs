use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[pad(6, 7)]
    user_id: u32,
}

fn main() {}
