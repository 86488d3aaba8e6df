use rowkey::RowKey;

struct UserId {
    id: u32,
}

#[derive(RowKey)]
struct Key {
    user: UserId,
    ts: u64,
}

fn main() {}
