//! Sequential writing and reading, for keys with variable-length fields,
//! where offsets are known only as the key is walked.

use crate::{DecodeError, DecodeErrorKind, EncodeError, EncodeErrorKind, RowKey};

/// What a writer asks of the key it writes when the buffer is too small,
/// behind a trait object ([`RowKey`] has associated types, so it cannot be one).
trait EncodedLen {
    fn encoded_len(&self) -> usize;
    /// The error of [`RowKey::encode`], if any.
    fn encode_error(&self) -> Option<EncodeError>;
}

impl<K: RowKey> EncodedLen for K {
    fn encoded_len(&self) -> usize {
        RowKey::encoded_len(self)
    }

    fn encode_error(&self) -> Option<EncodeError> {
        // Into a buffer of exactly the key's length, on the stack for keys of
        // up to `SCRATCH` bytes, so a short buffer's error allocates nothing.
        const SCRATCH: usize = 512;
        let len = RowKey::encoded_len(self);
        if len <= SCRATCH {
            return RowKey::encode_into(self, &mut [0u8; SCRATCH][..len]).err();
        }
        RowKey::encode(self).err()
    }
}

/// Writes a key front to back into a caller's buffer.
pub struct Writer<'a> {
    out: &'a mut [u8],
    pos: usize,
    name: &'static str,
    /// The key being written, asked only when the buffer is too small: for
    /// its own error, so a bad field is reported before the buffer (the
    /// same error as `encode`), or else for its length, so the error says
    /// what the whole key needs.
    key: Option<&'a dyn EncodedLen>,
}

/// The error of a writer whose buffer of `available` bytes is too short
/// for the `needed` written so far: the key's own error first. Encoding
/// the key again cannot come back here: `encode` writes into a buffer of
/// exactly `encoded_len` bytes, and a buffer that long is not asked.
#[cold]
#[inline(never)]
fn too_small(
    key: Option<&dyn EncodedLen>,
    name: &'static str,
    needed: usize,
    available: usize,
) -> EncodeError {
    let len = key.map_or(0, |k| k.encoded_len());
    if let Some(first) = key
        .filter(|_| available < len)
        .and_then(|k| k.encode_error())
    {
        return first;
    }
    EncodeError::new(
        name,
        EncodeErrorKind::BufferTooSmall {
            needed: len.max(needed),
            available,
        },
    )
}

impl<'a> Writer<'a> {
    /// A writer for the key type `name` (named in errors).
    pub fn new(out: &'a mut [u8], name: &'static str) -> Self {
        Writer {
            out,
            pos: 0,
            name,
            key: None,
        }
    }

    /// A writer of `key`, of the type `name`, into `out`. When `out` is too
    /// short, the error is `key`'s own if encoding it fails (a field value
    /// its codec refuses, the first in key order), so that `encode_into`
    /// reports the same error as `encode`; otherwise
    /// [`EncodeErrorKind::BufferTooSmall`], with the length of the whole
    /// key, not just of the fields written so far.
    pub fn for_key<K: RowKey>(out: &'a mut [u8], key: &'a K, name: &'static str) -> Self {
        Writer {
            key: Some(key),
            ..Writer::new(out, name)
        }
    }

    /// Bytes written so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The next `n` bytes, to fill.
    ///
    /// # Errors
    /// [`EncodeErrorKind::BufferTooSmall`] past the end of the buffer.
    pub fn take(&mut self, n: usize) -> Result<&mut [u8], EncodeError> {
        let available = self.out.len();
        match self.out.get_mut(self.pos..self.pos + n) {
            Some(s) => {
                self.pos += n;
                Ok(s)
            }
            None => Err(too_small(self.key, self.name, self.pos + n, available)),
        }
    }

    /// The next `W` bytes, as an array.
    ///
    /// # Errors
    /// As [`Writer::take`].
    pub fn slot<const W: usize>(&mut self) -> Result<&mut [u8; W], EncodeError> {
        let s = self.take(W)?;
        // `take` returned exactly W bytes.
        s.try_into().map_err(|_| {
            EncodeError::new(
                "",
                EncodeErrorKind::BufferTooSmall {
                    needed: W,
                    available: 0,
                },
            )
        })
    }

    /// Writes `v` as it is (a trailing field), inverted when descending.
    ///
    /// # Errors
    /// As [`Writer::take`].
    pub fn rest(&mut self, v: &[u8], descending: bool) -> Result<(), EncodeError> {
        let out = self.take(v.len())?;
        out.copy_from_slice(v);
        if descending {
            out.iter_mut().for_each(|b| *b = !*b);
        }
        Ok(())
    }

    /// Drops what was written after the first `len` bytes (an HBase `Struct`
    /// leaves out its trailing null fields); a longer `len` changes nothing.
    pub fn truncate(&mut self, len: usize) {
        self.pos = self.pos.min(len);
    }

    /// What was written.
    pub fn written(&self) -> &[u8] {
        &self.out[..self.pos]
    }

    /// What was written, writable (to stamp the salt at the front).
    pub fn written_mut(&mut self) -> &mut [u8] {
        &mut self.out[..self.pos]
    }
}

/// Reads a key front to back.
pub struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader over a whole key.
    pub fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }

    /// A reader over the key `bytes` whose next byte is the one at `pos`
    /// (at most the key's end).
    pub fn at(bytes: &'a [u8], pos: usize) -> Self {
        Reader {
            bytes,
            pos: pos.min(bytes.len()),
        }
    }

    /// A reader over the whole key `bytes` of the type `name`, refused when
    /// longer than the type's `max_width`: encode never writes such a key,
    /// so decoding it would give a value that cannot be written back.
    ///
    /// # Errors
    /// [`DecodeErrorKind::TooLong`] when `bytes` is longer than `max_width`.
    #[inline]
    pub fn for_key(
        bytes: &'a [u8],
        max_width: usize,
        name: &'static str,
    ) -> Result<Self, DecodeError> {
        if bytes.len() > max_width {
            return Err(DecodeError::new(
                name,
                max_width,
                DecodeErrorKind::TooLong {
                    max: max_width,
                    found: bytes.len(),
                },
            ));
        }
        Ok(Reader::new(bytes))
    }

    /// Bytes read so far.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// What is left.
    pub fn remaining(&self) -> &'a [u8] {
        &self.bytes[self.pos..]
    }

    /// Skips `n` bytes (at most what is left).
    pub fn skip(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.bytes.len());
    }

    /// The next `W` bytes.
    ///
    /// # Errors
    /// [`DecodeErrorKind::TooShort`] when the key ends first.
    pub fn take<const W: usize>(
        &mut self,
        field: &'static str,
    ) -> Result<&'a [u8; W], DecodeError> {
        match self.bytes[self.pos..].first_chunk::<W>() {
            Some(s) => {
                self.pos += W;
                Ok(s)
            }
            None => Err(DecodeError::new(
                field,
                self.pos,
                DecodeErrorKind::TooShort {
                    min: self.pos + W,
                    found: self.bytes.len(),
                },
            )),
        }
    }

    /// The next `n` bytes, for a width known only at run time; errors name no field.
    ///
    /// # Errors
    /// [`DecodeErrorKind::TooShort`] when the key ends first.
    pub fn take_n(&mut self, n: usize) -> Result<&'a [u8], DecodeError> {
        match self.bytes.get(self.pos..self.pos + n) {
            Some(s) => {
                self.pos += n;
                Ok(s)
            }
            None => Err(DecodeError::new(
                "",
                self.pos,
                DecodeErrorKind::TooShort {
                    min: self.pos + n,
                    found: self.bytes.len(),
                },
            )),
        }
    }

    /// The next byte, without reading it.
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Everything left: a trailing field.
    pub fn rest(&mut self) -> &'a [u8] {
        let r = &self.bytes[self.pos..];
        self.pos = self.bytes.len();
        r
    }

    /// Checks that the whole key was read.
    ///
    /// # Errors
    /// [`DecodeErrorKind::Length`] when bytes are left over.
    pub fn finish(&self, name: &'static str) -> Result<(), DecodeError> {
        if self.pos == self.bytes.len() {
            Ok(())
        } else {
            Err(DecodeError::new(
                name,
                self.pos,
                DecodeErrorKind::Length {
                    expected: self.pos,
                    found: self.bytes.len(),
                },
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `take_n` takes the next `n` bytes when the key holds them, and
    /// otherwise names the length it needed and the key's, at the reader's
    /// position, as `take` does for a width known at compile time.
    #[test]
    fn take_n_takes_or_names_the_length_it_needs() {
        let key = [1u8, 2, 3, 4, 5];
        for len in 0..=key.len() {
            let bytes = &key[..len];
            for pos in 0..=len {
                for n in 0..=len + 2 {
                    let mut r = Reader::at(bytes, pos);
                    let expected = match bytes.get(pos..pos + n) {
                        Some(s) => Ok(s),
                        None => Err(DecodeError::new(
                            "",
                            pos,
                            DecodeErrorKind::TooShort {
                                min: pos + n,
                                found: len,
                            },
                        )),
                    };
                    assert_eq!(r.take_n(n), expected, "{len} {pos} {n}");
                    let moved = if expected.is_ok() { pos + n } else { pos };
                    assert_eq!(r.position(), moved);
                    if n == 2 {
                        let mut r = Reader::at(bytes, pos);
                        let fixed = r.take::<2>("").map(|b| &b[..]);
                        assert_eq!(fixed, expected);
                    }
                }
            }
        }
    }
}
