use rowkey::RowKey;

#[derive(RowKey)]
struct Event {
    #[salt(mod = 16)]
    user: u32,
    #[salt(mod = 32)]
    device: u16,
    ts: u64,
}

fn main() {}
