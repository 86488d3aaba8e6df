//! Checks that each hand-written function gives rowkey's bytes: the same
//! key, the same decoded record or the same refusal, the same range bounds
//! byte for byte. The benchmarks run them over every record they time
//! before timing; `tests/baselines.rs` runs them on random values and edge
//! cases (type maxima, empty ranges, carries over 0xFF bytes).

use super::{fan_out, hand, Event, FileKey, Metric, Sample};
use rowkey::RowKey;

/// A range's bounds, owned, to compare.
type OwnedBounds = (Vec<u8>, Option<Vec<u8>>);

fn bounds(start: &[u8], end: Option<&[u8]>) -> OwnedBounds {
    (start.to_vec(), end.map(<[u8]>::to_vec))
}

/// W1: encode (or its refusal), and decode of the key.
pub fn file_key(r: &FileKey) {
    let key = r.encode().ok();
    assert_eq!(key, hand::file_encode(r), "encode {r:?}");
    if let Some(k) = key {
        assert_eq!(hand::file_decode(&k), Some(*r), "decode {r:?}");
        file_bytes(&k);
    }
}

/// W1 decode of any bytes: the same record, or both refuse.
pub fn file_bytes(k: &[u8]) {
    assert_eq!(
        hand::file_decode(k),
        FileKey::decode(k).ok(),
        "decode {k:02x?}"
    );
    if k.len() == 20 {
        let date = FileKey::view(k).expect("20 bytes").create_date().ok();
        assert_eq!(hand::file_create_date(k), date, "create_date of {k:02x?}");
    }
}

/// W2: encode, and decode of the key.
pub fn metric(r: &Metric) {
    let k = r.encode().expect("every metric encodes");
    assert_eq!(hand::metric_encode(r), k, "encode {r:?}");
    assert_eq!(hand::metric_ts(&k), Some(r.ts));
    metric_bytes(&k);
}

/// W2 decode of any bytes (a wrong salt bucket is refused).
pub fn metric_bytes(k: &[u8]) {
    assert_eq!(
        hand::metric_decode(k),
        Metric::decode(k).ok(),
        "decode {k:02x?}"
    );
}

/// W3: encode, and decode of the key.
pub fn event(r: &Event) {
    let k = r.encode().expect("every event encodes");
    assert_eq!(hand::event_encode(r), k, "encode {r:?}");
    event_bytes(&k);
}

/// W3 decode of any bytes.
pub fn event_bytes(k: &[u8]) {
    assert_eq!(
        hand::event_decode(k),
        Event::decode(k).ok(),
        "decode {k:02x?}"
    );
}

/// `FileKey::prefix_for_user_id`.
pub fn user_prefix(user_id: u32) {
    let rowkey = FileKey::prefix_for_user_id(user_id).ok();
    let hand = hand::file_user_prefix(user_id, bounds);
    assert_eq!(
        rowkey.map(|r| bounds(r.start(), r.end())),
        hand,
        "prefix_for_user_id({user_id})"
    );
}

/// `FileKey::prefix_for_user_id_create_date`.
pub fn user_date_prefix(user_id: u32, create_date: u32) {
    let rowkey = FileKey::prefix_for_user_id_create_date(user_id, create_date).ok();
    let hand = hand::file_user_date_prefix(user_id, create_date, bounds);
    assert_eq!(
        rowkey.map(|r| bounds(r.start(), r.end())),
        hand,
        "prefix_for_user_id_create_date({user_id}, {create_date})"
    );
}

/// `FileKey::range_for_user_id_create_date(user_id, from..=to)`.
pub fn date_range(user_id: u32, from: u32, to: u32) {
    let rowkey = FileKey::range_for_user_id_create_date(user_id, from..=to).ok();
    let hand = hand::file_date_range(user_id, from, to, bounds);
    assert_eq!(
        rowkey.map(|r| bounds(r.start(), r.end())),
        hand,
        "range_for_user_id_create_date({user_id}, {from}..={to})"
    );
}

/// `Sample::range_for_host_ts(host, from..=to)`.
pub fn sample_range(host: u32, from: u64, to: u64) {
    let rowkey = Sample::range_for_host_ts(host, from..=to).expect("every range fits");
    assert_eq!(
        bounds(rowkey.start(), rowkey.end()),
        hand::sample_range(host, from, to, bounds),
        "range_for_host_ts({host}, {from}..={to})"
    );
}

/// Every bucket's bounds, in the order a fan-out gives them.
fn collect(fan_out: impl FnOnce(&mut dyn FnMut(&[u8], Option<&[u8]>))) -> Vec<OwnedBounds> {
    let mut all = Vec::new();
    fan_out(&mut |start, end| all.push(bounds(start, end)));
    all
}

/// `Metric::prefix_for_metric(metric)`, 100 buckets.
pub fn metric_fan_out(metric: u32) {
    let rowkey = collect(|f| fan_out::metric(metric, f).expect("every range fits"));
    let hand = collect(|f| hand::metric_fan_out(metric, f));
    assert_eq!(rowkey.len(), 100);
    assert_eq!(rowkey, hand, "prefix_for_metric({metric})");
    let iter = collect(|f| fan_out::metric_iter(metric, f).expect("every range fits"));
    assert_eq!(
        iter, hand,
        "prefix_for_metric({metric}) through the iterator"
    );
}

/// `Sample::range_for_host(from..=to)`, 100 buckets.
pub fn host_fan_out(from: u32, to: u32) {
    let rowkey = collect(|f| fan_out::host(from, to, f).expect("every range fits"));
    let hand = collect(|f| hand::host_fan_out(from, to, f));
    assert_eq!(rowkey.len(), 100);
    assert_eq!(rowkey, hand, "range_for_host({from}..={to})");
}

/// `Log::range_for_ts(from..=to)`, 100 buckets.
pub fn time_fan_out(from: u64, to: u64) {
    let rowkey = collect(|f| fan_out::time(from, to, f).expect("every range fits"));
    let hand = collect(|f| hand::time_fan_out(from, to, f));
    assert_eq!(rowkey.len(), 100);
    assert_eq!(rowkey, hand, "range_for_ts({from}..={to})");
}

/// Every check, on every record and query the benchmarks time.
pub fn all(d: &super::Records) {
    for r in &d.files {
        file_key(r);
        user_prefix(r.user_id);
        user_date_prefix(r.user_id, r.create_date);
    }
    for r in &d.metrics {
        metric(r);
    }
    for r in &d.metrics[..super::FAN_OUTS] {
        metric_fan_out(r.metric);
    }
    for r in &d.events {
        event(r);
    }
    for q in &d.dates {
        date_range(q.pinned, q.from, q.to);
    }
    for q in &d.sample_times {
        sample_range(q.pinned, q.from, q.to);
    }
    for q in &d.hosts {
        host_fan_out(q.from, q.to);
    }
    for q in &d.log_times {
        time_fan_out(q.from, q.to);
    }
}
