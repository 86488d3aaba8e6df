use rowkey::RowKey;

#[derive(RowKey)]
struct MainKey {
    user: u32,
    ts: u64,
}

#[derive(RowKey)]
struct IndexKey {
    region: u16,
    main: MainKey,
    #[at(12)]
    seq: u32,
}

fn main() {}
