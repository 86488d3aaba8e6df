use rowkey::RowKey;

#[derive(RowKey)]
struct Key<'a> {
    #[reverse]
    #[escaped]
    host: &'a str,
    ts: u64,
}

fn main() {}
