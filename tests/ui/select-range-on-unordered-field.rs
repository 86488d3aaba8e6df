use rowkey::RowKey;

// Java's bytes sort negative numbers after positive ones, and a mirrored id's
// bytes do not sort at all: their select methods take values, not ranges.
#[derive(RowKey)]
#[rowkey(select)]
struct Key {
    #[java]
    user: i64,
    #[mirror]
    id: u32,
}

fn main() {
    let _ = Key::select().user([1, 2]).id(7).build();
    let _ = Key::select().user(1..5).build();
    let _ = Key::select().id(..100).build();
}
