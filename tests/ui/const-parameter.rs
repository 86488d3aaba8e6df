use rowkey::RowKey;

#[derive(RowKey)]
struct Key<const N: usize> {
    id: [u8; N],
}

fn main() {}
