use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[ordered(blob)]
    body: Vec<u8>,
}

fn main() {}
