use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    user: u32,
    nickname: Option<String>,
}

fn main() {}
