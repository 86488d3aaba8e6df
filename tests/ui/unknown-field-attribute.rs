use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[padd(6)]
    user_id: u32,
}

fn main() {}
