//! Keys whose ranges do not fit inline: variable-length keys up to their
//! `max_width` and wide fixed keys get heap-backed ranges (`KeyRangeBuf`), so
//! every key that encodes has working `prefix_for_*`, `range_for_*` and
//! `after` (these failed past 256 bytes with `BufferTooSmall`).

use rowkey::{KeyRangeBuf, RowKey};

#[derive(RowKey, Debug, PartialEq)]
struct Dir {
    #[escaped]
    dir: String,
    n: u32,
}

#[derive(RowKey, Debug, PartialEq)]
struct WideHead {
    a: [u8; 300],
    rest: Vec<u8>,
}

#[derive(RowKey, Debug, PartialEq)]
struct WideFixed {
    a: [u8; 300],
    b: u16,
}

#[test]
fn an_escaped_field_of_300_bytes_has_a_prefix_and_pages() {
    let dir = "d".repeat(300);
    let key = Dir {
        dir: dir.clone(),
        n: 7,
    }
    .encode()
    .unwrap();
    let r: KeyRangeBuf = Dir::prefix_for_dir(&dir).unwrap();
    assert!(r.contains(&key));
    assert!(!r.contains(
        &Dir {
            dir: "e".into(),
            n: 7
        }
        .encode()
        .unwrap()
    ));
    let next = r.after(&key).unwrap();
    assert_eq!(next.start().len(), key.len() + 1);
    assert!(!next.contains(&key));
    let one = Dir::prefix_for_dir_n(&dir, 7).unwrap();
    assert!(one.contains(&key));
    let range = Dir::range_for_dir_n(&dir, 5..8).unwrap();
    assert!(range.contains(&key));
    assert!(!Dir::range_for_dir_n(&dir, 8..).unwrap().contains(&key));
}

#[test]
fn a_300_byte_head_then_a_trailing_value() {
    let key = WideHead {
        a: [9; 300],
        rest: vec![1, 2, 3],
    }
    .encode()
    .unwrap();
    let r = WideHead::prefix_for_a([9; 300]).unwrap();
    assert!(r.contains(&key));
    let exact = WideHead::prefix_for_a_rest([9; 300], &[1, 2, 3]).unwrap();
    assert!(exact.contains(&key));
    assert!(!exact.contains(
        &WideHead {
            a: [9; 300],
            rest: vec![1, 2, 3, 4]
        }
        .encode()
        .unwrap()
    ));
    assert!(r.after(&key).unwrap().start() > &key[..]);
}

#[test]
fn a_wide_fixed_key_pages_to_its_last_key() {
    let key = WideFixed {
        a: [0xFF; 300],
        b: 3,
    }
    .encode()
    .unwrap();
    let r: KeyRangeBuf = WideFixed::range_for_a_b([0xFF; 300], 1..=3).unwrap();
    assert!(r.contains(&key));
    let next = r.after(&key).unwrap();
    assert!(!next.contains(&key) && next.start() > &key[..]);
    assert_eq!(next.end(), r.end());
    assert!(!r.contains(
        &WideFixed {
            a: [0xFF; 300],
            b: 4
        }
        .encode()
        .unwrap()
    ));
}
