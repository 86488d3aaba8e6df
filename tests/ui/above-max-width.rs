use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(max_width = 16)]
struct Key {
    user_id: u64,
    #[fixed(12)]
    name: String,
}

fn main() {}
