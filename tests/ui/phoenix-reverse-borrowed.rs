use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(phoenix)]
struct Key<'a> {
    #[reverse]
    name: &'a str,
    id: i32,
}

fn main() {}
