//! The derive's output names everything by absolute path: it compiles without the prelude, next to user items that shadow `Result`, `Option`, `Vec`, `Ok`, `Err`, `String` and `core`.
#![allow(dead_code, non_camel_case_types)]

// A crate-root module named `core` must not capture the derive's `::core` paths.
mod core {
    pub struct Result;
}

#[no_implicit_prelude]
mod user {
    // Items named like the prelude's, which generated code must not pick up.
    pub struct Result;
    pub struct Option;
    pub struct Vec;
    pub struct String;
    pub struct Some;
    pub struct None;
    pub struct Box;
    pub struct Into;
    pub struct From;
    pub struct AsRef;
    pub struct Cow;
    pub struct Default;
    pub struct Ok<T>(pub T);
    pub struct Err<T>(pub T);
    pub mod core {
        pub struct Result;
    }
    pub mod rowkey {}

    #[derive(
        ::rowkey::RowKey, ::core::fmt::Debug, ::core::clone::Clone, ::core::cmp::PartialEq,
    )]
    #[rowkey(width = 20)]
    pub struct FileKey {
        #[pad(6)]
        pub user_id: u32,
        #[pad(8)]
        pub create_date: u32,
        #[pad(6)]
        pub file_id: u64,
    }

    /// Every codec, salted, with a borrowed field.
    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[rowkey(select)]
    pub struct Everything<'a> {
        #[salt(mod = 300)]
        pub host: u32,
        #[reverse]
        pub ts: i64,
        #[be_u16]
        pub minute: u32,
        pub flag: bool,
        pub hash: [u8; 2],
        #[fixed(4)]
        pub name: &'a str,
        #[fixed(3)]
        pub raw: &'a [u8],
        #[reverse]
        #[pad(3)]
        pub rank: u16,
    }

    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub struct Owned {
        #[salt(mod = 16, pad = 2)]
        #[fixed(4)]
        pub name: ::std::string::String,
        #[reverse]
        #[fixed(2)]
        pub bytes: ::std::vec::Vec<u8>,
        #[salt]
        pub id: u8,
    }

    /// The richer codecs: a tag, `Option`, a float, a mirrored id, a nested key,
    /// an escaped string, a `Cow` and a trailing variable-length field.
    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[rowkey(select)]
    pub struct Rich {
        #[tag(2)]
        pub kind: (),
        pub maybe: ::core::option::Option<u32>,
        pub ratio: f64,
        #[mirror]
        pub id: u64,
        pub inner: FileKey,
        #[escaped]
        pub name: ::std::string::String,
        #[fixed(4)]
        pub cow: ::std::borrow::Cow<'static, str>,
        pub rest: ::std::vec::Vec<u8>,
    }

    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[rowkey(salt(buckets = 8, phoenix))]
    pub struct Phoenix {
        pub a: u16,
        pub b: u8,
    }

    /// HBase's `Struct` of every kind of `#[ordered]` field.
    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[rowkey(select)]
    #[rowkey(hbase_struct)]
    pub struct Hbase<'a> {
        #[ordered]
        pub id: i32,
        #[ordered]
        pub name: &'a str,
        #[ordered]
        #[reverse]
        pub blob: ::std::borrow::Cow<'a, [u8]>,
        #[ordered]
        pub score: ::core::option::Option<f64>,
        #[ordered]
        pub tag: ::core::option::Option<::std::string::String>,
        #[ordered(copy)]
        pub body: ::core::option::Option<::std::vec::Vec<u8>>,
    }

    /// A Phoenix primary key with every column type, salted.
    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    #[rowkey(select)]
    #[rowkey(phoenix, salt(buckets = 4, phoenix))]
    pub struct PhoenixKey<'a> {
        pub a: i8,
        #[reverse]
        pub b: i64,
        pub c: f64,
        pub d: bool,
        pub e: ::rowkey::codec::phoenix::Date,
        pub f: ::rowkey::codec::phoenix::Timestamp,
        #[phoenix(char(2))]
        pub g: ::std::string::String,
        pub h: &'a str,
        #[reverse]
        pub i: ::std::string::String,
    }

    /// An enum of key types, tagged and not.
    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub enum Tagged {
        #[tag(1)]
        File(FileKey),
        #[tag(b"p")]
        Phoenix(Phoenix),
    }

    #[derive(::rowkey::RowKey, ::core::fmt::Debug, ::core::cmp::PartialEq)]
    pub enum Untagged {
        File(FileKey),
        Phoenix(Phoenix),
    }
}

use rowkey::RowKey;

#[test]
fn keys_derived_without_the_prelude_work() {
    let k = user::FileKey {
        user_id: 1,
        create_date: 20_120_902,
        file_id: 1,
    };
    let bytes = k.encode().unwrap();
    assert_eq!(&bytes, b"00000120120902000001");
    assert_eq!(user::FileKey::decode(&bytes).unwrap(), k);
    let r = user::FileKey::range_for_user_id_create_date(1, 20_120_901..=20_120_914).unwrap();
    assert!(r.contains(&bytes));
    assert_eq!(
        user::FileKey::prefix_for_user_id(1).unwrap().start(),
        b"000001"
    );

    let e = user::Everything {
        host: 7,
        ts: -1,
        minute: 1439,
        flag: true,
        hash: [1, 2],
        name: "web",
        raw: &[9],
        rank: 3,
    };
    let bytes = e.encode().unwrap();
    assert_eq!(user::Everything::decode(&bytes).unwrap(), e);
    assert_eq!(
        user::Everything::prefix_for_host(7).unwrap().start(),
        &bytes[..6]
    );
    assert_eq!(user::Everything::range_for_host(..).unwrap().count(), 300);
    assert!(user::Everything::range_for_host_ts(7, -5..5)
        .unwrap()
        .contains(&bytes));
    assert_eq!(user::Everything::split_points().len(), 299);

    let o = user::Owned {
        name: "ab".into(),
        bytes: vec![1],
        id: 2,
    };
    let bytes = o.encode().unwrap();
    assert_eq!(user::Owned::decode(&bytes).unwrap(), o);
    assert_eq!(user::Owned::prefix_for_name("ab").unwrap().count(), 16);
    assert!(user::Owned::prefix_for_name_bytes_id("ab", &[1], 2)
        .unwrap()
        .contains(&bytes));

    let rich = user::Rich {
        kind: (),
        maybe: Some(3),
        ratio: -1.5,
        id: 1_231_456,
        inner: k.clone(),
        name: "a\0b".into(),
        cow: "ab".into(),
        rest: vec![0, 1, 2],
    };
    let bytes = rich.encode().unwrap();
    assert_eq!(user::Rich::decode(bytes.as_ref()).unwrap(), rich);
    assert!(user::Rich::prefix_for_kind_maybe(Some(3))
        .unwrap()
        .contains(bytes.as_ref()));

    let t = user::Tagged::Phoenix(user::Phoenix { a: 1, b: 2 });
    let bytes = t.encode().unwrap();
    assert_eq!(user::Tagged::decode(&bytes).unwrap(), t);
    let u = user::Untagged::File(k.clone());
    let bytes = u.encode().unwrap();
    assert_eq!(user::Untagged::decode(&bytes).unwrap(), u);

    let h = user::Hbase {
        id: -1,
        name: "ab",
        blob: ::std::borrow::Cow::Borrowed(&[0, 1]),
        score: Some(0.5),
        tag: None,
        body: None,
    };
    let bytes = h.encode().unwrap();
    assert_eq!(user::Hbase::decode(&bytes).unwrap(), h);
    assert!(user::Hbase::range_for_id_name(-1, "a".."b")
        .unwrap()
        .contains(&bytes));
    let pk = user::PhoenixKey {
        a: 1,
        b: -2,
        c: 0.5,
        d: true,
        e: rowkey::codec::phoenix::Date { millis: 3 },
        f: rowkey::codec::phoenix::Timestamp {
            millis: 4,
            nanos: 5,
        },
        g: "ab".into(),
        h: "x",
        i: "".into(),
    };
    let bytes = pk.encode().unwrap();
    assert_eq!(user::PhoenixKey::decode(&bytes).unwrap(), pk);
    assert!(user::PhoenixKey::prefix_for_a_b_c_d_e_f_g_h_i(
        1, -2, 0.5, true, pk.e, pk.f, "ab", "x", ""
    )
    .unwrap()
    .contains(&bytes));
    assert_eq!(
        user::PhoenixKey::range_for_a_b(1, -5..5).unwrap().count(),
        4
    );

    let p = user::Phoenix { a: 1, b: 2 };
    let bytes = p.encode().unwrap();
    assert_eq!(user::Phoenix::decode(&bytes).unwrap(), p);
    assert_eq!(user::Phoenix::prefix_for_a(1).unwrap().count(), 8);
    assert!(user::Phoenix::prefix_for_a_b(1, 2)
        .unwrap()
        .contains(&bytes));
}

#[test]
fn selects_derived_without_the_prelude_work() {
    let e = user::Everything {
        host: 7,
        ts: -1,
        minute: 1439,
        flag: true,
        hash: [1, 2],
        name: "web",
        raw: &[9],
        rank: 3,
    };
    let bytes = e.encode().unwrap();
    let s = user::Everything::select()
        .host([7, 8])
        .ts(-5..5)
        .hash([[1, 2]])
        .name("web")
        .raw(&[9][..])
        .rank(..10)
        .build()
        .unwrap();
    assert!(s.matches(&bytes));
    assert_eq!(s.ranges().len(), 2);
    let rich = user::Rich {
        kind: (),
        maybe: Some(3),
        ratio: -1.5,
        id: 1_231_456,
        inner: user::FileKey {
            user_id: 1,
            create_date: 2,
            file_id: 3,
        },
        name: "a\0b".into(),
        cow: "ab".into(),
        rest: vec![0, 1, 2],
    };
    let bytes = rich.encode().unwrap();
    let s = user::Rich::select()
        .maybe([None, Some(3)])
        .ratio(-2.0..0.0)
        .id(1_231_456)
        .inner(rich.inner.clone())
        .name("a\0b")
        .cow(["ab", "cd"])
        .rest(&[0, 1, 2][..])
        .build()
        .unwrap();
    assert!(s.matches(bytes.as_ref()));
    let h = user::Hbase {
        id: -1,
        name: "ab",
        blob: ::std::borrow::Cow::Borrowed(&[0, 1]),
        score: None,
        tag: None,
        body: None,
    };
    let bytes = h.encode().unwrap();
    let s = user::Hbase::select()
        .id(-3..0)
        .name("a"..)
        .tag([None])
        .build()
        .unwrap();
    assert!(s.matches(&bytes));
    let p = user::PhoenixKey::select()
        .a(1)
        .b(-5..5)
        .h(["x", "y"])
        .i("")
        .build()
        .unwrap();
    assert_eq!(p.ranges().len(), 4, "one per bucket");
}

/// Fields named like the derive's own locals (`__key`, `__w`, `__r`, ...)
/// neither capture nor shadow them.
mod locals {
    use rowkey::RowKey;

    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(select)]
    struct K {
        __key: u32,
        __v: u16,
        __lo: u8,
        __s: u8,
        __w: u8,
    }

    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(select)]
    struct V<'a> {
        __buf: u8,
        #[escaped]
        __r: &'a str,
        __len: u32,
    }

    #[test]
    fn fields_named_like_generated_locals_work() {
        let k = K {
            __key: 1,
            __v: 2,
            __lo: 3,
            __s: 4,
            __w: 5,
        };
        let bytes = k.encode().unwrap();
        assert_eq!(K::decode(&bytes).unwrap(), k);
        assert!(K::range_for___key___v(1, 2..3).unwrap().contains(&bytes));
        let s = K::select()
            .__key(1)
            .__v(2..3)
            .__lo([3, 4])
            .__s(4)
            .__w(..9)
            .build()
            .unwrap();
        assert!(s.matches(&bytes));
        let v = V {
            __buf: 1,
            __r: "x",
            __len: 3,
        };
        let bytes = v.encode().unwrap();
        assert_eq!(V::decode(&bytes).unwrap(), v);
        assert!(V::prefix_for___buf___r(1, "x").unwrap().contains(&bytes));
        let s = V::select().__buf(1).__r(["x"]).__len(0..9).build().unwrap();
        assert!(s.matches(&bytes));
    }
}

/// Fields named like every name the derive's code uses (its parameters
/// `bytes`, `out` and `self`'s locals, the salt, the helpers' `within`, the
/// enum's `k` and `e`, the writers' `__write_*`) keep their keys working:
/// salted and not, fixed and variable, encode, decode and every helper.
mod names {
    use rowkey::RowKey;

    /// Salted, variable length: `bytes` must not shadow decode's input
    /// before the salt is checked.
    #[derive(RowKey, Debug, PartialEq)]
    struct SaltedVariable {
        #[salt(mod = 16)]
        bytes: u32,
        out: u8,
        key: u16,
        #[escaped]
        salt: String,
        within: Vec<u8>,
    }

    /// Salted, fixed: a field named `salt` next to the salt bucket.
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(view)]
    struct SaltedFixed {
        #[salt(mod = 300)]
        salt: u32,
        bytes: u16,
        out: u8,
        e: u8,
        k: u8,
        __write_e: u8,
        __rk: u8,
        __err: u8,
        __bucket: u8,
        __head: u8,
        __range: u8,
        __hi: u8,
        __t: u8,
        __m: u8,
        __at: u8,
        __e: u8,
        __n: u8,
        __out: u8,
    }

    #[derive(RowKey, Debug, PartialEq)]
    struct Inner {
        x: u16,
    }

    /// A nested key followed by `within` gets no second `prefix_for_a_within`
    /// (a compile error, `tests/ui/helper-name-twice.rs`); after another
    /// field, `within` is an ordinary name.
    #[derive(RowKey, Debug, PartialEq)]
    struct Nested {
        a: Inner,
        b: u8,
        within: u8,
    }

    /// Fields named like the select builder's own steps: the field takes
    /// the name, and the step is reached through `Predicate`.
    #[derive(RowKey, Debug, PartialEq)]
    #[rowkey(select)]
    struct Steps {
        build: u8,
        max_ranges: u8,
        select: u8,
    }

    #[test]
    fn fields_named_like_the_select_steps_work() {
        let key = Steps {
            build: 1,
            max_ranges: 2,
            select: 3,
        }
        .encode()
        .unwrap();
        let mut p =
            rowkey::select::Predicate::from(Steps::select().build(1).max_ranges([2, 5]).select(3));
        p.max_ranges(1);
        let s = p.build().unwrap();
        assert!(s.matches(&key));
        assert_eq!(s.ranges().len(), 1);
    }

    #[test]
    fn fields_named_like_the_derives_names_work() {
        let v = SaltedVariable {
            bytes: 104,
            out: 1,
            key: 2,
            salt: "s\0".into(),
            within: vec![3, 0],
        };
        let encoded = v.encode().unwrap();
        assert_eq!(SaltedVariable::decode(&encoded).unwrap(), v);
        assert!(SaltedVariable::prefix_for_bytes_out_key(104, 1, 2)
            .unwrap()
            .contains(&encoded));

        let f = SaltedFixed {
            salt: 7,
            bytes: 8,
            out: 9,
            e: 1,
            k: 2,
            __write_e: 3,
            __rk: 4,
            __err: 5,
            __bucket: 6,
            __head: 7,
            __range: 8,
            __hi: 9,
            __t: 10,
            __m: 11,
            __at: 12,
            __e: 13,
            __n: 14,
            __out: 15,
        };
        let encoded = f.encode().unwrap();
        assert_eq!(SaltedFixed::decode(&encoded).unwrap(), f);
        assert_eq!(SaltedFixed::view(&encoded).unwrap().salt(), Ok(7));
        assert_eq!(SaltedFixed::view(&encoded).unwrap().bytes(), Ok(8));
        assert!(SaltedFixed::range_for_salt_bytes(7, 0..9)
            .unwrap()
            .contains(&encoded));

        let n = Nested {
            a: Inner { x: 5 },
            b: 1,
            within: 2,
        };
        let encoded = n.encode().unwrap();
        assert_eq!(Nested::decode(&encoded).unwrap(), n);
        let inner = Inner::prefix_for_x(5).unwrap();
        assert!(Nested::prefix_for_a_within(&inner)
            .unwrap()
            .contains(&encoded));
        assert!(Nested::prefix_for_a_b_within(Inner { x: 5 }, 1, 2)
            .unwrap()
            .contains(&encoded));
    }
}
