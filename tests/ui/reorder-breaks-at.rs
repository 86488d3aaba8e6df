// `file_id` and `create_date` swapped places: the format is pinned by
// `#[at]` and `width`, so the reordering cannot compile silently.
use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(width = 20)]
struct FileKey {
    #[pad(6)]
    #[at(0)]
    user_id: u32,
    #[pad(6)]
    #[at(14)]
    file_id: u64,
    #[pad(8)]
    #[at(6)]
    create_date: u32,
}

fn main() {}
