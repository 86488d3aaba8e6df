use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[rowkey(pad = 6)]
    user_id: u32,
}

fn main() {}
