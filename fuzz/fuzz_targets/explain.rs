//! `T::LAYOUT.explain(bytes)` and `E::KEY_TYPES.explain(bytes)` of arbitrary
//! bytes (the first byte chooses the key): valid exactly when decode
//! succeeds, with decode's error and values; the tables print; and every
//! prefix of a valid key explains as the start of a key.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rowkey_fuzz::check::{explained_derived, members_explained_derived};

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    rowkey_fuzz::each_key!(which, bytes, explained_derived, members_explained_derived);
});
