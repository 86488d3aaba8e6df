use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[be_u32]
    name: String,
    id: u64,
}

fn main() {}
