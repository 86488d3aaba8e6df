//! The richer field kinds stay off the heap: borrowed decode, `encode_into` of variable keys, views, floats, `Option`, nested keys, tags, `Md5`, record enums.

use rowkey::{KeyRange, Md5, RowKey};

use super::counting_alloc::{allocations, keep};
use super::keys::{CowHostEvent, CustomerKey, HostEventKey, OrderKey, PathKey, Row};
use std::hint::black_box;

// ---- keys ----

/// Owned fields: their encode_into still writes straight from the value.
#[derive(RowKey, Debug, Clone, PartialEq)]
struct OwnedVar {
    #[salt(mod = 16)]
    user: u32,
    #[reverse]
    #[escaped]
    name: String,
    rest: Vec<u8>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(width = 20)]
#[rowkey(view)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
    #[pad(6)]
    file_id: u64,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(view)]
struct IndexKey {
    #[pad(4)]
    region: u16,
    #[tag(b"a")]
    index: (),
    #[pad(2)]
    q1: u8,
    #[pad(2)]
    q2: u8,
    main: FileKey,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(view)]
struct Rich {
    a: f64,
    #[reverse]
    b: f32,
    c: Option<u32>,
    #[reverse]
    #[pad(3)]
    d: Option<u16>,
    #[tag(2)]
    kind: (),
    #[mirror]
    #[pad(7)]
    id: u32,
    inner: FileKey,
    maybe: Option<FileKey>,
}

#[derive(RowKey, Debug, Clone, PartialEq)]
#[rowkey(width = 40)]
#[rowkey(view)]
struct LogKey {
    host: Md5,
    event: Md5,
    ts: u64,
}

fn file() -> FileKey {
    FileKey {
        user_id: 1,
        create_date: 20_120_902,
        file_id: 1,
    }
}

fn rich() -> Rich {
    Rich {
        a: -0.0,
        b: f32::NAN,
        c: Some(5),
        d: None,
        kind: (),
        id: 1_231_456,
        inner: file(),
        maybe: Some(file()),
    }
}

// ---- borrowed decode ----

#[test]
fn borrowed_decode_of_escape_free_values_allocates_nothing() {
    let bytes = HostEventKey {
        host: "web-17",
        event: "login",
        ts: 7,
    }
    .encode()
    .unwrap();
    let mut host = "";
    assert_eq!(
        allocations(|| {
            let k = HostEventKey::decode(black_box(&bytes)).unwrap();
            host = k.host;
            keep(k);
        }),
        0,
        "HostEventKey::decode"
    );
    assert_eq!(host, "web-17");
    assert_eq!(
        allocations(|| keep(CowHostEvent::decode(black_box(&bytes)))),
        0,
        "Cow fields borrow escape-free values"
    );
    let path = PathKey {
        bucket: 3,
        path: "/usr/bin",
    }
    .encode()
    .unwrap();
    assert_eq!(
        allocations(|| keep(PathKey::decode(black_box(&path)))),
        0,
        "trailing &str"
    );
}

#[test]
fn decode_errors_of_variable_keys_allocate_nothing() {
    let escaped = HostEventKey {
        host: "a\0b",
        event: "",
        ts: 7,
    }
    .encode()
    .unwrap();
    assert_eq!(
        allocations(|| keep(HostEventKey::decode(black_box(&escaped)))),
        0,
        "NeedsOwned"
    );
    let bad: [&[u8]; 4] = [
        &[0x61, 0x00, 0x07],
        &[0x61, 0x62],
        &[0x00, 0x01, 0x00, 0x01, 0xFF],
        &[0x00, 0x01, 0xFF, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0],
    ];
    assert_eq!(
        allocations(|| {
            for b in bad {
                keep(HostEventKey::decode(black_box(b)));
            }
            keep(PathKey::decode(black_box(&[0x00, 0x01, 0xC3])));
        }),
        0
    );
    // An escape-free value that is no UTF-8 is refused from the key's own
    // bytes: a `Cow<str>` copies only what had to be unescaped.
    let mut not_utf8 = CowHostEvent {
        host: "é".into(),
        event: b"".as_slice().into(),
        ts: 7,
    }
    .encode()
    .unwrap();
    assert_eq!(&not_utf8[..4], [0xC3, 0xA9, 0x00, 0x01]);
    not_utf8[1] = b'A';
    let mut error = None;
    assert_eq!(
        allocations(|| error = CowHostEvent::decode(black_box(&not_utf8)).err()),
        0,
        "Cow<str> of invalid UTF-8"
    );
    let e = error.expect("`C3 41` is no UTF-8");
    assert_eq!(
        (e.field(), e.offset(), e.kind()),
        ("host", 0, rowkey::DecodeErrorKind::InvalidUtf8)
    );
}

// ---- encode_into of variable keys ----

#[test]
fn encode_into_a_stack_buffer_allocates_nothing() {
    let host_event = HostEventKey {
        host: "web\0-17",
        event: "login",
        ts: 7,
    };
    let path = PathKey {
        bucket: 3,
        path: "/usr/bin",
    };
    let owned = OwnedVar {
        user: 42,
        name: "a\0b".into(),
        rest: vec![0, 1, 2],
    };
    let mut buf = [0u8; 64];
    let mut n = 0;
    assert_eq!(
        allocations(|| {
            n = black_box(&host_event).encode_into(&mut buf).unwrap();
            keep(black_box(&host_event).encoded_len());
        }),
        0,
        "HostEventKey::encode_into"
    );
    assert_eq!(&buf[..n], host_event.encode().unwrap().as_slice());
    assert_eq!(
        allocations(|| keep(black_box(&path).encode_into(&mut buf))),
        0,
        "PathKey::encode_into"
    );
    assert_eq!(
        allocations(|| {
            n = black_box(&owned).encode_into(&mut buf).unwrap();
            keep(black_box(&owned).encoded_len());
        }),
        0,
        "salted, reversed, owned encode_into"
    );
    assert_eq!(&buf[..n], owned.encode().unwrap().as_slice());
    assert_eq!(
        allocations(|| keep(black_box(&host_event).encode_into(&mut buf[..5]))),
        0,
        "BufferTooSmall"
    );
    // `encode` of a variable key returns a Vec: one allocation, of the exact length
    assert_eq!(
        allocations(|| keep(black_box(&host_event).encode())),
        1,
        "encode allocates once"
    );
}

/// Variable-length keys may be 32,767 bytes long: their helpers return
/// heap-backed ranges (`KeyRangeBuf`). Each call allocates a few buffers (the
/// pinned fields' bytes, the start, the end), the same number whatever the
/// length of the values.
#[test]
fn helpers_of_variable_keys_allocate_a_few_buffers_whatever_the_length() {
    let calls = |host: &str, path: &str| {
        allocations(|| {
            keep(HostEventKey::prefix_for_host(black_box(host)));
            keep(HostEventKey::prefix_for_host_event(
                black_box(host),
                "login",
            ));
            keep(HostEventKey::range_for_host_event_ts(
                host,
                "login",
                black_box(10..20),
            ));
            keep(PathKey::prefix_for_bucket_path(3, black_box(path)));
            keep(OwnedVar::prefix_for_user_name(black_box(42), host));
            keep(OwnedVar::prefix_for_user_name_rest(
                42,
                host,
                black_box(&[1]),
            ));
        })
    };
    let short = calls("web-17", "/usr");
    let long = calls(&"w".repeat(3000), &"/usr".repeat(1000));
    assert_eq!(short, long, "allocations do not grow with the values");
    assert!(short <= 6 * 4, "{short} allocations for 6 helper calls");
}

// ---- views ----

#[test]
fn views_and_getters_allocate_nothing() {
    let file_bytes = file().encode().unwrap();
    let rich_bytes = rich().encode().unwrap();
    let log_bytes = LogKey {
        host: Md5::of("web-17"),
        event: Md5::of("login"),
        ts: 9,
    }
    .encode()
    .unwrap();
    let index_bytes = IndexKey {
        region: 100,
        index: (),
        q1: 1,
        q2: 2,
        main: file(),
    }
    .encode()
    .unwrap();
    let mut date = 0;
    assert_eq!(
        allocations(|| {
            date = FileKey::view(black_box(&file_bytes))
                .unwrap()
                .create_date()
                .unwrap();
        }),
        0,
        "FileKey::view + getter"
    );
    assert_eq!(date, 20_120_902);
    assert_eq!(
        allocations(|| {
            let v = Rich::view(black_box(&rich_bytes)).unwrap();
            keep(v.a());
            keep(v.b());
            keep(v.c());
            keep(v.d());
            keep(v.id());
            keep(v.inner());
            keep(v.maybe());
        }),
        0,
        "Rich::view + getters"
    );
    let mut ts = 0;
    assert_eq!(
        allocations(|| {
            let v = LogKey::view(black_box(&log_bytes)).unwrap();
            ts = v.ts().unwrap();
            keep(v.host());
        }),
        0,
        "LogKey::view"
    );
    assert_eq!(ts, 9);
    assert_eq!(
        allocations(|| keep(IndexKey::view(black_box(&index_bytes)).unwrap().main())),
        0,
        "nested getter"
    );
    assert_eq!(
        allocations(|| keep(FileKey::view(black_box(&file_bytes[..19])))),
        0,
        "view length error"
    );
}

// ---- fixed richer codecs ----

#[test]
fn float_option_nested_tag_mirror_encode_and_decode_allocate_nothing() {
    let k = rich();
    let bytes = k.encode().unwrap();
    let index = IndexKey {
        region: 100,
        index: (),
        q1: 1,
        q2: 2,
        main: file(),
    };
    let index_bytes = index.encode().unwrap();
    let mut buf = [0u8; 128];
    assert_eq!(
        allocations(|| {
            keep(black_box(&k).encode());
            keep(black_box(&k).encode_into(&mut buf));
            keep(black_box(&index).encode());
        }),
        0,
        "encode"
    );
    assert_eq!(
        allocations(|| {
            keep(Rich::decode(black_box(&bytes)));
            keep(IndexKey::decode(black_box(&index_bytes)));
        }),
        0,
        "decode"
    );
    let mut wrong_tag = index_bytes;
    wrong_tag[4] = b'b';
    assert_eq!(
        allocations(|| keep(IndexKey::decode(black_box(&wrong_tag)))),
        0,
        "BadTag"
    );
    assert_eq!(
        allocations(|| {
            keep(Rich::prefix_for_a_b_c(black_box(1.0), f32::NAN, None));
            keep(Rich::range_for_a(black_box(-1.0..1.0)));
            keep(IndexKey::prefix_for_region_index_q1_q2(
                100,
                1,
                black_box(2),
            ));
            keep(IndexKey::prefix_for_region_index_q1_q2_main_within(
                100,
                1,
                2,
                &FileKey::prefix_for_user_id(black_box(1)).unwrap(),
            ));
            keep(KeyRange::<64>::exact(black_box(b"key")));
        }),
        0,
        "helpers"
    );
}

#[test]
fn md5_keys_and_record_enums_allocate_nothing() {
    let log = LogKey {
        host: Md5::of("web-17"),
        event: Md5::of("login"),
        ts: 9,
    };
    let bytes = log.encode().unwrap();
    assert_eq!(
        allocations(|| {
            keep(Md5::of(black_box("web-17")));
            keep(black_box(&log).encode());
            keep(LogKey::decode(black_box(&bytes)));
            keep(LogKey::prefix_for_host(black_box(Md5::of("web-17"))));
        }),
        0,
        "Md5"
    );
    let customer = CustomerKey {
        customer: 7,
        kind: (),
    }
    .encode()
    .unwrap();
    let order = OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    }
    .encode()
    .unwrap();
    let row = Row::Order(OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    });
    let mut buf = [0u8; 32];
    assert_eq!(
        allocations(|| {
            keep(Row::decode(black_box(&customer)));
            keep(Row::decode(black_box(&order)));
            keep(Row::decode(black_box(&order[..12])));
            keep(black_box(&row).encode_into(&mut buf));
        }),
        0,
        "Row"
    );
}
