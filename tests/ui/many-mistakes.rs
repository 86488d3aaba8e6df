// Every mistake of one derive is reported in one build.
use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(width = 30, widht = 30)]
struct Key {
    #[pad(6)]
    balance: i64,
    #[pad(0)]
    user_id: u32,
    #[be_u16]
    #[pad(4)]
    shard: u16,
    #[reverse]
    #[reverse]
    ts: u64,
    name: String,
    #[salt(mod = 0)]
    device: u32,
}

fn main() {}
