// A width near `usize::MAX` is reported, not an overflow in the macro.
use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    id: u64,
    #[fixed(18446744073709551615)]
    name: String,
    #[at(100)]
    ts: u64,
}

fn main() {}
