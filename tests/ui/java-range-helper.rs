use rowkey::RowKey;

// Java's bytes sort negative numbers after positive ones: no range helper.
#[derive(RowKey)]
struct Key {
    #[java]
    user: i64,
    #[java]
    day: i32,
}

fn main() {
    let _ = Key::prefix_for_user(7);
    let _ = Key::range_for_user_day(7, 1..5);
}
