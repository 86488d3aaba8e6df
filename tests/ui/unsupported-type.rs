use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: u32,
    initial: char,
}

fn main() {}
