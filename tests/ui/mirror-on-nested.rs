use rowkey::RowKey;

#[derive(RowKey)]
struct MainKey {
    user: u32,
    ts: u64,
}

#[derive(RowKey)]
struct IndexKey {
    region: u16,
    #[mirror]
    main: MainKey,
}

fn main() {}
