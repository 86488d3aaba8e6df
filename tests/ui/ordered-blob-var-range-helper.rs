use rowkey::RowKey;

// BlobVar bytes sort as the values only within one length: no range helper.
#[derive(RowKey)]
#[rowkey(hbase_struct)]
struct Key {
    #[ordered]
    blob: Vec<u8>,
    #[ordered]
    name: String,
}

fn main() {
    let _ = Key::prefix_for_blob(b"a");
    let _ = Key::range_for_blob_name(b"a", "a".."b");
    let _ = Key::range_for_blob(&b"a"[..]..&b"b"[..]);
}
