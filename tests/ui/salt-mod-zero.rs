use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt(mod = 0)]
    user: u32,
    ts: u64,
}

fn main() {}
