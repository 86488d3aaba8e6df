//! The byte table `Display` prints for a layout.

use core::fmt;

use super::{Layout, Order};

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad` so that table columns honour the width.
        f.pad(match self {
            Order::Ascending => "ascending",
            Order::Descending => "descending",
            Order::Unordered => "unordered",
        })
    }
}

/// Width of `a..b` printed as decimal.
fn span_len(a: usize, b: usize) -> usize {
    digits(a) + 2 + digits(b)
}

fn digits(mut n: usize) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

fn order_len(o: Order) -> usize {
    match o {
        Order::Ascending => 9,
        Order::Descending => 10,
        Order::Unordered => 9,
    }
}

impl fmt::Display for Layout<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.variable {
            writeln!(
                f,
                "{}: at least {} bytes (variable length; offsets shown for the shortest values)",
                self.name, self.width
            )?;
        } else {
            writeln!(f, "{}: {} bytes", self.name, self.width)?;
        }
        let segs = self.segments;
        let w_bytes = segs
            .iter()
            .map(|s| span_len(s.offset, s.offset + s.width))
            .fold(5, usize::max);
        let w_name = segs
            .iter()
            .map(|s| s.name.chars().count())
            .fold(5, usize::max);
        let w_codec = segs
            .iter()
            .map(|s| s.codec.chars().count())
            .fold(5, usize::max);
        let w_order = segs.iter().map(|s| order_len(s.order)).fold(5, usize::max);
        writeln!(
            f,
            "| {:w_bytes$} | {:w_name$} | {:w_codec$} | {:w_order$} |",
            "bytes", "field", "codec", "order"
        )?;
        writeln!(
            f,
            "|{:-<a$}|{:-<b$}|{:-<c$}|{:-<d$}|",
            "",
            "",
            "",
            "",
            a = w_bytes + 2,
            b = w_name + 2,
            c = w_codec + 2,
            d = w_order + 2
        )?;
        for s in segs {
            let pad = w_bytes - span_len(s.offset, s.offset + s.width);
            writeln!(
                f,
                "| {}..{}{:pad$} | {:w_name$} | {:w_codec$} | {:w_order$} |",
                s.offset,
                s.offset + s.width,
                "",
                s.name,
                s.codec,
                s.order
            )?;
        }
        Ok(())
    }
}
