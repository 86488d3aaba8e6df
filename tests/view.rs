//! `#[rowkey(view)]`: opt-in per key, under a name that cannot clash.

use rowkey::{HasView, RowKey};

/// A user type named like the view type older versions injected next to
/// every key: the derive defines nothing of that name.
#[allow(dead_code)]
pub struct FileKeyView {
    pub mine: bool,
}

#[derive(RowKey, Debug, PartialEq)]
#[rowkey(view)]
struct FileKey {
    #[pad(6)]
    user_id: u32,
    #[pad(8)]
    create_date: u32,
}

/// A view the user names, next to the key.
#[derive(RowKey, Debug, PartialEq)]
#[rowkey(view = EventView)]
pub struct Event {
    #[salt(mod = 4)]
    pub host: u32,
    #[reverse]
    pub ts: u64,
}

#[test]
fn the_unnamed_view_is_reached_through_has_view() {
    let key = FileKey {
        user_id: 7,
        create_date: 20_120_902,
    }
    .encode()
    .unwrap();
    let view: &<FileKey as HasView>::View = FileKey::view(&key).unwrap();
    assert_eq!(view.create_date(), Ok(20_120_902));
    assert_eq!(<FileKey as HasView>::view(&key).unwrap().user_id(), Ok(7));
    assert!(FileKey::view(&key[..13]).is_err());
    let mine = FileKeyView { mine: true };
    assert!(mine.mine);
}

#[test]
fn a_named_view_is_an_ordinary_type() {
    let key = Event { host: 2, ts: 9 }.encode().unwrap();
    let view: &EventView = Event::view(&key).unwrap();
    assert_eq!((view.host(), view.ts()), (Ok(2), Ok(9)));
}
