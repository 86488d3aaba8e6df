use rowkey::RowKey;

// BlobVar regroups the bytes in 7 bits: decode cannot borrow them.
#[derive(RowKey)]
struct Key<'a> {
    #[ordered]
    blob: &'a [u8],
    #[ordered]
    id: i32,
}

fn main() {}
