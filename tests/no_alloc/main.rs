//! Keys never touch the heap: encode, decode, helpers, scans and views,
//! measured by a counting global allocator. `core_codecs`: integers, `pad`,
//! `be_uN`, `fixed` and salts; `variable_and_composite`: escaped and trailing
//! fields, views, floats, `Option`, nested keys, tags, `Md5`, record enums.

#[path = "../support/counting_alloc.rs"]
mod counting_alloc;
#[path = "../support/keys.rs"]
mod keys;

mod core_codecs;
mod variable_and_composite;
