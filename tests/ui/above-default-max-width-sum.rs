use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: u32,
    head: [u8; 20000],
    tail: [u8; 20000],
}

fn main() {}
