use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    digest: Vec<u8>,
    id: u64,
}

fn main() {}
