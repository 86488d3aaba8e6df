//! `#[rowkey(phoenix)]`: keys that are exactly the primary keys Apache
//! Phoenix writes, checked against tests/data/java-vectors.tsv (each column's
//! bytes from Phoenix's own codec classes) and tests/data/phoenix-literals.tsv
//! (Phoenix's unit tests' literal keys), with Phoenix's separators between
//! them (`PTableImpl.newKey`: `00` after a variable-length column, `FF`
//! after a `DESC` one with a value, none after the last column written,
//! trailing nulls left out).

use rowkey::codec::phoenix::{Date, Timestamp};
use rowkey::RowKey;

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct IntVarchar {
    id: i32,
    name: String,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(phoenix)]
struct DescVarcharBigint {
    #[reverse]
    host: String,
    ts: i64,
}

#[test]
fn smoke() {
    let k = IntVarchar {
        id: 1,
        name: "ab".into(),
    };
    assert_eq!(k.encode().unwrap(), [0x80, 0, 0, 1, 0x61, 0x62]);
    let k = DescVarcharBigint {
        host: "ab".into(),
        ts: 1,
    };
    assert_eq!(
        k.encode().unwrap(),
        [0x9E, 0x9D, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1]
    );
    let _ = (
        Date { millis: 0 },
        Timestamp {
            millis: 0,
            nanos: 0,
        },
    );
}
