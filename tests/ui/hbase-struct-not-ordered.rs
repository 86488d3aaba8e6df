use rowkey::RowKey;

// HBase's Struct is a sequence of OrderedBytes values.
#[derive(RowKey)]
#[rowkey(hbase_struct)]
struct Key {
    #[ordered]
    id: i32,
    ts: u64,
    #[pad(4)]
    day: u16,
}

fn main() {}
