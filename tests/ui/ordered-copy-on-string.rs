use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[ordered(copy)]
    name: String,
}

fn main() {}
