use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(max_width = 0)]
struct Key {
    user_id: u32,
}

fn main() {}
