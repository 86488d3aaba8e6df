use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[ordered]
    user: u64,
}

fn main() {}
