//! Reading long inputs: numbered lines from a buffered reader, one buffer
//! reused for every line, with progress on stderr when it is a terminal.

use std::io::{BufRead, IsTerminal};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Where a key came from, for its error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// A line of the input, from 1.
    Line(usize),
    /// A command-line argument, from 1.
    Argument(usize),
    /// A raw key of a binary input, from 1.
    Key(usize),
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            At::Line(n) => write!(f, "line {n}"),
            At::Argument(n) => write!(f, "argument {n}"),
            At::Key(n) => write!(f, "key {n}"),
        }
    }
}

/// Numbered lines of a reader, without their `\n`. A line is read in
/// place from the reader's buffer; only one that the buffer's end cuts is
/// copied out, into a buffer reused for every such line.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    /// Bytes of the reader's buffer that the line last returned took.
    taken: usize,
    number: usize,
    read: u64,
    progress: Progress,
}

/// Where the next line is.
enum Found {
    /// In the reader's buffer, this many bytes long (its `\n` follows).
    InPlace(usize),
    /// Copied into `Lines::buf`.
    Copied,
    /// Nowhere: the input ended.
    End,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`; `len` is its length in bytes when known (a file),
    /// for a progress bar rather than a counter.
    pub fn new(reader: R, len: Option<u64>) -> Self {
        Lines {
            reader,
            buf: Vec::with_capacity(256),
            taken: 0,
            number: 0,
            read: 0,
            progress: Progress::new(len),
        }
    }

    /// The next line and its number, or `None` at the end.
    ///
    /// # Errors
    /// A read error, with the line it happened on.
    pub fn next_line(&mut self) -> Result<Option<(&[u8], usize)>, String> {
        let number = self.number + 1;
        let read_error = |e| format!("cannot read line {number}: {e}");
        let found = self.find().map_err(read_error)?;
        let (line, n) = match found {
            Found::End => {
                self.progress.finish();
                return Ok(None);
            }
            Found::InPlace(n) => {
                // The buffer `find` filled: handed back, not read again.
                let held = self.reader.fill_buf().map_err(read_error)?;
                (&held[..n], n + 1)
            }
            Found::Copied => (&self.buf[..], self.buf.len()),
        };
        self.number += 1;
        self.read += n as u64;
        if self.number % 65_536 == 0 {
            self.progress.at(self.number, self.read);
        }
        // A `\r` stays: it can be a byte of a raw key (`cbt read`); key
        // text is trimmed where it is read.
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        Ok(Some((line, self.number)))
    }

    /// Finds the next line: in the reader's buffer when it holds the whole
    /// line, else copied out of as many reads as it takes.
    fn find(&mut self) -> std::io::Result<Found> {
        self.reader.consume(std::mem::take(&mut self.taken));
        let held = self.reader.fill_buf()?;
        if held.is_empty() {
            return Ok(Found::End);
        }
        if let Some(n) = memchr::memchr(b'\n', held) {
            self.taken = n + 1;
            return Ok(Found::InPlace(n));
        }
        self.buf.clear();
        self.reader.read_until(b'\n', &mut self.buf)?;
        Ok(Found::Copied)
    }
}

/// Progress on stderr, shown only on a terminal and only once the input
/// has run for a second: a bar when the input's length is known, else a
/// count of lines.
struct Progress {
    bar: Option<ProgressBar>,
    len: Option<u64>,
    started: std::time::Instant,
}

impl Progress {
    fn new(len: Option<u64>) -> Self {
        Progress {
            bar: None,
            len,
            started: std::time::Instant::now(),
        }
    }

    fn at(&mut self, lines: usize, bytes: u64) {
        if self.bar.is_none() && self.started.elapsed() > Duration::from_secs(1) {
            self.bar = std::io::stderr().is_terminal().then(|| self.show());
        }
        if let Some(bar) = &self.bar {
            bar.set_message(format!("{lines} lines"));
            bar.set_position(if self.len.is_some() {
                bytes
            } else {
                lines as u64
            });
        }
    }

    fn show(&self) -> ProgressBar {
        let bar = match self.len {
            Some(len) => ProgressBar::new(len).with_style(
                ProgressStyle::with_template("{bar:40} {percent}% {msg}, {eta} left")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            ),
            None => ProgressBar::new_spinner(),
        };
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Stdin, buffered, and its length when it is a file.
pub fn stdin() -> (impl BufRead, Option<u64>) {
    let len = stdin_file_len();
    (
        std::io::BufReader::with_capacity(1 << 16, std::io::stdin()),
        len,
    )
}

#[cfg(unix)]
fn stdin_file_len() -> Option<u64> {
    use std::os::fd::AsFd;
    let fd = std::io::stdin().as_fd().try_clone_to_owned().ok()?;
    let meta = std::fs::File::from(fd).metadata().ok()?;
    meta.is_file().then_some(meta.len())
}

#[cfg(not(unix))]
fn stdin_file_len() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_lines_without_their_line_feeds() {
        let mut lines = Lines::new(&b"a\r\n\nb"[..], None);
        let mut got = Vec::new();
        while let Some((l, n)) = lines.next_line().unwrap() {
            got.push((l.to_vec(), n));
        }
        assert_eq!(got, [(b"a\r".to_vec(), 1), (vec![], 2), (b"b".to_vec(), 3)]);
    }
}
