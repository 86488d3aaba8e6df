use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[java]
    user: u32,
}

fn main() {}
