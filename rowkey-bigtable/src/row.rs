//! Rows and cells, as written and as read back.

/// One cell: column family, qualifier, value (the newest version; timestamps are not kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Column family name.
    pub family: String,
    /// Column qualifier.
    pub qualifier: Vec<u8>,
    /// Cell value.
    pub value: Vec<u8>,
}

/// A row to write, or a row read back: its key and cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The row key (an encoded `RowKey`, typically).
    pub key: Vec<u8>,
    /// The row's cells.
    pub cells: Vec<Cell>,
}

impl Row {
    /// A row with no cells yet.
    pub fn new(key: impl Into<Vec<u8>>) -> Self {
        Row {
            key: key.into(),
            cells: Vec::new(),
        }
    }

    /// Adds a cell.
    pub fn with_cell(
        mut self,
        family: &str,
        qualifier: impl Into<Vec<u8>>,
        value: impl Into<Vec<u8>>,
    ) -> Self {
        self.cells.push(Cell {
            family: family.to_owned(),
            qualifier: qualifier.into(),
            value: value.into(),
        });
        self
    }

    /// The value of the cell `family:qualifier`, if the row has it.
    pub fn value(&self, family: &str, qualifier: &[u8]) -> Option<&[u8]> {
        self.cells
            .iter()
            .find(|c| c.family == family && c.qualifier == qualifier)
            .map(|c| c.value.as_slice())
    }
}

/// A row's key is what merges and pages order it by.
impl rowkey::ScanRow for Row {
    fn scan_key(&self) -> Option<&[u8]> {
        Some(&self.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_value_finds_cell() {
        let row = Row::new(b"k".to_vec()).with_cell("d", b"q".to_vec(), b"v".to_vec());
        assert_eq!(row.value("d", b"q"), Some(&b"v"[..]));
        assert_eq!(row.value("d", b"x"), None);
    }
}
