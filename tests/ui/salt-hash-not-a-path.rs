use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt(mod = 16, hash = "xxh64")]
    host: u32,
    ts: u64,
}

fn main() {}
