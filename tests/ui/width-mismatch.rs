use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(width = 18)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

fn main() {}
