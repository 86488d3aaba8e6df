//! `ReadRows` responses to rows: the chunk state machine every Bigtable client implements.
//!
//! A response carries cell chunks; a row is complete at a chunk with `commit_row`, may span
//! any number of responses, and a cell value may be split over several chunks (`value_size`
//! set on every chunk but the last). `reset_row` drops the row in progress. The rules
//! checked are those of Java's `StateMachine` and Go's `chunkReader` (`googleapis/
//! java-bigtable` `readrows/StateMachine.java`, `google-cloud-go` `bigtable/reader.go`):
//! a new row names its key, family and qualifier; a key never repeats and moves the way the
//! read goes; a row ends committed. The decoder keeps its state across responses (the crate
//! this replaces decoded each response on its own, losing any row split between two).

use googleapis_tonic_google_bigtable_v2::google::bigtable::v2::read_rows_response::{
    cell_chunk::RowStatus, CellChunk,
};
use tonic::Code;

use crate::error::Failure;
use crate::{Cell, Row};

/// A row being assembled from chunks.
#[derive(Debug)]
struct Partial {
    row: Row,
    family: String,
    qualifier: Vec<u8>,
    /// A cell value split over chunks, and not finished.
    value: Option<Vec<u8>>,
}

/// The chunk decoder of one attempt.
#[derive(Debug)]
pub(crate) struct Decoder {
    partial: Option<Partial>,
    reversed: bool,
}

impl Decoder {
    pub(crate) fn new(reversed: bool) -> Decoder {
        Decoder {
            partial: None,
            reversed,
        }
    }

    /// Whether a row is half read: the stream must not end here.
    pub(crate) fn mid_row(&self) -> bool {
        self.partial.is_some()
    }

    /// Feeds the chunks of one response; each row committed goes to `out`. `last` is the key
    /// of the last row delivered, which every new key must come after (before, reversed).
    ///
    /// # Errors
    /// An `INTERNAL` failure naming the rule a chunk broke.
    pub(crate) fn feed(
        &mut self,
        chunks: Vec<CellChunk>,
        mut last: Option<&[u8]>,
        out: &mut Vec<Row>,
    ) -> Result<(), Failure> {
        let first_new = out.len();
        for chunk in chunks {
            let last_key = match out[first_new..].last() {
                Some(row) => Some(row.key.as_slice()),
                None => last.take(),
            };
            if let Some(row) = self.chunk(chunk, last_key)? {
                out.push(row);
            }
        }
        Ok(())
    }

    fn chunk(&mut self, chunk: CellChunk, last: Option<&[u8]>) -> Result<Option<Row>, Failure> {
        if let Some(RowStatus::ResetRow(true)) = chunk.row_status {
            return self.reset(&chunk).map(|()| None);
        }
        let commit = matches!(chunk.row_status, Some(RowStatus::CommitRow(true)));
        let mut partial = match self.partial.take() {
            None => self.start_row(&chunk, last)?,
            Some(p) => p,
        };
        continue_row(&mut partial, chunk)?;
        if !commit {
            self.partial = Some(partial);
            return Ok(None);
        }
        if partial.value.is_some() {
            return Err(invalid("a row committed in the middle of a cell value"));
        }
        Ok(Some(partial.row))
    }

    /// The row a chunk starts: it names a key that moves the read forward, a family and a
    /// qualifier.
    fn start_row(&self, chunk: &CellChunk, last: Option<&[u8]>) -> Result<Partial, Failure> {
        if chunk.row_key.is_empty() {
            return Err(invalid("a new row without a row key"));
        }
        if chunk.family_name.is_none() || chunk.qualifier.is_none() {
            return Err(invalid("a new row without a family and qualifier"));
        }
        if let Some(last) = last {
            let forward = if self.reversed {
                chunk.row_key.as_slice() < last
            } else {
                chunk.row_key.as_slice() > last
            };
            if !forward {
                return Err(invalid("a row key out of order, or repeated"));
            }
        }
        Ok(Partial {
            row: Row::new(chunk.row_key.clone()),
            family: String::new(),
            qualifier: Vec::new(),
            value: None,
        })
    }

    fn reset(&mut self, chunk: &CellChunk) -> Result<(), Failure> {
        let bare = chunk.row_key.is_empty()
            && chunk.family_name.is_none()
            && chunk.qualifier.is_none()
            && chunk.value.is_empty()
            && chunk.timestamp_micros == 0
            && chunk.labels.is_empty();
        if !bare {
            return Err(invalid("a reset chunk that carries data"));
        }
        if self.partial.take().is_none() {
            return Err(invalid("a reset with no row in progress"));
        }
        Ok(())
    }
}

/// Adds one chunk's cell data to the row in progress.
fn continue_row(partial: &mut Partial, chunk: CellChunk) -> Result<(), Failure> {
    if !chunk.row_key.is_empty() && chunk.row_key != partial.row.key {
        return Err(invalid("a row key changed before its row was committed"));
    }
    match partial.value.take() {
        Some(mut value) => {
            // The rest of a split value: nothing but more bytes.
            if chunk.family_name.is_some() || chunk.qualifier.is_some() {
                return Err(invalid("a new cell inside a split cell value"));
            }
            value.extend_from_slice(&chunk.value);
            finish_cell(partial, value, chunk.value_size);
        }
        None => {
            if let Some(family) = chunk.family_name {
                if chunk.qualifier.is_none() {
                    return Err(invalid("a new family without a qualifier"));
                }
                partial.family = family;
            }
            if let Some(qualifier) = chunk.qualifier {
                partial.qualifier = qualifier;
            }
            finish_cell(partial, chunk.value, chunk.value_size);
        }
    }
    Ok(())
}

/// Ends a cell when its value is whole (`value_size == 0`), else keeps the value for the
/// next chunk.
fn finish_cell(partial: &mut Partial, value: Vec<u8>, value_size: i32) {
    if value_size > 0 {
        partial.value = Some(value);
        return;
    }
    partial.row.cells.push(Cell {
        family: partial.family.clone(),
        qualifier: partial.qualifier.clone(),
        value,
    });
}

fn invalid(rule: &str) -> Failure {
    Failure::new(Code::Internal, format!("invalid ReadRows response: {rule}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(
        key: &[u8],
        family: Option<&str>,
        qualifier: Option<&[u8]>,
        value: &[u8],
    ) -> CellChunk {
        CellChunk {
            row_key: key.to_vec(),
            family_name: family.map(str::to_owned),
            qualifier: qualifier.map(<[u8]>::to_vec),
            value: value.to_vec(),
            ..CellChunk::default()
        }
    }

    fn commit(mut c: CellChunk) -> CellChunk {
        c.row_status = Some(RowStatus::CommitRow(true));
        c
    }

    fn split(mut c: CellChunk, total: i32) -> CellChunk {
        c.value_size = total;
        c
    }

    #[test]
    fn rows_and_split_values_span_responses() {
        let mut decoder = Decoder::new(false);
        let mut rows = Vec::new();
        let first = vec![
            commit(chunk(b"a", Some("d"), Some(b"q"), b"1")),
            chunk(b"b", Some("d"), Some(b"q"), b"2"),
            split(chunk(b"", None, Some(b"r"), b"he"), 5),
        ];
        decoder.feed(first, None, &mut rows).unwrap();
        assert_eq!(rows.len(), 1);
        assert!(decoder.mid_row(), "row b continues in the next response");
        let second = vec![
            split(chunk(b"", None, None, b"l"), 5),
            commit(chunk(b"", None, None, b"lo")),
        ];
        decoder.feed(second, Some(b"a"), &mut rows).unwrap();
        assert!(!decoder.mid_row());
        let b = &rows[1];
        assert_eq!(b.key, b"b");
        assert_eq!(b.value("d", b"q"), Some(&b"2"[..]));
        assert_eq!(b.value("d", b"r"), Some(&b"hello"[..]));
    }

    #[test]
    fn reset_drops_the_row_in_progress() {
        let mut decoder = Decoder::new(false);
        let mut rows = Vec::new();
        let reset = CellChunk {
            row_status: Some(RowStatus::ResetRow(true)),
            ..CellChunk::default()
        };
        let chunks = vec![
            chunk(b"a", Some("d"), Some(b"q"), b"old"),
            reset,
            commit(chunk(b"a", Some("d"), Some(b"q"), b"new")),
        ];
        decoder.feed(chunks, None, &mut rows).unwrap();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].value("d", b"q"), Some(&b"new"[..]));
    }

    #[test]
    fn broken_rules_are_errors() {
        type Case<'a> = (Vec<CellChunk>, Option<&'a [u8]>, &'a str);
        let cases: Vec<Case> = vec![
            (
                vec![commit(chunk(b"", Some("d"), Some(b"q"), b""))],
                None,
                "without a row key",
            ),
            (
                vec![commit(chunk(b"a", None, None, b""))],
                None,
                "family and qualifier",
            ),
            (
                vec![commit(chunk(b"a", Some("d"), Some(b"q"), b""))],
                Some(b"a"),
                "out of order",
            ),
            (
                vec![commit(chunk(b"a", Some("d"), Some(b"q"), b""))],
                Some(b"b"),
                "out of order",
            ),
            (
                vec![
                    chunk(b"a", Some("d"), Some(b"q"), b""),
                    commit(chunk(b"b", None, None, b"")),
                ],
                None,
                "changed",
            ),
            (
                vec![commit(split(chunk(b"a", Some("d"), Some(b"q"), b"x"), 3))],
                None,
                "middle of a cell value",
            ),
        ];
        for (chunks, last, rule) in cases {
            let err = Decoder::new(false)
                .feed(chunks, last, &mut Vec::new())
                .unwrap_err();
            assert_eq!(err.code, Code::Internal);
            assert!(err.message.contains(rule), "{} / {rule}", err.message);
        }
        // Reversed reads go down.
        let down = vec![commit(chunk(b"a", Some("d"), Some(b"q"), b""))];
        assert!(Decoder::new(true)
            .feed(down, Some(b"b"), &mut Vec::new())
            .is_ok());
    }
}
