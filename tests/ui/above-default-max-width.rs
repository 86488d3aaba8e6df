use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: u32,
    blob: [u8; 40000],
}

fn main() {}
