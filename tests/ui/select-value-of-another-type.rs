use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(select)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[fixed(8)]
    name: String,
}

fn main() {
    // A string field takes `&str`, a number field its own type.
    let _ = FileKey::select().user_id("1").build();
    let _ = FileKey::select().name(String::from("a")).build();
}
