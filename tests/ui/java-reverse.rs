use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java]
    #[reverse]
    user: i64,
}

fn main() {}
