// A key that asks for a view and has one mistake gives one message: the
// view and its getters are there, so the code reading them is quiet.
use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(view = MetricView)]
struct Metric {
    #[pad(6)]
    host: i32,
    ts: u64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let key = Metric { host: 1, ts: 2 }.encode()?;
    let view: &MetricView = Metric::view(&key)?;
    println!("{} {}", view.host()?, view.ts()?);
    Ok(())
}
