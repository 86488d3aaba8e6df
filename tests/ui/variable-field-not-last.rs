use rowkey::RowKey;

#[derive(RowKey)]
struct Key<'a> {
    bucket: u16,
    path: &'a [u8],
    version: u32,
}

fn main() {}
