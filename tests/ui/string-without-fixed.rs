use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    name: String,
    id: u64,
}

fn main() {}
