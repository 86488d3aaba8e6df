use rowkey::RowKey;

// A descending Text is inverted: decode cannot borrow it.
#[derive(RowKey)]
struct Key<'a> {
    #[ordered]
    #[reverse]
    name: &'a str,
}

fn main() {}
