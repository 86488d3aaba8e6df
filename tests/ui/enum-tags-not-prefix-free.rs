use rowkey::RowKey;

#[derive(RowKey)]
struct UserKey {
    user: u64,
}

#[derive(RowKey)]
struct GroupKey {
    group: u64,
}

#[derive(RowKey)]
enum Row {
    #[tag(b"u")]
    User(UserKey),
    #[tag(b"us")]
    Group(GroupKey),
}

fn main() {}
