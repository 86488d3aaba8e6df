//! Small models of the readers the printed commands meet: Ruby's
//! single-quoted strings, bash's words, and Go's CSV reader. Each reads
//! the forms they define; `None` for text outside them.

/// The string a Ruby single-quoted literal (`'it\'s'`) holds: `\'` and
/// `\\` are escapes, every other character is itself.
pub fn ruby_single_quoted(literal: &str) -> Option<String> {
    let body = literal.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&n)) if n == '\'' || n == '\\' => {
                out.push(n);
                chars.next();
            }
            ('\'', _) => return None,
            _ => out.push(c),
        }
    }
    Some(out)
}

/// The words bash makes of a command line: unquoted text, `'..'` (as it
/// is) and `$'..'` (with `\xHH`, `\\`, `\'` and the C escapes), split at
/// unquoted spaces.
pub fn bash_words(line: &str) -> Option<Vec<Vec<u8>>> {
    let b = line.as_bytes();
    let (mut words, mut word, mut in_word) = (Vec::new(), Vec::new(), false);
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                }
                in_word = false;
                i += 1;
            }
            b'\'' => {
                let end = i + 1 + b[i + 1..].iter().position(|&c| c == b'\'')?;
                word.extend_from_slice(&b[i + 1..end]);
                (in_word, i) = (true, end + 1);
            }
            b'$' if b.get(i + 1) == Some(&b'\'') => {
                i = ansi_c(b, i + 2, &mut word)?;
                in_word = true;
            }
            b'\\' | b'"' | b'`' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' | b'*' | b'?'
            | b'[' | b'~' | b'#' | b'!' | b'{' | b'\t' | b'\n' => return None,
            c => {
                word.push(c);
                (in_word, i) = (true, i + 1);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// The inside of `$'..'` from `i`; returns the index after its closing quote.
fn ansi_c(b: &[u8], mut i: usize, out: &mut Vec<u8>) -> Option<usize> {
    loop {
        match *b.get(i)? {
            b'\'' => return Some(i + 1),
            b'\\' => {
                let e = *b.get(i + 1)?;
                let simple = match e {
                    b'\\' | b'\'' | b'"' | b'?' => Some(e),
                    b'n' => Some(b'\n'),
                    b't' => Some(b'\t'),
                    b'r' => Some(b'\r'),
                    b'a' => Some(7),
                    b'b' => Some(8),
                    b'e' | b'E' => Some(27),
                    b'f' => Some(12),
                    b'v' => Some(11),
                    _ => None,
                };
                if let Some(c) = simple {
                    out.push(c);
                    i += 2;
                    continue;
                }
                if e != b'x' {
                    return None;
                }
                // One or two hex digits.
                let digits = b[i + 2..]
                    .iter()
                    .take(2)
                    .take_while(|c| c.is_ascii_hexdigit())
                    .count();
                let text = std::str::from_utf8(&b[i + 2..i + 2 + digits]).ok()?;
                out.push(u8::from_str_radix(text, 16).ok()?);
                i += 2 + digits;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
}

/// The fields of the one CSV record `text` holds, as Go's `encoding/csv`
/// reads it: fields split at `,`; a field in `".."` may hold `,`, line
/// breaks and `""` for `"`; a `"` in an unquoted field is an error; `\r\n`
/// reads as `\n`.
pub fn go_csv_record(text: &[u8]) -> Option<Vec<Vec<u8>>> {
    let mut t = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i..].starts_with(b"\r\n") {
            t.push(b'\n');
            i += 2;
        } else {
            t.push(text[i]);
            i += 1;
        }
    }
    let (mut fields, mut i) = (Vec::new(), 0);
    loop {
        let mut field = Vec::new();
        if t.get(i) == Some(&b'"') {
            i += 1;
            loop {
                match (t.get(i)?, t.get(i + 1)) {
                    (b'"', Some(b'"')) => {
                        field.push(b'"');
                        i += 2;
                    }
                    (b'"', _) => {
                        i += 1;
                        break;
                    }
                    (&c, _) => {
                        field.push(c);
                        i += 1;
                    }
                }
            }
        } else {
            while let Some(&c) = t.get(i) {
                if c == b',' || c == b'\n' {
                    break;
                }
                if c == b'"' {
                    return None;
                }
                field.push(c);
                i += 1;
            }
        }
        fields.push(field);
        match t.get(i) {
            Some(b',') => i += 1,
            // One record: nothing may follow it.
            None => return Some(fields),
            Some(b'\n') if i + 1 == t.len() => return Some(fields),
            Some(_) => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models() {
        assert_eq!(ruby_single_quoted(r"'it\'s\x0A'").unwrap(), r"it's\x0A");
        assert_eq!(
            bash_words(r"cbt read 'a b' $'\x0a\x27z'").unwrap(),
            [&b"cbt"[..], b"read", b"a b", b"\n'z"]
        );
        assert_eq!(
            go_csv_record(b"a,\"b,\"\"c\"\"\",").unwrap(),
            [&b"a"[..], b"b,\"c\"", b""]
        );
        assert_eq!(go_csv_record(b"a\"b"), None);
    }
}
