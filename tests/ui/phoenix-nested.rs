use rowkey::RowKey;

#[derive(RowKey)]
struct Inner {
    id: u32,
}

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    inner: Inner,
}

fn main() {}
