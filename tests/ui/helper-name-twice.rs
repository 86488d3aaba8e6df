use rowkey::RowKey;

#[derive(RowKey)]
struct Inner {
    x: u16,
}

#[derive(RowKey)]
struct Outer {
    a: Inner,
    within: u8,
}

fn main() {}
