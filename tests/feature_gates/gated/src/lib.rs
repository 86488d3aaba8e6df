//! What rowkey's default features leave out, each a compile error that
//! names the feature to turn on.

use rowkey::RowKey;

// Skip scans need the `select` feature: the builder, and the module.
#[derive(RowKey)]
#[rowkey(select)]
pub struct Selected {
    pub user_id: u32,
}

// The view needs the `view` feature.
#[derive(RowKey)]
#[rowkey(view)]
pub struct Viewed {
    pub user_id: u32,
}

pub use rowkey::compat;
pub use rowkey::dynamic::select;
pub use rowkey::select::Select;
