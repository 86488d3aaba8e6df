use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[phoenix(char(3))]
    code: String,
}

fn main() {}
