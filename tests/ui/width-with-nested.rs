use rowkey::RowKey;

#[derive(RowKey)]
struct MainKey {
    user: u32,
    ts: u64,
}

#[derive(RowKey)]
#[rowkey(width = 16)]
struct IndexKey {
    region: u16,
    main: MainKey,
    seq: u32,
}

fn main() {}
