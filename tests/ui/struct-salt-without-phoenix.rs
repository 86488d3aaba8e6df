use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(buckets = 8))]
struct Event {
    user: u32,
    ts: u64,
}

fn main() {}
