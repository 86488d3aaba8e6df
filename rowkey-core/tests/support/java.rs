//! What the Java-format tests share: the vector files, and HBase `Struct`s
//! encoded and decoded with the codecs as generated code would.
#![allow(dead_code)]

use rowkey_core::codec::ordered::{self, BlobVar};
use rowkey_core::codec::plain::Plain;
use rowkey_core::codec::FieldBytes;
use rowkey_core::cursor::{Reader, Writer};
use rowkey_core::{DecodeError, EncodeError};

/// The vectors the real Java code wrote (scripts/java-vectors/run.sh).
pub const JAVA_VECTORS: &str = include_str!("../../../tests/data/java-vectors.tsv");
/// Phoenix encodings from the literal expectations of Phoenix's unit tests.
pub const PHOENIX_LITERALS: &str = include_str!("../../../tests/data/phoenix-literals.tsv");

/// One line of a vector file: its tab-separated columns.
pub fn rows(file: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    file.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').collect())
}

/// Bytes from hex.
pub fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex {s:?}");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// A value column: `x` and hex bytes.
pub fn xbytes(v: &str) -> Vec<u8> {
    unhex(v.strip_prefix('x').expect("an x-prefixed value"))
}

/// A value column holding a string's UTF-8 bytes.
pub fn xstr(v: &str) -> String {
    String::from_utf8(xbytes(v)).expect("UTF-8")
}

/// A value column holding float bits.
pub fn xbits(v: &str) -> u64 {
    u64::from_str_radix(v.strip_prefix('x').expect("x-prefixed bits"), 16).expect("bits")
}

/// Runs an encoder into a fresh buffer and returns what it wrote.
pub fn written(
    f: impl FnOnce(&mut Writer<'_>) -> Result<(), EncodeError>,
) -> Result<Vec<u8>, EncodeError> {
    let mut buf = [0u8; 512];
    let mut w = Writer::new(&mut buf, "key");
    f(&mut w)?;
    Ok(w.written().to_vec())
}

/// `Struct(OrderedInt32 asc, OrderedString asc, OrderedBlobVar desc, OrderedString desc)`.
#[derive(Debug, Clone, PartialEq)]
pub struct S1 {
    pub a: i32,
    pub b: Option<String>,
    pub c: Option<Vec<u8>>,
    pub d: Option<String>,
}

/// `Struct(OrderedInt64 desc, OrderedFloat64 asc, OrderedString desc, OrderedBlob asc)`.
#[derive(Debug, Clone, PartialEq)]
pub struct S2 {
    pub a: i64,
    pub b: f64,
    pub c: Option<String>,
    pub d: Option<Vec<u8>>,
}

/// Writes a nullable field, or the null byte; returns whether it had a value.
fn nullable<T>(
    w: &mut Writer<'_>,
    v: &Option<T>,
    desc: bool,
    f: impl FnOnce(&mut Writer<'_>, &T) -> Result<(), EncodeError>,
) -> Result<bool, EncodeError> {
    match v {
        Some(v) => f(w, v).map(|_| true),
        None => ordered::encode_null(w, desc).map(|_| false),
    }
}

/// Writes `S1` as HBase's `Struct` does, trailing nulls left out.
pub fn encode_s1(v: &S1) -> Result<Vec<u8>, EncodeError> {
    written(|w| {
        ordered::put(v.a, w.slot::<5>()?, false, "f")?;
        let mut end = w.position();
        if nullable(w, &v.b, false, |w, s| {
            ordered::encode_text(w, s, false, "b")
        })? {
            end = w.position();
        }
        if nullable(w, &v.c, true, |w, b| ordered::encode_blob_var(w, b, true))? {
            end = w.position();
        }
        if nullable(w, &v.d, true, |w, s| ordered::encode_text(w, s, true, "d"))? {
            end = w.position();
        }
        w.truncate(end);
        Ok(())
    })
}

/// A nullable field: null at the end of the key, as HBase's `StructIterator` reads it.
fn read_nullable<'a, T>(
    r: &mut Reader<'a>,
    f: impl FnOnce(&mut Reader<'a>) -> Result<Option<T>, DecodeError>,
) -> Result<Option<T>, DecodeError> {
    if r.peek().is_none() {
        Ok(None)
    } else {
        f(r)
    }
}

fn text(p: Option<Plain<'_>>) -> Result<Option<String>, DecodeError> {
    p.map(|p| p.to_owned_string()).transpose()
}

fn blob(b: Option<BlobVar<'_>>) -> Option<Vec<u8>> {
    b.map(|b| b.to_vec())
}

/// Reads `S1`: a nullable field is null at the end of the key, and the key
/// ends with a value.
pub fn decode_s1(key: &[u8]) -> Result<S1, DecodeError> {
    let mut r = Reader::new(key);
    let a = ordered::get(r.take::<5>("a")?, false, "a", 0)?;
    let mut end = r.position();
    let mut seen = |r: &Reader<'_>, some: bool| {
        if some {
            end = r.position();
        }
    };
    let b = text(read_nullable(&mut r, |r| {
        ordered::decode_text(r, false, "b")
    })?)?;
    seen(&r, b.is_some());
    let c = blob(read_nullable(&mut r, |r| {
        ordered::decode_blob_var(r, true, "c")
    })?);
    seen(&r, c.is_some());
    let d = text(read_nullable(&mut r, |r| {
        ordered::decode_text(r, true, "d")
    })?)?;
    seen(&r, d.is_some());
    ordered::check_struct_end(&r, end, "S1")?;
    r.finish("S1")?;
    Ok(S1 { a, b, c, d })
}

/// Writes `S2` as HBase's `Struct` does.
pub fn encode_s2(v: &S2) -> Result<Vec<u8>, EncodeError> {
    written(|w| {
        ordered::put(v.a, w.slot::<9>()?, true, "f")?;
        ordered::put(v.b, w.slot::<9>()?, false, "f")?;
        let mut end = w.position();
        if nullable(w, &v.c, true, |w, s| ordered::encode_text(w, s, true, "c"))? {
            end = w.position();
        }
        let blob = |w: &mut Writer<'_>, b: &Vec<u8>| ordered::encode_blob_copy(w, b, false, "d");
        if nullable(w, &v.d, false, blob)? {
            end = w.position();
        }
        w.truncate(end);
        Ok(())
    })
}

/// Reads `S2`.
pub fn decode_s2(key: &[u8]) -> Result<S2, DecodeError> {
    let mut r = Reader::new(key);
    let a = ordered::get(r.take::<9>("a")?, true, "a", 0)?;
    let b = ordered::get(r.take::<9>("b")?, false, "b", 9)?;
    let c = text(read_nullable(&mut r, |r| {
        ordered::decode_text(r, true, "c")
    })?)?;
    let d = read_nullable(&mut r, |r| ordered::decode_blob_copy(r, false, "d"))?;
    r.finish("S2")?;
    Ok(S2 {
        a,
        b,
        c,
        d: d.map(|p| p.to_vec()),
    })
}
