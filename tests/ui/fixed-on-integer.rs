use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[fixed(4)]
    user_id: u32,
}

fn main() {}
