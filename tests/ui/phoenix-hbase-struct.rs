use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix, hbase_struct)]
struct Key {
    id: i32,
    name: String,
}

fn main() {}
