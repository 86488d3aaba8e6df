use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[ordered(numeric)]
    count: u32,
}

fn main() {}
