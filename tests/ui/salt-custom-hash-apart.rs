use rowkey::RowKey;

fn my_hash(bytes: &[u8]) -> u32 {
    bytes.len() as u32
}

#[derive(RowKey)]
struct Event {
    #[salt(mod = 16, hash = my_hash)]
    host: u32,
    ts: u64,
    #[salt]
    kind: u16,
}

fn main() {}
