use rowkey::RowKey;

#[derive(RowKey)]
struct UserKey {
    user: u64,
}

#[derive(RowKey)]
#[rowkey(widht = 3, crate = "nonexistent")]
enum Row {
    #[tag(1)]
    User(UserKey),
}

fn main() {}
