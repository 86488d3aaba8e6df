use rowkey::RowKey;

#[derive(RowKey)]
enum Key {
    User { id: u32 },
    Group { id: u32 },
}

fn main() {}
