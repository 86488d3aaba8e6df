use rowkey::RowKey;

#[derive(RowKey)]
struct Key<'a> {
    bucket: u16,
    #[reverse]
    path: &'a str,
}

fn main() {}
