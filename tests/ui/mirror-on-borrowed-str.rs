use rowkey::RowKey;

#[derive(RowKey)]
struct Key<'a> {
    #[mirror]
    #[fixed(8)]
    host: &'a str,
    ts: u64,
}

fn main() {}
