use rowkey::RowKey;

#[derive(RowKey)]
union Key {
    user: u32,
    group: u32,
}

fn main() {}
