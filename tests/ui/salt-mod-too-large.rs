use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt(mod = 70000)]
    user: u32,
    ts: u64,
}

fn main() {}
