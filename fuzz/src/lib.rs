//! What the fuzz targets share: derived keys of every codec and format
//! ([`keys`]), layouts built from fuzzed data ([`layouts`]), and the checks
//! every decoded key must pass ([`check`]), and models of the readers the
//! printed commands meet ([`shell`]). A failed check panics, which
//! libFuzzer reports as a crash with the input that caused it.

pub mod check;
pub mod keys;
pub mod layouts;
pub mod shell;

use keys::Viewed;
use rowkey::RowKey;

/// Calls `$check::<T>($bytes)` for the derived key numbered `$which`, and
/// `$members::<E>(&E::KEY_TYPES, $bytes)` for the enums of key types.
#[macro_export]
macro_rules! each_key {
    ($which:expr, $bytes:expr, $check:ident, $members:ident) => {{
        use $crate::keys::*;
        let bytes: &[u8] = $bytes;
        match $which % 33 {
            0 => $check::<Inner>(bytes),
            1 => $check::<SaltedInner>(bytes),
            2 => $check::<Ints>(bytes),
            3 => $check::<Numbers>(bytes),
            4 => $check::<Fixed>(bytes),
            5 => $check::<Viewed>(bytes),
            6 => $check::<FixedBorrowed>(bytes),
            7 => $check::<Variable>(bytes),
            8 => $check::<Borrowed>(bytes),
            9 => $check::<Trailing>(bytes),
            10 => $check::<TrailingBytes>(bytes),
            11 => $check::<Modulo>(bytes),
            12 => $check::<WideModulo>(bytes),
            13 => $check::<Custom>(bytes),
            14 => $check::<Java>(bytes),
            15 => $check::<OrderedNumbers>(bytes),
            16 => $check::<OrderedVar>(bytes),
            17 => $check::<OrderedCopyDesc>(bytes),
            18 => $check::<StructFirst>(bytes),
            19 => $check::<StructSecond>(bytes),
            20 => $check::<StructNullable>(bytes),
            21 => $check::<PhoenixMixed>(bytes),
            22 => $check::<PhoenixVarchars>(bytes),
            23 => $check::<PhoenixAllVarchar>(bytes),
            24 => $check::<PhoenixSalted>(bytes),
            25 => $check::<PhoenixFixed>(bytes),
            26 => $check::<Evolved>(bytes),
            27 => $check::<EvolvedVariable>(bytes),
            28 => $check::<CustomerKey>(bytes),
            29 => $check::<OrderKey>(bytes),
            30 => $members::<Tagged>(&Tagged::KEY_TYPES, bytes),
            31 => $members::<Untagged>(&Untagged::KEY_TYPES, bytes),
            _ => $check::<StructNumeric>(bytes),
        }
    }};
}

/// The view of [`Viewed`] reads what `decode` reads, field by field.
pub fn view_agrees(bytes: &[u8]) {
    let (Ok(key), Ok(view)) = (Viewed::decode(bytes), Viewed::view(bytes)) else {
        if let Ok(view) = Viewed::view(bytes) {
            let _ = (view.host(), view.ts(), view.id(), view.level());
        }
        return;
    };
    assert_eq!(view.host(), Ok(key.host));
    assert_eq!(view.ts(), Ok(key.ts));
    assert_eq!(view.id(), Ok(key.id));
    assert_eq!(view.level(), Ok(key.level));
}
