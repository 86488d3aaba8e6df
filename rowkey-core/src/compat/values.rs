//! Values of two layouts compared: whether an old field's value is the new
//! field's, and in which order two values stand, across codecs and Rust types.

use core::cmp::Ordering;

use crate::value::Value;
use crate::Number;

/// Whether two values are the same value: numbers by their number, text
/// and bytes by their bytes, floats by their bits (an `f32` as the `f64` it
/// converts to exactly), nested keys field by field.
pub(crate) fn same(a: &Value<'_>, b: &Value<'_>) -> bool {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => numbers(*x, *y) == Ordering::Equal,
        (Value::Text(_) | Value::Bytes(_), Value::Text(_) | Value::Bytes(_)) => {
            a.as_bytes() == b.as_bytes()
        }
        (Value::Some(x), Value::Some(y)) => same(x, y),
        (Value::Key(x), Value::Key(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(&x.value, &y.value))
        }
        (Value::F32(x), Value::F64(y)) | (Value::F64(y), Value::F32(x)) => {
            f64::from(*x).to_bits() == y.to_bits()
        }
        _ => a == b,
    }
}

/// How two values of one field sort as values (not bytes): numbers
/// numerically, floats by `total_cmp`, text and bytes bytewise, `None`
/// first; `None` when they are of kinds that do not compare.
pub(crate) fn order(a: &Value<'_>, b: &Value<'_>) -> Option<Ordering> {
    Some(match (a, b) {
        (Value::Int(x), Value::Int(y)) => numbers(*x, *y),
        // Within a type by its own `total_cmp`: converting a NaN may change
        // its payload, and with it where it sorts.
        (Value::F32(x), Value::F32(y)) => x.total_cmp(y),
        (Value::F64(x), Value::F64(y)) => x.total_cmp(y),
        (Value::F32(_) | Value::F64(_), Value::F32(_) | Value::F64(_)) => {
            float(a)?.total_cmp(&float(b)?)
        }
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Text(_) | Value::Bytes(_), Value::Text(_) | Value::Bytes(_)) => {
            a.as_bytes().cmp(b.as_bytes())
        }
        (Value::Unit, Value::Unit) | (Value::None, Value::None) => Ordering::Equal,
        (Value::None, Value::Some(_)) => Ordering::Less,
        (Value::Some(_), Value::None) => Ordering::Greater,
        (Value::Some(x), Value::Some(y)) => order(x, y)?,
        _ if same(a, b) => Ordering::Equal,
        _ => return None,
    })
}

fn float(v: &Value<'_>) -> Option<f64> {
    match v {
        Value::F32(x) => Some(f64::from(*x)),
        Value::F64(x) => Some(*x),
        _ => None,
    }
}

/// Two numbers by value, whatever their signedness.
pub(crate) fn numbers(a: Number, b: Number) -> Ordering {
    match (a, b) {
        (Number::Unsigned(x), Number::Unsigned(y)) => x.cmp(&y),
        (Number::Signed(x), Number::Signed(y)) => x.cmp(&y),
        (Number::Signed(x), Number::Unsigned(y)) => match u128::try_from(x) {
            Ok(x) => x.cmp(&y),
            Err(_) => Ordering::Less,
        },
        (Number::Unsigned(_), Number::Signed(_)) => numbers(b, a).reverse(),
    }
}

/// Whether a field's value is its null: `None`, or Phoenix's null `VARCHAR`,
/// the empty string. What a field old keys lack must read.
pub(crate) fn is_null(v: &Value<'_>, phoenix_varchar: bool) -> bool {
    match v {
        Value::None => true,
        Value::Text(s) => phoenix_varchar && s.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::FieldValue;
    use alloc::string::String;
    use alloc::vec;

    #[test]
    fn numbers_compare_across_signedness() {
        let (u, s) = (Number::Unsigned, Number::Signed);
        assert_eq!(numbers(u(5), s(5)), Ordering::Equal);
        assert_eq!(numbers(s(-1), u(0)), Ordering::Less);
        assert_eq!(numbers(u(u128::MAX), s(i128::MAX)), Ordering::Greater);
        assert!(same(&Value::Int(u(7)), &Value::Int(s(7))));
    }

    #[test]
    fn text_is_its_bytes_and_none_sorts_first() {
        let text = Value::Text(String::from("ab"));
        assert!(same(&text, &Value::Bytes(vec![b'a', b'b'])));
        let some = Value::Some(alloc::boxed::Box::new(Value::Int(Number::Unsigned(0))));
        assert_eq!(order(&Value::None, &some), Some(Ordering::Less));
        assert_eq!(order(&text, &Value::Bool(true)), None);
        assert!(same(&Value::F32(1.5), &Value::F64(1.5)));
    }

    #[test]
    fn the_empty_string_is_null_in_a_phoenix_varchar_only() {
        let empty = Value::Text(String::new());
        assert!(is_null(&Value::None, false));
        assert!(is_null(&empty, true));
        assert!(!is_null(&empty, false));
        assert!(!is_null(&Value::Text(String::from("a")), true));
        assert!(!is_null(&Value::Bytes(vec![]), true));
    }

    fn field(name: &'static str, value: Value<'static>) -> FieldValue<'static> {
        FieldValue { name, value }
    }

    #[test]
    fn the_same_value_whatever_its_type() {
        use alloc::boxed::Box;
        let (u, s) = (Number::Unsigned, Number::Signed);
        let int = |n| Value::Int(u(n));
        assert!(!same(&int(7), &int(8)));
        assert!(!same(&Value::Int(s(-1)), &int(u128::MAX)));
        assert!(!same(&Value::Text("ab".into()), &Value::Text("ac".into())));
        assert!(same(&Value::Bytes(vec![1]), &Value::Bytes(vec![1])));
        // Inside `Some`, and field by field in a nested key.
        let some = |v| Value::Some(Box::new(v));
        assert!(same(&some(int(7)), &some(Value::Int(s(7)))));
        assert!(!same(&some(int(7)), &some(int(8))));
        assert!(!same(&some(int(7)), &int(7)));
        let key =
            |vs: &[Value<'static>]| Value::Key(vs.iter().map(|v| field("f", v.clone())).collect());
        assert!(same(
            &key(&[int(1), int(2)]),
            &key(&[Value::Int(s(1)), Value::Int(s(2))])
        ));
        assert!(!same(&key(&[int(1), int(2)]), &key(&[int(1), int(3)])));
        assert!(!same(&key(&[int(1), int(2)]), &key(&[int(1)])));
        assert!(!same(&key(&[int(1)]), &key(&[int(1), int(2)])));
        // An `f32` is the `f64` it converts to exactly, either way round.
        assert!(same(&Value::F64(-2.5), &Value::F32(-2.5)));
        assert!(!same(&Value::F32(0.1), &Value::F64(0.1)));
        assert!(!same(&Value::F64(0.1), &Value::F32(0.1)));
        assert!(same(&Value::F32(0.1), &Value::F64(f64::from(0.1f32))));
        assert!(!same(&Value::F32(1.5), &Value::F32(2.5)));
        assert!(same(&Value::Bool(true), &Value::Bool(true)));
        assert!(!same(&Value::Bool(true), &Value::Bool(false)));
        assert!(!same(&Value::Bool(true), &int(1)));
    }

    #[test]
    fn values_sort_as_values() {
        use alloc::boxed::Box;
        use Ordering::*;
        let (u, s) = (Number::Unsigned, Number::Signed);
        let some = |v| Value::Some(Box::new(v));
        assert_eq!(order(&Value::Int(u(1)), &Value::Int(s(-1))), Some(Greater));
        assert_eq!(order(&Value::Int(s(-2)), &Value::Int(s(-1))), Some(Less));
        // Within `f32`, by its own bits: a signalling NaN sorts below a
        // quiet one, which converting it to `f64` may not keep.
        let signalling = f32::from_bits(0x7F80_0001);
        let quiet = f32::from_bits(0x7FC0_0000);
        assert_eq!(
            order(&Value::F32(signalling), &Value::F32(quiet)),
            Some(Less)
        );
        assert_eq!(order(&Value::F32(-0.0), &Value::F32(0.0)), Some(Less));
        assert_eq!(
            order(&Value::F64(f64::NAN), &Value::F64(f64::INFINITY)),
            Some(Greater)
        );
        // Across widths, as `f64`.
        assert_eq!(order(&Value::F32(1.5), &Value::F64(2.5)), Some(Less));
        assert_eq!(order(&Value::F64(2.5), &Value::F32(1.5)), Some(Greater));
        assert_eq!(order(&Value::F32(-1.5), &Value::F64(-1.5)), Some(Equal));
        assert_eq!(order(&Value::Bool(false), &Value::Bool(true)), Some(Less));
        assert_eq!(order(&Value::Bool(true), &Value::Bool(true)), Some(Equal));
        let text = |t: &str| Value::Text(t.into());
        assert_eq!(order(&text("a"), &Value::Bytes(b"b".to_vec())), Some(Less));
        assert_eq!(order(&Value::Bytes(vec![0xFF]), &text("é")), Some(Greater));
        assert_eq!(order(&Value::None, &Value::None), Some(Equal));
        assert_eq!(order(&Value::Unit, &Value::Unit), Some(Equal));
        assert_eq!(order(&some(text("")), &Value::None), Some(Greater));
        assert_eq!(
            order(&some(Value::Int(u(1))), &some(Value::Int(u(2)))),
            Some(Less)
        );
        assert_eq!(
            order(&some(Value::Int(u(1))), &some(Value::Bool(true))),
            None
        );
        // Nested keys compare only as equal.
        let key = |n| Value::Key(vec![field("f", Value::Int(u(n)))]);
        assert_eq!(order(&key(1), &key(1)), Some(Equal));
        assert_eq!(order(&key(1), &key(2)), None);
        assert_eq!(order(&Value::Int(u(1)), &Value::Bool(true)), None);
        assert_eq!(order(&Value::F32(1.0), &Value::Int(u(1))), None);
    }

    #[test]
    fn numbers_by_value() {
        let (u, s) = (Number::Unsigned, Number::Signed);
        assert_eq!(numbers(u(1), u(2)), Ordering::Less);
        assert_eq!(numbers(s(2), s(-3)), Ordering::Greater);
        assert_eq!(numbers(u(0), s(-1)), Ordering::Greater);
        assert_eq!(numbers(u(3), s(4)), Ordering::Less);
        assert_eq!(numbers(s(i128::MIN), u(0)), Ordering::Less);
    }
}
