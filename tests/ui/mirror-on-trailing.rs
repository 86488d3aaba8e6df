use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    bucket: u16,
    #[mirror]
    path: String,
}

fn main() {}
