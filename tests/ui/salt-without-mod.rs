use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt]
    user: u32,
    #[salt]
    device: u16,
    ts: u64,
}

fn main() {}
