use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(buckets = 300, phoenix))]
struct Event {
    user: u32,
    ts: u64,
}

fn main() {}
