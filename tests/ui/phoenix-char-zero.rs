use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[phoenix(char(0))]
    code: String,
}

fn main() {}
