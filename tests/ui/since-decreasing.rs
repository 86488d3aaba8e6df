use rowkey::RowKey;

#[derive(RowKey)]
struct FileKey {
    user_id: u32,
    #[rowkey(since = 3)]
    region: Option<u16>,
    #[rowkey(since = 2)]
    archived: Option<bool>,
}

fn main() {}
