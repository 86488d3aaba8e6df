use rowkey::RowKey;

#[derive(RowKey)]
struct UserKey {
    user: u64,
}

#[derive(RowKey)]
struct GroupKey {
    group: u32,
}

#[derive(RowKey)]
enum Row {
    #[tag(1)]
    User(UserKey),
    Group(GroupKey),
}

fn main() {}
