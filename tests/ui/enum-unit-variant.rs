use rowkey::RowKey;

#[derive(RowKey)]
struct CustomerKey {
    customer: u64,
    #[tag(1)]
    kind: (),
}

#[derive(RowKey)]
enum Row {
    Customer(CustomerKey),
    Deleted,
}

fn main() {}
