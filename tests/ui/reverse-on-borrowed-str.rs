use rowkey::RowKey;

#[derive(RowKey)]
struct Key<'a> {
    #[fixed(16)]
    #[reverse]
    host: &'a str,
    ts: u64,
}

fn main() {}
