//! The salt bucket: from `#[salt(..)]` on fields, or Apache Phoenix's salt
//! from `#[rowkey(salt(buckets = N, phoenix))]`. Widths come from the runtime.

use rowkey_format::limits;

use crate::attr::{At, SaltAttr, SaltHashAttr, StructAttrs};
use crate::ctxt::Ctxt;
use crate::messages as msg;
use crate::model::{Salt, SaltFormat};
use crate::symbol::unraw;

/// The salt, `None` for an unsalted key, `Err` when its width is unknown
/// (reported).
pub fn salt(
    cx: &Ctxt,
    sattrs: &StructAttrs,
    names: &[&proc_macro2::Ident],
    salted: &[(usize, &SaltAttr)],
) -> Result<Option<Salt>, ()> {
    if let Some(buckets) = sattrs.phoenix {
        return Ok(Some(phoenix(cx, buckets, names.len(), salted)));
    }
    if salted.is_empty() {
        return Ok(None);
    }
    let modulo = shared(cx, names, salted, "mod", |s| s.modulo);
    let pad = shared(cx, names, salted, "pad", |s| s.pad);
    let hash = hash(cx, names, salted);
    let Some(m) = modulo else {
        // An unreadable `mod` was reported where it was written.
        if !salted.iter().any(|(_, s)| s.malformed) {
            cx.error_at(salted[0].1.span, msg::SALT_WITHOUT_MOD);
        }
        return Err(());
    };
    if m.value == 0 || m.value > limits::MAX_BUCKETS {
        cx.error_at(m.span, msg::bad_bucket_count(m.value, limits::MAX_BUCKETS));
        return Err(());
    }
    let buckets = m.value as u32;
    let (format, width) = match pad {
        None => (SaltFormat::Binary, limits::salt_width(buckets)),
        Some(d) => (
            SaltFormat::Digits(digits(cx, d, buckets)?),
            d.value as usize,
        ),
    };
    Ok(Some(Salt {
        buckets,
        format,
        width,
        fields: salted.iter().map(|(i, _)| *i).collect(),
        hash,
    }))
}

/// Phoenix's salt hashes every field; a field's own `#[salt]` is an error.
/// The salt byte is there whatever the count, so the layout stays known.
fn phoenix(cx: &Ctxt, buckets: At<u64>, fields: usize, salted: &[(usize, &SaltAttr)]) -> Salt {
    for (_, s) in salted {
        cx.error_at(s.span, msg::SALT_WITH_PHOENIX);
    }
    let mut n = buckets.value;
    if n == 0 || n > limits::MAX_PHOENIX_BUCKETS {
        cx.error_at(
            buckets.span,
            msg::phoenix_too_many(n, limits::MAX_PHOENIX_BUCKETS),
        );
        n = 1;
    }
    Salt {
        buckets: n as u32,
        format: SaltFormat::Phoenix,
        width: 1,
        fields: (0..fields).collect(),
        hash: None,
    }
}

/// `mod` or `pad`: salted fields share one bucket, so a second, different
/// value is an error.
fn shared(
    cx: &Ctxt,
    names: &[&proc_macro2::Ident],
    salted: &[(usize, &SaltAttr)],
    key: &str,
    get: impl Fn(&SaltAttr) -> Option<At<u64>>,
) -> Option<At<u64>> {
    let mut first: Option<(At<u64>, usize)> = None;
    for (i, s) in salted {
        let Some(new) = get(s) else { continue };
        match first {
            Some((old, j)) if old.value != new.value => cx.error_at(
                new.span,
                msg::salts_differ(key, new.value, old.value, &unraw(names[j])),
            ),
            Some(_) => {}
            None => first = Some((new, *i)),
        }
    }
    first.map(|(v, _)| v)
}

/// `hash = ..`: salted fields share one bucket, so a second, different hash
/// is an error.
fn hash(
    cx: &Ctxt,
    names: &[&proc_macro2::Ident],
    salted: &[(usize, &SaltAttr)],
) -> Option<(SaltHashAttr, proc_macro2::Span)> {
    let mut first: Option<(&(SaltHashAttr, proc_macro2::Span), usize)> = None;
    for (i, s) in salted {
        let Some(new) = &s.hash else { continue };
        match first {
            Some((old, j)) if !same_hash(&old.0, &new.0) => {
                cx.error_at(new.1, msg::hashes_differ(&unraw(names[j])))
            }
            Some(_) => {}
            None => first = Some((new, *i)),
        }
    }
    first.map(|(h, _)| h.clone())
}

fn same_hash(a: &SaltHashAttr, b: &SaltHashAttr) -> bool {
    match (a, b) {
        (SaltHashAttr::Modulo, SaltHashAttr::Modulo) => true,
        (SaltHashAttr::Custom(a), SaltHashAttr::Custom(b)) => {
            use quote::ToTokens;
            a.to_token_stream().to_string() == b.to_token_stream().to_string()
        }
        _ => false,
    }
}

/// `pad = D`: D digits hold every bucket, and a split point holds D bytes.
fn digits(cx: &Ctxt, d: At<u64>, buckets: u32) -> Result<u8, ()> {
    if d.value == 0 || d.value > limits::MAX_SALT_DIGITS {
        cx.error_at(
            d.span,
            msg::bad_salt_digits(d.value, limits::MAX_SALT_DIGITS),
        );
        return Err(());
    }
    let top = 10u64.pow(d.value as u32) - 1;
    if u64::from(buckets) > top + 1 {
        let need = (buckets - 1).to_string().len();
        cx.error_at(
            d.span,
            msg::salt_digits_too_few(d.value, top, u64::from(buckets), need),
        );
        return Err(());
    }
    Ok(d.value as u8)
}
