use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[pad(6)]
    #[be_u32]
    user_id: u32,
}

fn main() {}
