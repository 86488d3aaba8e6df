use rowkey::RowKey;

#[derive(RowKey)]
struct Key {
    #[escaped]
    host: String,
    #[salt(mod = 16)]
    user: u32,
}

fn main() {}
