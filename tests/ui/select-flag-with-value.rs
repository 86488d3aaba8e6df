use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(select = true)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
}

fn main() {}
