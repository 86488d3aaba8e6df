//! Paging: a range read a page at a time, each page starting right after the
//! last key of the one before (`KeyRange::after`, HBase's `lastRow + 0x00`).

use alloc::vec::Vec;

use crate::merge::ScanRow;
use crate::{EncodeError, KeyRangeOf, RangeBytes};

impl<B: RangeBytes> KeyRangeOf<B> {
    /// The range read `size` rows a page (at least one): a [`Pager`] that
    /// holds the resume point, for any store.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use rowkey::KeyRange;
    ///
    /// let table: BTreeMap<Vec<u8>, u32> = (0..250u32).map(|i| (i.to_be_bytes().to_vec(), i)).collect();
    /// let mut sizes = Vec::new();
    /// for page in KeyRange::<64>::all().pages(100).over(|r| table.range::<[u8], _>(r.bounds())) {
    ///     sizes.push(page?.len());
    /// }
    /// assert_eq!(sizes, [100, 100, 50]);
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    pub fn pages(&self, size: usize) -> Pager<B> {
        Pager {
            rest: Some(self.clone()).filter(|r| !r.is_empty()),
            size: size.max(1),
            stopped: false,
            pending: None,
        }
    }
}

/// A range read page by page: the page size and where the next page starts.
///
/// Read pages with [`Pager::next_page`] or [`Pager::over`] from an iterator
/// store (`BTreeMap`, fjall, RocksDB), or let the store cap the page itself
/// (Bigtable's `rows_limit`, HBase's `PageFilter`) and report each page with
/// [`Pager::advance`]. A page shorter than the page size ends the range, so a
/// scan costs one request per page and an extra one only when the last page
/// is exactly full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pager<B: RangeBytes> {
    /// The part of the range no page has read yet; `None` once it is done.
    rest: Option<KeyRangeOf<B>>,
    size: usize,
    /// A page ended in an error: no further page is read.
    stopped: bool,
    /// The error to report in place of the next page.
    pending: Option<EncodeError>,
}

impl<B: RangeBytes> Pager<B> {
    /// Rows per page.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The range the next page reads from, or `None` when the range is done.
    /// After a page that ended in an error, where to resume.
    pub fn rest(&self) -> Option<&KeyRangeOf<B>> {
        self.rest.as_ref()
    }

    /// Records a page the caller read from [`Pager::rest`]: `rows` rows, the
    /// last one with key `last`. The next page starts right after `last`; a
    /// page of fewer than [`Pager::size`] rows (or none) ends the range.
    ///
    /// ```
    /// use rowkey::KeyRange;
    /// let mut pager = KeyRange::<64>::prefix(b"a")?.pages(2);
    /// pager.advance(2, Some(b"a7"))?;
    /// assert_eq!(pager.rest().unwrap().start(), b"a7\0");
    /// pager.advance(1, Some(b"a9"))?;
    /// assert!(pager.rest().is_none());
    /// # Ok::<(), rowkey::EncodeError>(())
    /// ```
    ///
    /// # Errors
    /// [`EncodeErrorKind::TooLong`](crate::EncodeErrorKind::TooLong) when
    /// `last` fills the range's inline capacity; the resume point does not move then.
    pub fn advance(&mut self, rows: usize, last: Option<&[u8]>) -> Result<(), EncodeError> {
        let Some(rest) = &self.rest else {
            return Ok(());
        };
        self.rest = match last {
            Some(last) if rows >= self.size => Some(rest.after(last)?).filter(|r| !r.is_empty()),
            _ => None,
        };
        Ok(())
    }

    /// Reads the next page: at most [`Pager::size`] rows of the scan that
    /// `open` starts at the resume point. `None` once the range is done (a
    /// read that finds no row gives `None`, not an empty page).
    ///
    /// A row without a key (a store's error) ends the page as its last item
    /// and stops the pager, whose [`Pager::rest`] then starts after the last
    /// row that had one: the page to retry.
    ///
    /// # Errors
    /// In place of the page after one whose last key does not fit the range's
    /// inline capacity (see [`Pager::advance`]); the pager stops there.
    pub fn next_page<S>(
        &mut self,
        open: impl FnOnce(&KeyRangeOf<B>) -> S,
    ) -> Option<Result<Vec<S::Item>, EncodeError>>
    where
        S: IntoIterator,
        S::Item: ScanRow,
    {
        if let Some(e) = self.pending.take() {
            self.stopped = true;
            return Some(Err(e));
        }
        if self.stopped {
            return None;
        }
        let rest = self.rest.clone()?;
        let (page, failed) = read_page(open(&rest), self.size);
        let last = page.iter().rev().find_map(ScanRow::scan_key);
        if page.is_empty() {
            // The page before was exactly full and nothing followed it.
            self.rest = None;
            return None;
        }
        if failed {
            // What is left to retry: everything after the last row read (or,
            // if that key does not fit, the whole page again: rows twice
            // rather than rows lost).
            let retry = last.map_or_else(|| Ok(rest.clone()), |last| rest.after(last));
            self.rest = Some(retry.unwrap_or(rest));
            self.stopped = true;
        } else if let Err(e) = self.advance(page.len(), last) {
            self.pending = Some(e);
        }
        Some(Ok(page))
    }

    /// Every page, as an iterator: each item is one page's rows, or the
    /// error that stopped the paging (after which it ends).
    pub fn over<S, F>(self, open: F) -> Pages<B, F>
    where
        F: FnMut(&KeyRangeOf<B>) -> S,
        S: IntoIterator,
        S::Item: ScanRow,
    {
        Pages { pager: self, open }
    }
}

/// The pages of a range: see [`Pager::over`].
#[derive(Debug, Clone)]
pub struct Pages<B: RangeBytes, F> {
    pager: Pager<B>,
    open: F,
}

impl<B: RangeBytes, F> Pages<B, F> {
    /// The pager: where the next page starts.
    pub fn pager(&self) -> &Pager<B> {
        &self.pager
    }
}

impl<B: RangeBytes, F, S> Iterator for Pages<B, F>
where
    F: FnMut(&KeyRangeOf<B>) -> S,
    S: IntoIterator,
    S::Item: ScanRow,
{
    type Item = Result<Vec<S::Item>, EncodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.pager.next_page(&mut self.open)
    }
}

/// At most `size` rows of `scan`, and whether the last is an error (a row
/// without a key), which ends the page early.
fn read_page<S>(scan: S, size: usize) -> (Vec<S::Item>, bool)
where
    S: IntoIterator,
    S::Item: ScanRow,
{
    let mut page = Vec::new();
    for row in scan.into_iter().take(size) {
        let failed = row.scan_key().is_none();
        page.push(row);
        if failed {
            return (page, true);
        }
    }
    (page, false)
}
