use rowkey::RowKey;

#[derive(RowKey)]
struct UserKey {
    user: u64,
}

#[derive(RowKey)]
struct GroupKey {
    group: u64,
}

// The same 8 bytes would decode as either member.
#[derive(RowKey)]
enum Row {
    User(UserKey),
    Group(GroupKey),
}

fn main() {}
