use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt(mod)]
    user: u32,
    ts: u64,
}

fn main() {}
