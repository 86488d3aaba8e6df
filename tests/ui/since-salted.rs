use rowkey::RowKey;

#[derive(RowKey)]
struct FileKey {
    #[salt(mod = 8)]
    user_id: u32,
    #[rowkey(since = 2)]
    #[salt]
    region: Option<u16>,
}

fn main() {}
