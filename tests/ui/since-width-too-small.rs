use rowkey::RowKey;

// The width of version 1, not raised when `region` was added.
#[derive(RowKey)]
#[rowkey(width = 12)]
struct FileKey {
    user_id: u32,
    ts: u64,
    #[rowkey(since = 2)]
    region: Option<u16>,
}

fn main() {}
