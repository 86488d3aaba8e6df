use rowkey::RowKey;

#[derive(RowKey)]
struct NamedAccount {
    #[ordered]
    name: String,
    #[tag(1)]
    kind: (),
}

#[derive(RowKey)]
struct AccountOrder {
    account: u16,
    #[tag(2)]
    kind: (),
    order: u16,
}

// The tags differ, but NamedAccount's follows a string of any length:
// 34 41 02 00 01 is the name "A\u{2}" and tag 1, or account 0x3441, tag 2, order 1.
#[derive(RowKey)]
enum Row {
    Named(NamedAccount),
    Order(AccountOrder),
}

fn main() {}
