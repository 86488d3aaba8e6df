use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[pad(1)]
    active: bool,
}

fn main() {}
