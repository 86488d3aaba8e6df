//! Check: the rules across fields, one function each with its reason. Every
//! rule reads the lowered model, reports through the `Ctxt` and goes on, so
//! one build shows every mistake. Rules that need a nested key's width,
//! which only the compiler knows, are left to `expand/checks.rs`.

use crate::ast::{Input, Variant};
use crate::attr::At;
use crate::codec::Codec;
use crate::ctxt::{Ctxt, Scope};
use crate::messages as msg;
use crate::model::{Draft, KeyFormat, SaltFormat, SaltHashAttr, Size};
use crate::symbol::{unraw, KEY_MAX_WIDTH, KEY_SALT, KEY_VIEW, KEY_WIDTH};
use rowkey_format::names::{self, Helper};

pub fn key(cx: &Ctxt, input: &Input<'_>, key: &Draft<'_>) {
    cx.scope(Scope::Key);
    salt_before_variable(cx, input, key);
    modulo_on_unsigned(cx, key);
    custom_hash_adjacent(cx, key);
    since_on_option(cx, key);
    since_version(cx, key);
    since_trailing(cx, key);
    since_increasing(cx, key);
    since_ascending_unsalted(cx, key);
    at_offsets(cx, key);
    declared_width(cx, key);
    within_max_width(cx, input, key);
    helper_names_unique(cx, key);
    view_fits(cx, key);
    one_java_format(cx, input);
    hbase_struct_ordered(cx, input, key);
    phoenix_without_view(cx, input);
}

/// A key is written in one Java format: Phoenix's primary key or HBase's
/// `Struct`, whose bytes differ for every field.
fn one_java_format(cx: &Ctxt, input: &Input<'_>) {
    if let (Some(_), Some(s)) = (input.attrs.phoenix_key, input.attrs.hbase_struct) {
        cx.error_at(s, msg::PHOENIX_HBASE_STRUCT);
    }
}

/// HBase's `Struct` is a sequence of `OrderedBytes` values, each with its
/// header: a field in another codec would be bytes Java cannot read.
fn hbase_struct_ordered(cx: &Ctxt, input: &Input<'_>, key: &Draft<'_>) {
    // A Phoenix key with `hbase_struct` was reported once, above.
    if key.format != KeyFormat::HbaseStruct {
        return;
    }
    for (f, a) in key.fields.iter().zip(input.fields()) {
        // A field without a codec was reported already.
        if f.codec.as_ref().is_some_and(|c| !c.ordered()) {
            cx.error_spanned_by(a.ty, msg::hbase_struct_not_ordered(&unraw(f.ident)));
        }
    }
}

/// A Phoenix key's columns have no view accessors: its view would read
/// rowkey's own codecs.
fn phoenix_without_view(cx: &Ctxt, input: &Input<'_>) {
    if let (Some(_), Some(view)) = (input.attrs.phoenix_key, &input.attrs.view) {
        cx.error_at(view.span, msg::PHOENIX_VIEW);
    }
}

/// The view reads each field at a fixed offset from bytes it borrows as
/// plain arrays: a fixed key without lifetimes.
fn view_fits(cx: &Ctxt, key: &Draft<'_>) {
    let Some(view) = key.view else { return };
    if let Some(v) = first_variable(key) {
        cx.error_at(view.span, msg::view_variable(&unraw(key.fields[v].ident)));
    } else if key.generics.lifetimes().next().is_some() {
        cx.error_at(view.span, msg::VIEW_LIFETIMES);
    }
}

/// The first variable-length field, if any.
fn first_variable(key: &Draft<'_>) -> Option<usize> {
    key.fields.iter().position(|f| f.variable())
}

/// The bucket hashes the salted fields' bytes where they stand in the key,
/// so they need a fixed place: before any variable-length field.
fn salt_before_variable(cx: &Ctxt, input: &Input<'_>, key: &Draft<'_>) {
    let (Some(v), Some(s)) = (first_variable(key), key.salt.as_ref()) else {
        return;
    };
    if s.format == SaltFormat::Phoenix {
        return;
    }
    let fields = input.fields();
    let name = |i: usize| unraw(key.fields[i].ident);
    for &i in s.fields.iter().filter(|&&i| i >= v) {
        let span = fields[i]
            .attrs
            .salt
            .as_ref()
            .map_or_else(|| key.fields[i].ident.span(), |s| s.span);
        if i == v {
            cx.error_at(span, msg::salted_variable(&name(i)));
        } else {
            cx.error_at(span, msg::salted_after_variable(&name(i), &name(v)));
        }
    }
}

/// `hash = modulo` reads the salted bytes as one big-endian unsigned integer,
/// which is the field's value only for unsigned integers written as they are.
fn modulo_on_unsigned(cx: &Ctxt, key: &Draft<'_>) {
    let Some(salt) = &key.salt else { return };
    let Some((SaltHashAttr::Modulo, span)) = &salt.hash else {
        return;
    };
    for &i in &salt.fields {
        let f = &key.fields[i];
        let unsigned = match &f.codec {
            Some(Codec::Int(t)) | Some(Codec::Narrow { from: t, .. }) => !t.signed(),
            // Unknown: reported where it was written.
            None => continue,
            Some(_) => false,
        };
        if !unsigned || f.descending || f.mirror || f.optional {
            let ty = crate::lower::ty::text(f.ty);
            cx.error_at(*span, msg::modulo_needs_unsigned(&unraw(f.ident), &ty));
        }
    }
}

/// A user hash is called on one slice: the salted fields must be adjacent.
fn custom_hash_adjacent(cx: &Ctxt, key: &Draft<'_>) {
    let Some(salt) = &key.salt else { return };
    let Some((SaltHashAttr::Custom(_), span)) = &salt.hash else {
        return;
    };
    for pair in salt.fields.windows(2) {
        if pair[1] != pair[0] + 1 {
            let (a, b) = (key.fields[pair[1]].ident, key.fields[pair[0]].ident);
            cx.error_at(*span, msg::custom_hash_apart(&unraw(a), &unraw(b)));
        }
    }
}

/// Old keys lack an added field: only an `Option` can read them (as `None`).
fn since_on_option(cx: &Ctxt, key: &Draft<'_>) {
    for f in &key.fields {
        let Some(since) = f.since else { continue };
        if !matches!(
            crate::lower::ty::classify(f.ty),
            crate::lower::ty::TyClass::Option(_)
        ) {
            let ty = crate::lower::ty::text(f.ty);
            cx.error_at(since.span, msg::since_not_option(&unraw(f.ident), &ty));
        }
    }
}

/// A version is a number from 1; 0 means "in every key" in the layout.
fn since_version(cx: &Ctxt, key: &Draft<'_>) {
    for f in &key.fields {
        let Some(since) = f.since else { continue };
        if since.value == 0 || since.value > u64::from(u32::MAX) {
            cx.error_at(since.span, msg::since_out_of_range(since.value, u32::MAX));
        }
    }
}

/// Old keys end where the added fields begin, so those come last.
fn since_trailing(cx: &Ctxt, key: &Draft<'_>) {
    let Some(later) = key.fields.iter().rposition(|f| f.since.is_none()) else {
        return;
    };
    for f in &key.fields[..later] {
        if let Some(since) = f.since {
            let message = msg::since_not_trailing(&unraw(f.ident), &unraw(key.fields[later].ident));
            cx.error_at(since.span, message);
        }
    }
}

/// Fields are added at the end, so their versions never go down.
fn since_increasing(cx: &Ctxt, key: &Draft<'_>) {
    let mut newest: Option<(u64, &proc_macro2::Ident)> = None;
    for f in &key.fields {
        let Some(since) = f.since else { continue };
        match newest {
            Some((v, earlier)) if since.value < v => {
                let message =
                    msg::since_decreases(&unraw(f.ident), since.value, &unraw(earlier), v);
                cx.error_at(since.span, message);
            }
            _ => newest = Some((since.value, f.ident)),
        }
    }
}

/// An absent field sorts first and hashes nothing: it can be neither reversed
/// (`None` would sort last) nor salted.
fn since_ascending_unsalted(cx: &Ctxt, key: &Draft<'_>) {
    let salted = |i: usize| {
        key.salt
            .as_ref()
            .is_some_and(|s| s.format != SaltFormat::Phoenix && s.fields.contains(&i))
    };
    for (i, f) in key.fields.iter().enumerate() {
        let Some(since) = f.since else { continue };
        if f.descending {
            cx.error_at(since.span, msg::since_reversed(&unraw(f.ident)));
        }
        if salted(i) {
            cx.error_at(since.span, msg::since_salted(&unraw(f.ident)));
        }
    }
}

/// `#[at(N)]` pins the format: the field must start at byte N, which only a
/// field before any variable-length one has.
fn at_offsets(cx: &Ctxt, key: &Draft<'_>) {
    let first_variable = first_variable(key);
    for (i, f) in key.fields.iter().enumerate() {
        let Some(at) = f.at else { continue };
        if i > key.layout_known {
            continue;
        }
        if let Some(v) = first_variable.filter(|&v| i > v) {
            let variable = unraw(key.fields[v].ident);
            cx.error_at(
                at.span,
                msg::at_after_variable(&unraw(f.ident), &variable, at.value),
            );
            continue;
        }
        match f.offset.known() {
            Some(o) if o != at.value => {
                let layout = breakdown(key);
                cx.error_at(
                    at.span,
                    msg::at_mismatch(&unraw(f.ident), o, at.value, &layout),
                );
            }
            // Equal, or a nested key's width: a trait bound in the output.
            _ => {}
        }
    }
}

/// `width = N` asserts the computed width, which a variable-length key has not.
fn declared_width(cx: &Ctxt, key: &Draft<'_>) {
    let Some(declared) = key.declared_width else {
        return;
    };
    if key.layout_known < key.fields.len() {
        return;
    }
    if let Some(v) = first_variable(key) {
        let message = msg::width_on_variable(&unraw(key.fields[v].ident), declared.value);
        cx.error_at(declared.span, message);
        return;
    }
    if let Some(i) = key.fields.iter().position(|f| f.since.is_some()) {
        return declared_width_with_since(cx, key, declared, i);
    }
    match key.width.known() {
        Some(w) if w != declared.value => {
            let message = msg::width_mismatch(declared.value, w, &breakdown(key));
            cx.error_at(declared.span, message);
        }
        // Equal, or a nested key's width: a trait bound in the output.
        _ => {}
    }
}

/// With added fields, `width = N` is the width with all of them present, so
/// that the declaration allows for them.
fn declared_width_with_since(cx: &Ctxt, key: &Draft<'_>, declared: At<usize>, first: usize) {
    let Some(last) = key.fields.last() else {
        return;
    };
    let full = last.width.as_ref().map(|w| last.offset.plus(w));
    let (Some(full), Some(shortest)) = (full.and_then(|f| f.known()), key.width.known()) else {
        return;
    };
    if full != declared.value {
        let name = unraw(key.fields[first].ident);
        let message = msg::width_without_since(declared.value, shortest, full, &name);
        cx.error_at(declared.span, message);
    }
}

/// A key above `max_width` could not be stored; blame the field that crosses it.
fn within_max_width(cx: &Ctxt, input: &Input<'_>, key: &Draft<'_>) {
    if key.layout_known < key.fields.len() {
        return;
    }
    let Some(w) = key.width.known().filter(|&w| w > key.max_width) else {
        return;
    };
    let declared = input.attrs.max_width.is_some();
    let message = msg::key_over_max(
        w,
        &msg::limit(declared, key.max_width),
        &breakdown(key),
        msg::raise(declared),
    );
    let over = key.fields.iter().find(|f| {
        let end = f.width.as_ref().map(|w| f.offset.plus(w));
        end.and_then(|e| e.known())
            .is_some_and(|end| end > key.max_width)
    });
    match over {
        Some(f) => cx.error_spanned_by(f.ty, message),
        None => cx.error_spanned_by(key.ident, message),
    }
}

/// `salt 0..1 (1), user_id 1..7 (6), ...`: the computed layout, for messages.
/// Fields after the first unknown width are left out; that one shows its start.
fn breakdown(key: &Draft<'_>) -> String {
    let mut parts = Vec::new();
    if let Some(s) = &key.salt {
        parts.push(format!("salt 0..{} ({})", s.width, s.width));
    }
    for (i, f) in key.fields.iter().enumerate() {
        let name = unraw(f.ident);
        let (true, Some(w)) = (i < key.layout_known, &f.width) else {
            parts.push(format!("{name} {}..", size_text(&f.offset)));
            break;
        };
        let end = f.offset.plus(w);
        match (f.offset.known(), end.known()) {
            (Some(start), Some(end)) => {
                parts.push(format!("{name} {start}..{end} ({})", end - start))
            }
            // After a nested key, offsets are sums; the widths tell the layout.
            _ => parts.push(format!("{name} ({})", size_text(w))),
        }
    }
    parts.join(", ")
}

/// `6`, `2 + MainKey::WIDTH`: a size, for messages.
fn size_text(size: &Size) -> String {
    let mut parts = Vec::new();
    if size.bytes > 0 || size.keys.is_empty() {
        parts.push(size.bytes.to_string());
    }
    parts.extend(
        size.keys
            .iter()
            .map(|k| format!("{}::WIDTH", crate::lower::ty::text(k).replace(" :: ", "::"))),
    );
    parts.join(" + ")
}

/// Two scan helpers with one name would not compile: a nested key `a`'s
/// `prefix_for_a_within` is also the prefix helper of `a` and a next field
/// named `within`. Blame the field whose name completes the second one.
fn helper_names_unique(cx: &Ctxt, key: &Draft<'_>) {
    let mut made: Vec<(String, usize)> = Vec::new();
    for k in 1..=key.fields.len() {
        let last = &key.fields[k - 1];
        let nested = matches!(last.codec, Some(Codec::Nested)) && !last.optional && !last.mirror;
        let helpers = [Some(Helper::Prefix), nested.then_some(Helper::Within)];
        for helper in helpers.into_iter().flatten() {
            let name = helper_name(helper, &key.fields[..k]);
            match made.iter().find(|(n, _)| *n == name) {
                Some(&(_, first)) => {
                    let (field, first) = (key.fields[k - 1].ident, key.fields[first].ident);
                    let message = msg::helper_name_twice(&name, &unraw(first), &unraw(field));
                    cx.error_at(field.span(), message);
                }
                None => made.push((name, k - 1)),
            }
        }
    }
}

/// A helper's name over `fields`, as the runtime spells it.
fn helper_name(
    helper: Helper,
    fields: &[crate::model::Field<'_, Option<Codec>, Option<Size>>],
) -> String {
    let mut name = String::new();
    let idents: Vec<String> = fields.iter().map(|f| unraw(f.ident)).collect();
    // Writing to a `String` cannot fail.
    let _ = names::write(&mut name, helper, idents.iter().map(String::as_str));
    name
}

/// The rules of an enum of key types.
pub fn record(cx: &Ctxt, input: &Input<'_>, variants: &[Variant<'_>]) {
    cx.scope(Scope::Key);
    struct_keys_on_enum(cx, input);
    tags_on_every_variant(cx, variants);
    tags_prefix_free(cx, variants);
}

/// `width`, `max_width`, the salt and the view describe one key's layout;
/// an enum's members each have their own.
fn struct_keys_on_enum(cx: &Ctxt, input: &Input<'_>) {
    let a = &input.attrs;
    let spans = [
        a.width.map(|w| (KEY_WIDTH, w.span)),
        a.max_width.map(|w| (KEY_MAX_WIDTH, w.span)),
        a.phoenix.map(|s| (KEY_SALT, s.span)),
        a.view.as_ref().map(|v| (KEY_VIEW, v.span)),
    ];
    for (key, span) in spans.into_iter().flatten() {
        cx.error_at(span, msg::struct_key_on_enum(key));
    }
}

/// Decode picks a tagged member by its leading bytes; an untagged member's
/// key could start with any tag, so tags go on every variant or none.
fn tags_on_every_variant(cx: &Ctxt, variants: &[Variant<'_>]) {
    let Some(tagged) = variants.iter().find(|v| v.tag.is_some()) else {
        return;
    };
    for v in variants.iter().filter(|v| v.tag.is_none()) {
        let message = msg::tag_missing(&v.ident.to_string(), &tagged.ident.to_string());
        cx.error_spanned_by(v.ident, message);
    }
}

/// With one tag a prefix of another, the longer tag's keys start with the
/// shorter one too: a key could decode as either member.
fn tags_prefix_free(cx: &Ctxt, variants: &[Variant<'_>]) {
    for (i, v) in variants.iter().enumerate() {
        let Some(tag) = &v.tag else { continue };
        let earlier = variants[..i]
            .iter()
            .filter_map(|w| Some((w, w.tag.as_ref()?)));
        for (w, other) in earlier {
            if tag.value.starts_with(&other.value) || other.value.starts_with(&tag.value) {
                let message = msg::tags_not_prefix_free(&v.ident.to_string(), &w.ident.to_string());
                cx.error_at(tag.span, message);
            }
        }
    }
}
