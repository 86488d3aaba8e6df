use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(salt(buckets = 8, phoenix))]
struct Event {
    #[salt(mod = 8)]
    user: u32,
    ts: u64,
}

fn main() {}
