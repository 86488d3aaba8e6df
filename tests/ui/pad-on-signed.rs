use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[pad(6)]
    balance: i32,
}

fn main() {}
