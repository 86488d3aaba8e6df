use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    user_id: u32,
    #[at(-1)]
    ts: u64,
}

fn main() {}
