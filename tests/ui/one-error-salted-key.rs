// As `one-error-not-a-cascade.rs`, for a salted key: its helpers still return
// one range per bucket, and `SALT` and `split_points()` still exist.
use rowkey::RowKey;

#[derive(RowKey)]
struct Log {
    host: u32,
    #[salt(mod = 0)]
    ts: u64,
}

fn main() -> Result<(), rowkey::EncodeError> {
    for r in Log::prefix_for_host(7)? {
        println!("{:?}", r.start());
    }
    let one = Log::prefix_for_host_ts(7, 1_700_000_000)?;
    println!("{:?} {}", one.start(), Log::SALT.buckets());
    for split in Log::split_points() {
        println!("{:?}", split.as_ref());
    }
    let _ = Log { host: 7, ts: 1 }.encode()?;
    Ok(())
}
