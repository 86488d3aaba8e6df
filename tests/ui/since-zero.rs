use rowkey::RowKey;

#[derive(RowKey)]
struct FileKey {
    user_id: u32,
    #[rowkey(since = 0)]
    region: Option<u16>,
}

fn main() {}
