use rowkey::RowKey;

fn my_hash(bytes: &[u8]) -> u64 {
    bytes.len() as u64
}

#[derive(RowKey)]
struct Event {
    #[salt(mod = 16, hash = my_hash)]
    host: u32,
    ts: u64,
}

fn main() {}
