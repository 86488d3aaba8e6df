//! The heat map of key order against arrival order, as Bigtable's Key
//! Visualizer draws it: rows are bands of equal key count in key order,
//! columns slices of the input in arrival order, and a sequential key
//! shows as the bright diagonal.
//!
//! Memory is bounded whatever the input's length: the map is drawn from a
//! uniform sample of at most [`SAMPLE`] keys (reservoir sampling, Li's
//! algorithm L, with a fixed seed so a run repeats). Up to that many keys
//! every key is drawn and the counts are exact; beyond, each cell's count
//! is its share of the sample times the keys read, and the picture says so.

use std::fmt::Write as _;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The most keys the heat map keeps.
pub const SAMPLE: usize = 1 << 18;

/// A uniform sample of the keys read, each with its arrival position.
pub struct Sample {
    keys: Vec<(u64, Box<[u8]>)>,
    cap: usize,
    seen: u64,
    /// The position of the next key to take once the sample is full.
    next: u64,
    w: f64,
    rng: SmallRng,
}

impl Sample {
    /// An empty sample of at most `cap` keys.
    pub fn new(cap: usize) -> Self {
        Sample {
            keys: Vec::new(),
            cap: cap.max(1),
            seen: 0,
            next: 0,
            w: 1.0,
            rng: SmallRng::seed_from_u64(0x726f_776b_6579),
        }
    }

    /// Offers the next key in arrival order.
    pub fn add(&mut self, key: &[u8]) {
        let at = self.seen;
        self.seen += 1;
        if self.keys.len() < self.cap {
            self.keys.push((at, key.into()));
            if self.keys.len() == self.cap {
                self.w = (self.uniform().ln() / self.cap as f64).exp();
                self.skip();
            }
        } else if at == self.next {
            let slot = self.rng.random_range(0..self.cap);
            self.keys[slot] = (at, key.into());
            self.w *= (self.uniform().ln() / self.cap as f64).exp();
            self.skip();
        }
    }

    /// Algorithm L: how many keys to pass over before the next one taken.
    fn skip(&mut self) {
        let gap = (self.uniform().ln() / (1.0 - self.w).ln()).floor();
        self.next = self.seen
            + if gap.is_finite() {
                gap as u64
            } else {
                u64::MAX / 2
            };
    }

    /// In `(0, 1]`, so its logarithm is finite.
    fn uniform(&mut self) -> f64 {
        1.0 - self.rng.random::<f64>()
    }

    /// Keys offered.
    pub fn seen(&self) -> u64 {
        self.seen
    }

    /// Whether every key offered is in the sample.
    pub fn is_exact(&self) -> bool {
        self.seen as usize == self.keys.len()
    }

    /// The grid of `cells` bands by `cells` slices.
    pub fn grid(&self, cells: usize) -> Grid {
        let mut sorted: Vec<&[u8]> = self.keys.iter().map(|(_, k)| &k[..]).collect();
        sorted.sort_unstable();
        let rows = cells.clamp(1, sorted.len().max(1));
        // Band `r` holds the keys from the r-th quantile up to the next.
        let starts: Vec<Vec<u8>> = (0..rows)
            .map(|r| {
                sorted
                    .get(r * sorted.len() / rows)
                    .map_or_else(Vec::new, |k| k.to_vec())
            })
            .collect();
        let last = sorted.last().map_or_else(Vec::new, |k| k.to_vec());
        let cols = cells.max(1);
        let mut counts = vec![vec![0f64; cols]; rows];
        let scale = if self.keys.is_empty() {
            0.0
        } else {
            self.seen as f64 / self.keys.len() as f64
        };
        let seen = self.seen.max(1);
        for (at, key) in &self.keys {
            let row = starts[1..].partition_point(|b| b.as_slice() <= &key[..]);
            let col = (u128::from(*at) * cols as u128 / u128::from(seen)) as usize;
            counts[row][col] += scale;
        }
        Grid {
            counts,
            starts,
            last,
            keys: self.seen,
            exact: self.is_exact(),
            sample: self.keys.len(),
        }
    }
}

/// Keys per band and time slice.
#[derive(Debug, Clone)]
pub struct Grid {
    /// `counts[row][column]`: keys (estimated, when sampled).
    pub counts: Vec<Vec<f64>>,
    /// The first key of each band.
    pub starts: Vec<Vec<u8>>,
    /// The last key of the last band.
    pub last: Vec<u8>,
    /// Keys read.
    pub keys: u64,
    /// Whether the counts are exact (every key drawn).
    pub exact: bool,
    /// Keys drawn.
    pub sample: usize,
}

impl Grid {
    /// The hottest cells, busiest first: (band, slice, keys).
    pub fn hottest(&self, n: usize) -> Vec<(usize, usize, f64)> {
        let mut cells: Vec<(usize, usize, f64)> = self
            .counts
            .iter()
            .enumerate()
            .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &k)| (r, c, k)))
            .filter(|&(_, _, k)| k > 0.0)
            .collect();
        cells.sort_by(|a, b| b.2.total_cmp(&a.2).then((a.1, a.0).cmp(&(b.1, b.0))));
        cells.truncate(n);
        cells
    }

    /// Keys in arrival slice `c`.
    pub fn column_total(&self, c: usize) -> f64 {
        self.counts.iter().map(|r| r[c]).sum()
    }

    /// The arrival position (from 1) where column `c` starts.
    pub fn column_start(&self, c: usize) -> u64 {
        let cols = self.counts.first().map_or(1, Vec::len) as u128;
        (u128::from(self.keys) * c as u128).div_ceil(cols) as u64 + 1
    }
}

/// What the picture says beside the grid.
pub struct Labels<'a> {
    /// The title: the key type and what was read.
    pub title: &'a str,
    /// Each band's first key, decoded (its leading fields).
    pub band_starts: &'a [String],
    /// The last key, decoded.
    pub last: &'a str,
}

/// A colour from dark (0) to bright yellow (1).
pub fn color(t: f64) -> String {
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

/// Where things go, in SVG units (the picture is 1000 wide).
const LEFT: f64 = 290.0;
const TOP: f64 = 64.0;
const SIZE: f64 = 480.0;
const SCALE_X: f64 = LEFT + SIZE + 30.0;
const WIDTH: f64 = 1000.0;

/// `n` with thousands separators.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The heat map as an SVG document: no scripts, every number drawn as text.
pub fn svg(grid: &Grid, labels: &Labels<'_>) -> String {
    let rows = grid.counts.len();
    let cols = grid.counts.first().map_or(1, Vec::len);
    let (cw, ch) = (SIZE / cols as f64, SIZE / rows as f64);
    let max = grid.counts.iter().flatten().copied().fold(0.0, f64::max);
    let busiest = grid.hottest(5);
    let height = TOP + SIZE + 90.0 + 20.0 * busiest.len() as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Verdana, sans-serif" font-size="13">"#
    );
    let _ = writeln!(
        s,
        r##"<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(s, "<title>{}</title>", esc(labels.title));
    let _ = writeln!(
        s,
        r#"<text x="20" y="26" font-size="17" font-weight="bold">{}</text>"#,
        esc(labels.title)
    );
    let sub = if grid.exact {
        format!("every key drawn; rows: {rows} bands of equal key count in key order, columns: {cols} slices in arrival order")
    } else {
        format!(
            "counts estimated from a uniform sample of {} of {} keys; rows: {rows} bands in key order, columns: {cols} slices in arrival order",
            thousands(grid.sample as u64),
            thousands(grid.keys)
        )
    };
    let _ = writeln!(
        s,
        r##"<text x="20" y="46" fill="#444444">{}</text>"##,
        esc(&sub)
    );
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{SIZE}" height="{SIZE}" fill="{}"/>"##,
        color(0.0)
    );
    cells(&mut s, grid, cw, ch, max);
    band_labels(&mut s, labels, rows, ch);
    arrival_axis(&mut s, grid, cols, cw);
    color_scale(&mut s, max, grid.exact);
    busiest_list(&mut s, grid, labels, &busiest);
    s.push_str("</svg>\n");
    s
}

fn cells(s: &mut String, grid: &Grid, cw: f64, ch: f64, max: f64) {
    for (r, row) in grid.counts.iter().enumerate() {
        for (c, &n) in row.iter().enumerate() {
            if n <= 0.0 {
                continue;
            }
            let _ = writeln!(
                s,
                r#"<rect x="{:.2}" y="{:.2}" width="{cw:.2}" height="{ch:.2}" fill="{}"><title>{}</title></rect>"#,
                LEFT + c as f64 * cw,
                TOP + r as f64 * ch,
                color(n / max),
                thousands(n.round() as u64)
            );
        }
    }
}

/// The decoded first key of every band that has room for a label.
fn band_labels(s: &mut String, labels: &Labels<'_>, rows: usize, ch: f64) {
    let every = (16.0 / ch).ceil().max(1.0) as usize;
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" font-size="13" font-weight="bold" text-anchor="end">key (first in band)</text>"#,
        LEFT - 8.0,
        TOP - 6.0
    );
    for r in (0..rows).step_by(every) {
        let y = TOP + r as f64 * ch;
        let text = labels.band_starts.get(r).map_or("", String::as_str);
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{y:.2}" x2="{LEFT}" y2="{y:.2}" stroke="#888888"/><text x="{}" y="{:.2}" font-size="11" text-anchor="end" font-family="DejaVu Sans Mono, monospace">{}</text>"##,
            LEFT - 5.0,
            LEFT - 8.0,
            y + 10.0,
            esc(&clip(text, 40))
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" font-size="11" text-anchor="end" font-family="DejaVu Sans Mono, monospace">{}</text>"#,
        LEFT - 8.0,
        TOP + SIZE + 4.0,
        esc(&clip(&format!("last: {}", labels.last), 40))
    );
}

fn arrival_axis(s: &mut String, grid: &Grid, cols: usize, cw: f64) {
    let ticks = cols.min(5);
    for t in 0..=ticks {
        let c = t * cols / ticks.max(1);
        let x = LEFT + c as f64 * cw;
        let at = if c == cols {
            grid.keys
        } else {
            grid.column_start(c)
        };
        let anchor = match t {
            0 => "start",
            t if t == ticks => "end",
            _ => "middle",
        };
        let _ = writeln!(
            s,
            r##"<line x1="{x:.2}" y1="{}" x2="{x:.2}" y2="{}" stroke="#888888"/><text x="{x:.2}" y="{}" font-size="11" text-anchor="{anchor}">{}</text>"##,
            TOP + SIZE,
            TOP + SIZE + 5.0,
            TOP + SIZE + 18.0,
            thousands(at)
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">arrival order: key number in the input →</text>"#,
        LEFT + SIZE / 2.0,
        TOP + SIZE + 36.0
    );
}

fn color_scale(s: &mut String, max: f64, exact: bool) {
    let steps = 50;
    let h = SIZE / steps as f64;
    for i in 0..steps {
        let t = 1.0 - (i as f64 + 0.5) / steps as f64;
        let _ = writeln!(
            s,
            r#"<rect x="{SCALE_X}" y="{:.2}" width="18" height="{:.2}" fill="{}"/>"#,
            TOP + i as f64 * h,
            h + 0.5,
            color(t)
        );
    }
    let unit = if exact {
        "keys per cell"
    } else {
        "keys per cell (est.)"
    };
    let _ = writeln!(
        s,
        r#"<text x="{SCALE_X}" y="{}" font-size="12">{unit}</text>"#,
        TOP - 6.0
    );
    for i in 0..=4 {
        let v = max * (4 - i) as f64 / 4.0;
        let y = TOP + SIZE * i as f64 / 4.0;
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{y:.2}" x2="{}" y2="{y:.2}" stroke="#333333"/><text x="{}" y="{:.2}" font-size="12">{}</text>"##,
            SCALE_X + 18.0,
            SCALE_X + 23.0,
            SCALE_X + 26.0,
            y + 4.0,
            thousands(v.round() as u64)
        );
    }
}

/// The hottest cells, named: the key range, the arrival range, and the
/// share of that slice's keys the range took (even spread: 1 / rows).
fn busiest_list(s: &mut String, grid: &Grid, labels: &Labels<'_>, hottest: &[(usize, usize, f64)]) {
    let y0 = TOP + SIZE + 64.0;
    let even = 100.0 / grid.counts.len() as f64;
    let head = format!("busiest key ranges (share of the keys of their arrival slice; an even spread is {even:.1}%)");
    let _ = writeln!(
        s,
        r#"<text x="20" y="{y0}" font-weight="bold">{}</text>"#,
        esc(&head)
    );
    let cols = grid.counts.first().map_or(1, Vec::len);
    for (i, &(band, col, n)) in hottest.iter().enumerate() {
        let from = labels.band_starts.get(band).map_or("", String::as_str);
        let to = labels
            .band_starts
            .get(band + 1)
            .map_or(labels.last, String::as_str);
        let last = if col + 1 == cols {
            grid.keys
        } else {
            grid.column_start(col + 1) - 1
        };
        let est = if grid.exact { "" } else { "~" };
        let line = format!(
            "{}. {est}{} keys, {:.1}% of keys {}..{}: {} .. {}",
            i + 1,
            thousands(n.round() as u64),
            100.0 * n / grid.column_total(col).max(1.0),
            thousands(grid.column_start(col)),
            thousands(last),
            clip(from, 36),
            clip(to, 36)
        );
        let _ = writeln!(
            s,
            r#"<text x="20" y="{}" font-size="12" font-family="DejaVu Sans Mono, monospace">{}</text>"#,
            y0 + 20.0 * (i + 1) as f64,
            esc(&line)
        );
    }
}

/// At most `n` characters, with `…` where cut.
fn clip(t: &str, n: usize) -> String {
    if t.chars().count() <= n {
        return t.to_owned();
    }
    let mut c: String = t.chars().take(n - 1).collect();
    c.push('…');
    c
}

fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_inputs_are_exact_and_sequential_keys_draw_the_diagonal() {
        let mut s = Sample::new(SAMPLE);
        for i in 0u32..1000 {
            s.add(&i.to_be_bytes());
        }
        let g = s.grid(10);
        assert!(g.exact);
        for (r, row) in g.counts.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                assert_eq!(n, if r == c { 100.0 } else { 0.0 });
            }
        }
        assert_eq!(g.column_start(1), 101);
    }

    #[test]
    fn a_sample_stays_bounded_and_uniform() {
        let mut s = Sample::new(1000);
        for i in 0u32..100_000 {
            s.add(&i.to_be_bytes());
        }
        assert!(!s.is_exact());
        let g = s.grid(4);
        let total: f64 = g.counts.iter().flatten().sum();
        assert!((total - 100_000.0).abs() < 1e-6);
        // Each arrival quarter holds a quarter of the sample, within noise.
        for c in 0..4 {
            let col: f64 = g.counts.iter().map(|r| r[c]).sum();
            assert!((20_000.0..30_000.0).contains(&col), "{col}");
        }
    }

    #[test]
    fn colors_and_numbers() {
        assert_eq!(color(0.0), "#0b0b2b");
        assert_eq!(color(1.0), "#ffe14d");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(12), "12");
    }
}
