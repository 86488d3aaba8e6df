use rowkey::RowKey;

// HBase's OrderedBytes has no boolean type.
#[derive(RowKey)]
struct Key {
    #[ordered]
    active: bool,
}

fn main() {}
