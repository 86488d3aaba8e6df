//! `field=value` arguments, as `encode` and `scan` take them, and the
//! compatibility level `compat` asks for.

use std::ops::Bound;

use rowkey_core::compat::Level;

/// `field=value` arguments, each field once.
///
/// # Errors
/// An argument without `=`, or a field given twice.
pub fn pairs(args: &[String]) -> Result<Vec<(&str, &str)>, String> {
    let mut pairs: Vec<(&str, &str)> = Vec::with_capacity(args.len());
    for a in args {
        let (name, value) = a
            .split_once('=')
            .ok_or_else(|| format!("`{a}` is not FIELD=VALUE"))?;
        if let Some((_, first)) = pairs.iter().find(|(n, _)| *n == name) {
            return Err(format!(
                "field `{name}` is given twice (`{name}={first}` and `{a}`): give each field once"
            ));
        }
        pairs.push((name, value));
    }
    Ok(pairs)
}

/// What `scan` was given for a field: values, or one range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Given<'a> {
    /// `field=a field=b`: any of these values.
    Values(Vec<&'a str>),
    /// `field=lo..hi`.
    Range(Bound<&'a str>, Bound<&'a str>),
}

/// `field=value` arguments where a field given again adds a value to its
/// set (`user_id=1 user_id=5`, which bash writes `user_id={1,5}`), and
/// `field=lo..hi` gives a range, alone.
///
/// # Errors
/// An argument without `=`, a range given with another range or values.
pub fn conditions(args: &[String]) -> Result<Vec<(&str, Given<'_>)>, String> {
    let mut out: Vec<(&str, Given<'_>, &str)> = Vec::with_capacity(args.len());
    for a in args {
        let (name, value) = a
            .split_once('=')
            .ok_or_else(|| format!("`{a}` is not FIELD=VALUE"))?;
        let given = match range_bounds(value) {
            Some((lo, hi)) => Given::Range(lo, hi),
            None => Given::Values(vec![value]),
        };
        match out.iter_mut().find(|(n, ..)| *n == name) {
            None => out.push((name, given, a)),
            Some((_, Given::Values(vs), _)) if matches!(given, Given::Values(_)) => vs.push(value),
            Some((_, _, first)) => {
                return Err(format!(
                    "field `{name}` is given `{first}` and `{a}`: give it values (each as `{name}=VALUE`) or one range"
                ))
            }
        }
    }
    Ok(out.into_iter().map(|(n, g, _)| (n, g)).collect())
}

/// `lo..hi`, `lo..=hi`, `lo..`, `..hi`, `..`: a field's range, as text bounds.
pub fn range_bounds(v: &str) -> Option<(Bound<&str>, Bound<&str>)> {
    let (lo, hi) = v.split_once("..")?;
    let lo = if lo.is_empty() {
        Bound::Unbounded
    } else {
        Bound::Included(lo)
    };
    let hi = match hi.strip_prefix('=') {
        Some(h) => Bound::Included(h),
        None if hi.is_empty() => Bound::Unbounded,
        None => Bound::Excluded(hi),
    };
    Some((lo, hi))
}

/// `--level`: `reads-old`, `order`, `renamed`, `identical` (or `breaking`,
/// which any change passes).
///
/// # Errors
/// Another word, with the levels it takes.
pub fn level(text: &str) -> Result<Level, String> {
    Level::from_name(text).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        format!("`{text}` is no level; give one of {}", names.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(a: &[&str]) -> Vec<String> {
        a.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn each_field_once() {
        assert_eq!(
            pairs(&s(&["a=1", "b=x=y"])).unwrap(),
            [("a", "1"), ("b", "x=y")]
        );
        assert_eq!(
            pairs(&s(&["user_id=1", "user_id=2"])).unwrap_err(),
            "field `user_id` is given twice (`user_id=1` and `user_id=2`): give each field once"
        );
        assert!(pairs(&s(&["a"])).unwrap_err().contains("FIELD=VALUE"));
    }

    #[test]
    fn levels() {
        assert_eq!(level("reads-old"), Ok(Level::ReadsOld));
        assert_eq!(level("order"), Ok(Level::OrderKept));
        assert!(level("backward").unwrap_err().contains("reads-old"));
    }

    #[test]
    fn sets() {
        use Bound::*;
        assert_eq!(
            conditions(&s(&["a=1", "b=2..", "a=5"])).unwrap(),
            [
                ("a", Given::Values(vec!["1", "5"])),
                ("b", Given::Range(Included("2"), Unbounded))
            ]
        );
        assert!(conditions(&s(&["a=1", "a=2..3"]))
            .unwrap_err()
            .contains("give it values"));
    }

    #[test]
    fn ranges() {
        use Bound::*;
        assert_eq!(range_bounds("1..=5"), Some((Included("1"), Included("5"))));
        assert_eq!(range_bounds("..5"), Some((Unbounded, Excluded("5"))));
        assert_eq!(range_bounds("1.."), Some((Included("1"), Unbounded)));
        assert_eq!(range_bounds("7"), None);
    }
}
