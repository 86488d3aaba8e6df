//! Decode of arbitrary bytes by every derived key of `rowkey_fuzz::keys`
//! (the first byte chooses the key; its high bit, values to encode instead
//! of bytes): a key that decodes encodes to the same bytes, the interpreter
//! decodes the same key or gives the same error, and the key lies in the
//! scans of its own values; a key of any values that encodes decodes to them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rowkey_fuzz::check::{derived, derived_members, encoded, encoded_members};

fuzz_target!(|data: &[u8]| {
    let Some((&which, bytes)) = data.split_first() else {
        return;
    };
    if which & 0x80 == 0 {
        rowkey_fuzz::each_key!(which, bytes, derived, derived_members);
    } else {
        rowkey_fuzz::each_key!(which, bytes, encoded, encoded_members);
    }
    if which % 33 == 5 {
        rowkey_fuzz::view_agrees(bytes);
    }
});
