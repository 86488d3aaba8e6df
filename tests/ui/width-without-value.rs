use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(width, max_width = 64)]
struct Key {
    user_id: u32,
}

fn main() {}
