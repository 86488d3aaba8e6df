//! Reading long inputs: numbered lines of a reader, read in blocks into one
//! buffer reused for every line, with progress on stderr when it is a terminal.

use std::io::{IsTerminal, Read};
use std::ops::Range;
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

/// Numbered lines of a reader, without their `\n`. The reader is read in
/// blocks into one buffer, and each line is handed out in place; only a
/// line that a block's end cuts is moved, to the buffer's front, before the
/// next read (the buffer grows for a line longer than itself).
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    /// Where the next line starts in `buf`.
    start: usize,
    /// Where the bytes read end in `buf`.
    end: usize,
    /// Whether the reader has ended.
    ended: bool,
    number: usize,
    read: u64,
    progress: Progress,
}

/// The buffer's size: a read's length.
const BLOCK: usize = 1 << 16;

impl<R: Read> Lines<R> {
    /// Lines of `reader`; `len` is its length in bytes when known (a file),
    /// for a progress bar rather than a counter.
    pub fn new(reader: R, len: Option<u64>) -> Self {
        Lines {
            reader,
            buf: vec![0; BLOCK],
            start: 0,
            end: 0,
            ended: false,
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
        let Some(span) = self.find().map_err(|e| {
            let number = self.number + 1;
            format!("cannot read line {number}: {e}")
        })?
        else {
            self.progress.finish();
            return Ok(None);
        };
        self.number += 1;
        self.read += (self.start - span.start) as u64;
        if self.number % 65_536 == 0 {
            self.progress.at(self.number, self.read);
        }
        // A `\r` stays: it can be a byte of a raw key (`cbt read`); key
        // text is trimmed where it is read.
        Ok(Some((&self.buf[span], self.number)))
    }

    /// Calls `each` with every line left and its number, in order: the
    /// lines a read brought are found in one pass over them.
    ///
    /// # Errors
    /// A read error, with the line it happened on, or `each`'s first error.
    pub fn for_each(
        &mut self,
        mut each: impl FnMut(&[u8], usize) -> Result<(), String>,
    ) -> Result<(), String> {
        while !self.ended {
            let held = &self.buf[self.start..self.end];
            let mut taken = 0;
            for n in memchr::memchr_iter(b'\n', held) {
                self.number += 1;
                if self.number % 65_536 == 0 {
                    self.progress.at(self.number, self.read + taken as u64);
                }
                each(&held[taken..n], self.number)?;
                taken = n + 1;
            }
            self.start += taken;
            self.read += taken as u64;
            self.fill().map_err(|e| {
                let number = self.number + 1;
                format!("cannot read line {number}: {e}")
            })?;
        }
        // What is left: the last lines, the very last without a `\n`.
        while let Some((line, n)) = self.next_line()? {
            each(line, n)?;
        }
        Ok(())
    }

    /// The next line's bytes in `buf`, its `\n` passed; `None` at the end.
    fn find(&mut self) -> std::io::Result<Option<Range<usize>>> {
        // Bytes of the line before this are known to hold no `\n`.
        let mut searched = self.start;
        loop {
            if let Some(n) = memchr::memchr(b'\n', &self.buf[searched..self.end]) {
                let line = self.start..searched + n;
                self.start = line.end + 1;
                return Ok(Some(line));
            }
            if self.ended {
                // The last line, without a `\n`.
                let line = self.start..self.end;
                self.start = self.end;
                return Ok((!line.is_empty()).then_some(line));
            }
            let held = self.end - self.start;
            self.fill()?;
            searched = held;
        }
    }

    /// Moves the cut line to the front and reads one block after it.
    fn fill(&mut self) -> std::io::Result<()> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        if self.end == self.buf.len() {
            self.buf.resize(2 * self.buf.len(), 0);
        }
        let n = loop {
            match self.reader.read(&mut self.buf[self.end..]) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                read => break read?,
            }
        };
        self.end += n;
        self.ended = n == 0;
        Ok(())
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

/// Stdin (which [`Lines`] reads in blocks), and its length when it is a file.
pub fn stdin() -> (impl Read, Option<u64>) {
    (std::io::stdin().lock(), stdin_file_len())
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

    /// A reader that hands out a few bytes at a time.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.1 = self.1 % 7 + 1;
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// Lines cut by reads anywhere, and lines longer than a block, read as
    /// the input's lines.
    #[test]
    fn lines_across_reads_and_longer_than_a_block() {
        let long = "x".repeat(BLOCK + 5);
        let text = format!("ab\n\n{long}\ncd\n{long}");
        for input in [text.clone(), format!("{text}\n")] {
            let want: Vec<(String, usize)> = input.lines().map(str::to_owned).zip(1..).collect();
            let bytes = input.as_bytes();
            assert_eq!(all_lines(|| Lines::new(bytes, None)), want);
            assert_eq!(all_lines(|| Lines::new(Trickle(bytes, 0), None)), want);
        }
    }

    /// The lines as [`Lines::next_line`] and as [`Lines::for_each`] read
    /// them, which must agree.
    fn all_lines<R: Read>(lines: impl Fn() -> Lines<R>) -> Vec<(String, usize)> {
        let mut got = Vec::new();
        let mut one_by_one = lines();
        while let Some((l, n)) = one_by_one.next_line().unwrap() {
            got.push((String::from_utf8(l.to_vec()).unwrap(), n));
        }
        let mut each = Vec::new();
        lines()
            .for_each(|l, n| {
                each.push((String::from_utf8(l.to_vec()).unwrap(), n));
                Ok(())
            })
            .unwrap();
        assert_eq!(got, each);
        got
    }
}
