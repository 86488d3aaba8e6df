// One mistake in the key gives one message: the derive still provides a
// `RowKey` impl and the scan helpers, so the code using the key is quiet.
use rowkey::{KeyRange, OwnedRowKey, RowKey};

#[derive(RowKey, Debug)]
#[rowkey(width = 20)]
struct FileKey {
    #[pad(6)]
    user_id: i32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

fn load<K: OwnedRowKey>(bytes: &[u8]) -> K {
    K::decode(bytes).unwrap()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let key = FileKey {
        user_id: 1,
        create_date: 20120902,
        file_id: 1,
    };
    let bytes: [u8; 20] = key.encode()?;
    let back: FileKey = load(&bytes);
    println!("{back:?} {} {}", FileKey::WIDTH, FileKey::LAYOUT);
    let all: KeyRange<21> = FileKey::prefix_for_user_id(1)?;
    let range: KeyRange<21> = FileKey::range_for_user_id_create_date(1, 20120901..=20120914)?;
    assert!(all.contains(&bytes) && range.contains(&bytes));
    Ok(())
}
