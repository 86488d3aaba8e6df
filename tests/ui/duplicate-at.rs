use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    user_id: u32,
    #[at(4)]
    #[at(4)]
    ts: u64,
}

fn main() {}
