use rowkey::RowKey;

#[derive(RowKey)]
struct Metric {
    #[salt(mod = 20, hash = modulo)]
    #[fixed(8)]
    name: String,
    ts: u64,
}

fn main() {}
