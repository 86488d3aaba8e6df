use rowkey::RowKey;

// BlobCopy has no terminator: it can only end the key.
#[derive(RowKey)]
struct Key {
    #[ordered(copy)]
    body: Vec<u8>,
    #[ordered]
    id: i32,
}

fn main() {}
