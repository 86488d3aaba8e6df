use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt(mod = 1000, pad = 2)]
    user: u32,
    ts: u64,
}

fn main() {}
