// Raw identifiers are named without `r#` in messages and helpers.
use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    r#type: u8,
    #[at(2)]
    r#match: u32,
}

fn main() {}
