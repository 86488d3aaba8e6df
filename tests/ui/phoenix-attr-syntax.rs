use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key {
    #[phoenix(varchar(3))]
    code: String,
}

fn main() {}
