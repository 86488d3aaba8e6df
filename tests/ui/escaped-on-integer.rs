use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[escaped]
    user_id: u32,
    ts: u64,
}

fn main() {}
