//! Encoding, decoding, prefixes, ranges, salt fan-out, split points and paging never touch the heap.

use rowkey::{KeyRange, RowKey, Salt, SaltHash};

use super::counting_alloc::{allocations, keep};
use super::keys::FileKey;
use std::hint::black_box;

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Flat {
    id: u64,
    #[reverse]
    delta: i32,
    #[pad(8)]
    date: u32,
    #[reverse]
    #[pad(6)]
    user: u32,
    flag: bool,
    hash: [u8; 4],
    #[be_u16]
    minute: u32,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Log {
    host: u32,
    #[salt(mod = 100)]
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(salt(buckets = 16, phoenix))]
struct Phoenix {
    a: u32,
    b: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Named<'a> {
    #[fixed(8)]
    host: &'a str,
    #[reverse]
    ts: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
struct Owned {
    #[fixed(8)]
    host: String,
    ts: u64,
}

fn flat() -> Flat {
    Flat {
        id: 7,
        delta: -3,
        date: 20_120_902,
        user: 1,
        flag: true,
        hash: [1, 2, 3, 4],
        minute: 1439,
    }
}

#[test]
fn encode_and_encode_into_allocate_nothing() {
    let (k, file, log, phoenix) = (
        flat(),
        FileKey {
            user_id: 1,
            create_date: 20_120_902,
            file_id: 1,
        },
        Log { host: 7, ts: 99 },
        Phoenix { a: 1, b: 2 },
    );
    let named = Named {
        host: "web-01",
        ts: 5,
    };
    let owned = Owned {
        host: "web-01".into(),
        ts: 5,
    };
    let mut buf = [0u8; 64];
    assert_eq!(
        allocations(|| keep(black_box(&k).encode())),
        0,
        "Flat::encode"
    );
    assert_eq!(
        allocations(|| keep(black_box(&file).encode())),
        0,
        "FileKey::encode"
    );
    assert_eq!(
        allocations(|| keep(black_box(&log).encode())),
        0,
        "salted encode"
    );
    assert_eq!(
        allocations(|| keep(black_box(&phoenix).encode())),
        0,
        "phoenix encode"
    );
    assert_eq!(
        allocations(|| keep(black_box(&named).encode())),
        0,
        "&str encode"
    );
    assert_eq!(
        allocations(|| keep(black_box(&owned).encode())),
        0,
        "String encode"
    );
    assert_eq!(
        allocations(|| keep(black_box(&k).encode_into(&mut buf))),
        0,
        "encode_into"
    );
    assert_eq!(
        allocations(|| keep(black_box(&log).encode_into(&mut buf))),
        0,
        "salted encode_into"
    );
    assert_eq!(
        allocations(|| keep(black_box(&k).encode_into(&mut buf[..3]))),
        0,
        "encode_into error"
    );
    let too_big = Flat {
        date: 100_000_000,
        ..flat()
    };
    assert_eq!(
        allocations(|| keep(black_box(&too_big).encode())),
        0,
        "encode error"
    );
}

#[test]
fn decode_allocates_nothing() {
    let flat_bytes = flat().encode().unwrap();
    let file_bytes = *b"00000120120902000001";
    let log_bytes = Log { host: 7, ts: 99 }.encode().unwrap();
    let phoenix_bytes = Phoenix { a: 1, b: 2 }.encode().unwrap();
    let named_bytes = Named {
        host: "web-01",
        ts: 5,
    }
    .encode()
    .unwrap();
    assert_eq!(
        allocations(|| keep(Flat::decode(black_box(&flat_bytes)))),
        0,
        "Flat::decode"
    );
    assert_eq!(
        allocations(|| keep(FileKey::decode(black_box(&file_bytes)))),
        0,
        "FileKey::decode"
    );
    assert_eq!(
        allocations(|| keep(Log::decode(black_box(&log_bytes)))),
        0,
        "salted decode"
    );
    assert_eq!(
        allocations(|| keep(Phoenix::decode(black_box(&phoenix_bytes)))),
        0,
        "phoenix decode"
    );
    assert_eq!(
        allocations(|| keep(Named::decode(black_box(&named_bytes)))),
        0,
        "borrowed decode"
    );
    // Errors too: they carry `&'static str` names and numbers, no text.
    assert_eq!(
        allocations(|| keep(FileKey::decode(black_box(b"0000012012090200000x")))),
        0,
        "decode error"
    );
    assert_eq!(
        allocations(|| keep(FileKey::decode(black_box(b"short")))),
        0,
        "length error"
    );
    let mut bad_salt = log_bytes;
    bad_salt[0] ^= 1;
    assert_eq!(
        allocations(|| keep(Log::decode(black_box(&bad_salt)))),
        0,
        "salt error"
    );
}

#[test]
fn prefix_and_range_helpers_allocate_nothing() {
    assert_eq!(
        allocations(|| keep(FileKey::prefix_for_user_id(black_box(1)))),
        0
    );
    assert_eq!(
        allocations(|| keep(FileKey::prefix_for_user_id_create_date(
            1,
            black_box(20_120_902)
        ))),
        0
    );
    assert_eq!(
        allocations(|| keep(FileKey::range_for_user_id_create_date(
            1,
            black_box(20_120_901..=20_120_914)
        ))),
        0
    );
    assert_eq!(
        allocations(|| keep(FileKey::range_for_user_id(black_box(..)))),
        0
    );
    assert_eq!(
        allocations(|| keep(Flat::range_for_id_delta(7, black_box(-5..5)))),
        0
    );
    assert_eq!(
        allocations(|| keep(Named::prefix_for_host(black_box("web-01")))),
        0
    );
    assert_eq!(
        allocations(|| keep(Named::range_for_host_ts("web-01", black_box(100..200)))),
        0
    );
    assert_eq!(
        allocations(|| keep(Owned::range_for_host(black_box("a".."web")))),
        0
    );
    assert_eq!(
        allocations(|| keep(FileKey::prefix_for_user_id(black_box(1_000_000)))),
        0,
        "error"
    );
    let r = FileKey::prefix_for_user_id(1).unwrap();
    assert_eq!(
        allocations(|| {
            black_box(r.bounds());
            black_box(r.contains(black_box(b"00000120120902000001")));
            black_box(r.is_empty());
            keep(KeyRange::<64>::prefix(black_box(b"user1:")));
            keep(KeyRange::<64>::new(b"a", Some(b"b")));
        }),
        0
    );
}

#[test]
fn salted_fan_out_over_100_buckets_allocates_nothing() {
    let mut n = 0;
    let mut last_start = [0u8; 16];
    let count = allocations(|| {
        for r in Log::prefix_for_host(black_box(7)).unwrap() {
            n += 1;
            last_start[..r.start().len()].copy_from_slice(r.start());
        }
        for r in Log::range_for_host_ts(black_box(7), 10..20).unwrap() {
            black_box(r);
        }
        for r in Phoenix::prefix_for_a(black_box(1)).unwrap() {
            black_box(r);
        }
        black_box(Log::prefix_for_host_ts(7, 15).unwrap());
    });
    assert_eq!(count, 0);
    assert_eq!(n, 100);
    assert_eq!(last_start[0], 99);
}

#[test]
fn split_points_allocate_nothing() {
    let mut n = 0;
    let count = allocations(|| {
        for p in Log::split_points() {
            black_box(p.as_ref());
            n += 1;
        }
        for p in Log::SALT.region_split_points(10) {
            black_box(p);
        }
        black_box(Log::SALT.region_start(black_box(57), 10));
    });
    assert_eq!(count, 0);
    assert_eq!(n, 99);
}

#[test]
fn paging_with_after_allocates_nothing() {
    let keys: Vec<[u8; 20]> = (1..=50u64)
        .map(|file_id| {
            FileKey {
                user_id: 1,
                create_date: 20_120_902,
                file_id,
            }
            .encode()
            .unwrap()
        })
        .collect();
    let mut pages = 0;
    let count = allocations(|| {
        let mut r = FileKey::prefix_for_user_id(1).unwrap();
        for page in keys.chunks(7) {
            r = r.after(page.last().unwrap()).unwrap();
            pages += 1;
        }
        black_box(r);
    });
    assert_eq!(count, 0);
    assert_eq!(pages, 8);
}

/// `spread`'s check of every key: numbers, digits, booleans and salts are
/// read without a value on the heap (a bytes or text field's value is one).
#[test]
fn checking_keys_by_their_layout_allocates_nothing() {
    let file = FileKey {
        user_id: 1,
        create_date: 20_120_902,
        file_id: 3,
    }
    .encode()
    .unwrap();
    let log = Log {
        host: 3,
        ts: 1_700_000_000_000,
    }
    .encode()
    .unwrap();
    let phoenix = Phoenix { a: 1, b: 2 }.encode().unwrap();
    let mut wrong_bucket = log;
    wrong_bucket[0] = (wrong_bucket[0] + 1) % 100;
    let mut results = Vec::with_capacity(5);
    let count = allocations(|| {
        results.push(rowkey::dynamic::check(&FileKey::LAYOUT, &file).is_ok());
        results.push(rowkey::dynamic::check(&Log::LAYOUT, &log).is_ok());
        results.push(rowkey::dynamic::check(&Phoenix::LAYOUT, &phoenix).is_ok());
        results.push(rowkey::dynamic::check(&Log::LAYOUT, &wrong_bucket).is_ok());
        results.push(rowkey::dynamic::check(&Log::LAYOUT, &log[..7]).is_ok());
    });
    assert_eq!(count, 0);
    assert_eq!(results, [true, true, true, false, false]);
    // The same keys decoded: a `Vec` of their values each.
    assert!(allocations(|| keep(rowkey::dynamic::decode(&Log::LAYOUT, &log))) > 0);
}

/// A user hash that every byte and its position change (FNV-1a, 32 bits).
fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811C_9DC5, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// A user hash over fields apart in the key (a layout read at run time)
/// joins them on the stack: the no-allocator build runs the same code.
#[test]
fn user_hash_over_several_fields_allocates_nothing() {
    let salt = Salt::new(97).with_hash(SaltHash::Custom(fnv1a));
    let (tenant, order) = ([0x5Au8; 200], *b"order-42");
    let mut bucket = 0;
    let count = allocations(|| {
        bucket = salt.bucket_of_parts(black_box(&[&tenant[..], &order[..]]));
    });
    assert_eq!(count, 0);
    assert_eq!(bucket, fnv1a(&[&tenant[..], &order[..]].concat()) % 97);
}
