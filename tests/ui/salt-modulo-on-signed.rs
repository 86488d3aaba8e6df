use rowkey::RowKey;

#[derive(RowKey)]
struct Log {
    #[salt(mod = 8, hash = modulo)]
    ts: i64,
    host: u32,
}

fn main() {}
