use rowkey::RowKey;

// The builder is opt-in: without `#[rowkey(select)]` the key has no `select()`.
#[derive(RowKey)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
}

fn main() {
    let _ = FileKey::select();
}
