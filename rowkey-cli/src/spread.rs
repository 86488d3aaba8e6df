//! `spread`: where a stream of keys lands. Counts per salt bucket, per value
//! of a field and per region, the busiest region's share, and a heat map of
//! key order against arrival order, in which a sequential key shows as the
//! bright diagonal of Bigtable's Key Visualizer.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rowkey_core::dynamic::Reading;
use rowkey_core::{Layout, Segment};

use crate::commands::split_points;
use crate::keytext::ruby;

/// What `spread` was asked for.
pub struct Options<'a> {
    /// Count per value of this field.
    pub by: Option<&'a str>,
    /// Regions: split the key space into this many (the salt's boundaries,
    /// or the first byte evenly).
    pub regions: u32,
    /// Explicit split points instead of `regions`.
    pub split_points: Option<Vec<Vec<u8>>>,
}

/// What `spread` found.
pub struct Report {
    /// Keys read.
    pub keys: usize,
    /// Keys per region, in key order.
    pub regions: Vec<usize>,
    /// The region boundaries.
    pub split_points: Vec<Vec<u8>>,
    /// Keys per salt bucket, for a salted key.
    pub buckets: Option<Vec<usize>>,
    /// Keys whose bucket could not be read.
    pub unreadable_buckets: usize,
    /// The field counted by, and keys per value.
    pub by: Option<(String, BTreeMap<String, usize>)>,
}

/// Counts `keys` (in arrival order) by bucket, region and field value.
pub fn count(layout: &Layout<'_>, keys: &[Vec<u8>], opt: &Options<'_>) -> Result<Report, String> {
    let points = match &opt.split_points {
        Some(p) => {
            let mut p = p.clone();
            p.sort();
            p.dedup();
            p
        }
        None => split_points(layout, Some(opt.regions))?,
    };
    let mut regions = vec![0usize; points.len() + 1];
    let mut buckets = layout.salt.map(|s| vec![0usize; s.salt.buckets() as usize]);
    let mut unreadable_buckets = 0;
    for key in keys {
        regions[points.partition_point(|p| p.as_slice() <= key.as_slice())] += 1;
        if let (Some(s), Some(b)) = (layout.salt, buckets.as_mut()) {
            match s.salt.read(key) {
                Ok(i) => b[i as usize] += 1,
                Err(_) => unreadable_buckets += 1,
            }
        }
    }
    let by = match opt.by {
        Some(name) => Some((name.to_owned(), by_value(layout, keys, name)?)),
        None => None,
    };
    Ok(Report {
        keys: keys.len(),
        regions,
        split_points: points,
        buckets,
        unreadable_buckets,
        by,
    })
}

fn by_value(
    layout: &Layout<'_>,
    keys: &[Vec<u8>],
    name: &str,
) -> Result<BTreeMap<String, usize>, String> {
    let seg: &Segment = layout.segment(name).ok_or_else(|| {
        let names: Vec<&str> = layout.segments.iter().map(|s| s.name).collect();
        format!(
            "unknown field `{name}`; {} has {}",
            layout.name,
            names.join(", ")
        )
    })?;
    let index = layout
        .segments
        .iter()
        .position(|s| std::ptr::eq(s, seg))
        .unwrap_or(0);
    let mut counts = BTreeMap::new();
    for key in keys {
        let e = rowkey_core::dynamic::explain(layout, key);
        let value = match &e.fields[index].reading {
            Reading::Value(v) => v.to_string(),
            _ => "(does not decode)".to_owned(),
        };
        *counts.entry(value).or_insert(0) += 1;
    }
    Ok(counts)
}

/// max / mean of counts; 0 without counts.
fn max_over_mean(counts: &[usize]) -> (usize, f64, f64) {
    let max = counts.iter().copied().max().unwrap_or(0);
    let mean = counts.iter().sum::<usize>() as f64 / counts.len().max(1) as f64;
    let ratio = if mean > 0.0 { max as f64 / mean } else { 0.0 };
    (max, mean, ratio)
}

impl Report {
    /// The report as text, one figure per line.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "keys             {}", self.keys);
        let (max, mean, ratio) = max_over_mean(&self.regions);
        let _ = writeln!(
            s,
            "regions          {} (split points: {})",
            self.regions.len(),
            self.split_points.len()
        );
        let _ = writeln!(
            s,
            "keys per region  max {max}, mean {mean:.1}, max/mean {ratio:.2}"
        );
        if let Some((i, &n)) = self
            .regions
            .iter()
            .enumerate()
            .max_by_key(|(i, n)| (**n, std::cmp::Reverse(*i)))
        {
            let start = if i == 0 {
                String::new()
            } else {
                ruby(&self.split_points[i - 1])
            };
            let end = self
                .split_points
                .get(i)
                .map(|p| ruby(p))
                .unwrap_or_default();
            let share = 100.0 * n as f64 / self.keys.max(1) as f64;
            let _ = writeln!(
                s,
                "busiest region   {i} [\"{start}\", \"{end}\"): {n} keys, {share:.1}% of all"
            );
        }
        if let Some(b) = &self.buckets {
            let (max, mean, ratio) = max_over_mean(b);
            let min = b.iter().copied().min().unwrap_or(0);
            let _ = writeln!(
                s,
                "keys per bucket  {} buckets: min {min}, max {max}, mean {mean:.1}, max/mean {ratio:.2}",
                b.len()
            );
            if self.unreadable_buckets > 0 {
                let _ = writeln!(
                    s,
                    "                 {} keys have no valid bucket",
                    self.unreadable_buckets
                );
            }
        }
        if let Some((name, counts)) = &self.by {
            let values: Vec<usize> = counts.values().copied().collect();
            let (max, mean, ratio) = max_over_mean(&values);
            let _ = writeln!(
                s,
                "keys per {name:<7} {} values: max {max}, mean {mean:.1}, max/mean {ratio:.2}",
                counts.len()
            );
            let mut top: Vec<(&String, &usize)> = counts.iter().collect();
            top.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
            for (v, n) in top.iter().take(10) {
                let _ = writeln!(s, "  {v}: {n}");
            }
        }
        s
    }
}

/// Heat-map rows: `cells` bands of equal size in key order (the keys' own
/// quantiles, as Key Visualizer draws), columns: `cells` slices of the
/// input in arrival order. Returns the SVG document.
pub fn heat_map(name: &str, keys: &[Vec<u8>], cells: usize) -> String {
    let rows = cells.clamp(1, keys.len().max(1));
    let cols = rows;
    let mut sorted: Vec<&[u8]> = keys.iter().map(Vec::as_slice).collect();
    sorted.sort_unstable();
    // Band `r` holds the keys from the r-th quantile up to the next.
    let bounds: Vec<&[u8]> = (1..rows).map(|r| sorted[r * sorted.len() / rows]).collect();
    let mut grid = vec![vec![0usize; cols]; rows];
    for (i, key) in keys.iter().enumerate() {
        let row = bounds.partition_point(|b| *b <= key.as_slice());
        let col = i * cols / keys.len().max(1);
        grid[row][col] += 1;
    }
    svg(name, keys.len(), &grid)
}

/// A color from dark (0) to bright yellow (1).
fn color(t: f64) -> String {
    let stops = [
        (11.0, 11.0, 43.0),
        (208.0, 49.0, 95.0),
        (255.0, 225.0, 77.0),
    ];
    let x = t.clamp(0.0, 1.0) * 2.0;
    let i = (x.floor() as usize).min(1);
    let f = x - i as f64;
    let (a, b) = (stops[i], stops[i + 1]);
    let mix = |p: f64, q: f64| (p + (q - p) * f).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

fn svg(name: &str, keys: usize, grid: &[Vec<usize>]) -> String {
    let (rows, cols) = (grid.len(), grid.first().map_or(0, Vec::len));
    let (left, top, size) = (60.0, 40.0, 400.0);
    let (cw, ch) = (size / cols.max(1) as f64, size / rows.max(1) as f64);
    let max = grid.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#,
        w = left + size + 20.0,
        h = top + size + 40.0
    );
    let title = xml_escape(&format!(
        "{name}: {keys} keys, key order (rows) against arrival order (columns)"
    ));
    let _ = writeln!(s, r#"<title>{title}</title>"#);
    let label = xml_escape(&format!("{name}, {keys} keys"));
    let _ = writeln!(s, r#"<text x="{left}" y="20">{label}</text>"#);
    let _ = writeln!(
        s,
        r##"<rect x="{left}" y="{top}" width="{size}" height="{size}" fill="#0b0b2b"/>"##
    );
    for (r, row) in grid.iter().enumerate() {
        for (c, &n) in row.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let _ = writeln!(
                s,
                r#"<rect x="{:.2}" y="{:.2}" width="{cw:.2}" height="{ch:.2}" fill="{}"><title>{n}</title></rect>"#,
                left + c as f64 * cw,
                top + r as f64 * ch,
                color(n as f64 / max)
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="{}">arrival order →</text>"#,
        top + size + 20.0
    );
    let _ = writeln!(
        s,
        r#"<text x="20" y="{top}" transform="rotate(90 20 {top})">key order →</text>"#
    );
    s.push_str("</svg>\n");
    s
}

fn xml_escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequential_keys_draw_the_diagonal() {
        let keys: Vec<Vec<u8>> = (0u32..1000).map(|i| i.to_be_bytes().to_vec()).collect();
        let svg = heat_map("Seq", &keys, 10);
        // One lit cell per column, on the diagonal, each with a tenth of the keys.
        assert_eq!(svg.matches("<title>100</title>").count(), 10);
        assert!(svg.contains(r#"x="60.00" y="40.00""#));
        assert!(svg.contains(r#"x="420.00" y="400.00""#));
    }

    #[test]
    fn colors_run_dark_to_bright() {
        assert_eq!(color(0.0), "#0b0b2b");
        assert_eq!(color(1.0), "#ffe14d");
    }
}
