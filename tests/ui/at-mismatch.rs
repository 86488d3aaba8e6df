use rowkey::RowKey;

#[derive(RowKey)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    #[at(8)]
    create_date: u32,
}

fn main() {}
