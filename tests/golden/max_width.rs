//! `max_width`: the longest key a variable-length key type encodes.

use super::*;

/// `max_width` caps a variable-length key when it is encoded: a longer key
/// is an error, never a row the store would refuse.
#[test]
fn max_width_caps_variable_keys() {
    #[derive(RowKey)]
    #[rowkey(max_width = 16)]
    struct Capped {
        #[escaped]
        name: String,
    }
    // 14 bytes of value + the 2-byte terminator fit exactly.
    assert_eq!(
        Capped {
            name: "x".repeat(14)
        }
        .encode()
        .unwrap()
        .len(),
        16
    );
    let e = Capped {
        name: "x".repeat(15),
    }
    .encode()
    .unwrap_err();
    assert_eq!(
        e.kind(),
        rowkey::EncodeErrorKind::TooLong { len: 17, max: 16 }
    );
    let mut buf = [0u8; 64];
    assert!(Capped {
        name: "x".repeat(15)
    }
    .encode_into(&mut buf)
    .is_err());
}
