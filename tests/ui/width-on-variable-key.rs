use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(width = 10)]
struct Key<'a> {
    bucket: u16,
    path: &'a str,
}

fn main() {}
