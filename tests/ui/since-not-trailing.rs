use rowkey::RowKey;

#[derive(RowKey)]
struct FileKey {
    user_id: u32,
    #[rowkey(since = 2)]
    region: Option<u16>,
    ts: u64,
}

fn main() {}
