use rowkey::RowKey;

#[derive(RowKey)]
struct Key<'a> {
    host: &'a str,
    ts: u64,
}

fn main() {}
