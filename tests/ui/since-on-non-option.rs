use rowkey::RowKey;

#[derive(RowKey)]
struct FileKey {
    user_id: u32,
    #[rowkey(since = 2)]
    region: u16,
}

fn main() {}
