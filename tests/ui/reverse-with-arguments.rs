use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[reverse(desc)]
    ts: u64,
}

fn main() {}
