::rowkey::__private::view! {
    #[doc =
    "The bytes of a [`Event`] key, read in place: each getter decodes its field alone. Made by `Event::view`."]
    #[repr(C)] #[derive(::rowkey::__private::zerocopy::FromBytes,
    ::rowkey::__private::zerocopy::KnownLayout, ::rowkey::__private::zerocopy::Immutable,
    ::rowkey::__private::zerocopy::Unaligned)] #[zerocopy(crate =
    "::rowkey::__private::zerocopy")] struct EventView { salt : [u8; 1], user : [u8; 4],
    ts : [u8; 8], } #[doc(hidden)] #[allow(unused_qualifications, clippy::all)] const _ :
    () = { use ::rowkey::__private as __rk; impl EventView { #[doc =
    "Decodes `user` alone."] #[inline] pub fn user(& self) -> __rk::Result < u32,
    ::rowkey::DecodeError > { __rk::Ok({ let __s = & self.user; __rk::int::Int:: < u32 >
    ::get(__s, false) }) } #[doc = "Decodes `ts` alone."] #[inline] pub fn ts(& self) ->
    __rk::Result < u64, ::rowkey::DecodeError > { __rk::Ok({ let __s = & self.ts;
    __rk::int::Int:: < u64 > ::get(__s, true) }) } } impl Event { #[doc =
    r" Views `bytes` as this key's fields without decoding them;"] #[doc =
    r" read one with its getter. The salt is not checked."] #[inline] pub fn view(bytes :
    & [u8]) -> __rk::Result < & < Self as ::rowkey::HasView > ::View,
    ::rowkey::DecodeError > { < EventView as ::rowkey::__private::zerocopy::FromBytes >
    ::ref_from_bytes(bytes).map_err(| _ | { ::rowkey::DecodeError::new("Event", 0,
    ::rowkey::DecodeErrorKind::Length { expected : 13, found : bytes.len(), }) }) } }
    #[automatically_derived] impl ::rowkey::HasView for Event { type View = EventView;
    #[inline] fn view(bytes : & [u8]) -> __rk::Result < & EventView,
    ::rowkey::DecodeError > { Event::view(bytes) } } };
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
const _: () = {
    use ::rowkey::__private as __rk;
    #[allow(dead_code)]
    type __Scan = __rk::Result<::rowkey::KeyRange<14>, ::rowkey::EncodeError>;
    #[allow(dead_code)]
    type __Scans = __rk::Result<::rowkey::BucketRanges<14>, ::rowkey::EncodeError>;
    type __Bytes = [u8; 13];
    /// The values of the fields a key is written with, in order; `None` for the others.
    struct __Pinned<'__p>(
        __rk::Option<&'__p u32>,
        __rk::Option<&'__p u64>,
        ::core::marker::PhantomData<&'__p Event>,
    );
    impl<'__p> __Pinned<'__p> {
        const NONE: Self = Self(__rk::None, __rk::None, ::core::marker::PhantomData);
        /// The key with these values written.
        #[inline(always)]
        fn write<'__k>(
            self,
            __key: &'__k mut __Bytes,
            __pinned: usize,
        ) -> __rk::Result<&'__k __Bytes, ::rowkey::EncodeError> {
            if let __rk::Some(user) = self.0 {
                {
                    let __s = __rk::Slots::at_mut(&mut *__key, 1);
                    __rk::int::Int::<u32>::put((*user), __s, false);
                }
            }
            if let __rk::Some(ts) = self.1 {
                {
                    let __s = __rk::Slots::at_mut(&mut *__key, 5);
                    __rk::int::Int::<u64>::put((*ts), __s, true);
                }
            }
            if __pinned >= 1 {
                <Event>::SALT
                    .write(
                        <Event>::SALT
                            .bucket_of_fixed(__rk::Slots::at::<4>(&(*__key), 1)),
                        &mut *__key,
                    )?;
            }
            __rk::Ok(__key)
        }
    }
    #[automatically_derived]
    impl ::rowkey::RowKey for Event {
        const LAYOUT: ::rowkey::Layout<'static> = __rk::Layout {
            name: "Event",
            width: 13,
            variable: false,
            max_width: 32767,
            salt: ::core::option::Option::Some(__rk::LayoutSalt {
                salt: Self::SALT,
                fields: &["user"],
            }),
            segments: &[
                __rk::Segment {
                    name: "salt",
                    offset: 0,
                    width: 1,
                    codec: "salt(mod = 16) of user",
                    kind: __rk::FieldCodec::Salt,
                    order: __rk::Order::Unordered,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    rust_type: "",
                    since: 0,
                },
                __rk::Segment {
                    name: "user",
                    offset: 1,
                    width: 4,
                    codec: "u32",
                    kind: __rk::FieldCodec::Int(__rk::codec::int::IntType {
                        bytes: 4,
                        signed: false,
                    }),
                    rust_type: "u32",
                    order: __rk::Order::Ascending,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    since: 0u32,
                },
                __rk::Segment {
                    name: "ts",
                    offset: 5,
                    width: 8,
                    codec: "u64, reverse",
                    kind: __rk::FieldCodec::Int(__rk::codec::int::IntType {
                        bytes: 8,
                        signed: false,
                    }),
                    rust_type: "u64",
                    order: __rk::Order::Descending,
                    reverse: true,
                    mirror: false,
                    optional: false,
                    since: 0u32,
                },
            ],
        };
        type Decoded<'de> = Event;
        type Bytes = __Bytes;
        #[inline(always)]
        fn encode(&self) -> __rk::Result<__Bytes, ::rowkey::EncodeError> {
            let __k = self;
            let mut __bytes = __rk::zeroed();
            let __key = &mut __bytes;
            {
                let __s = __rk::Slots::at_mut(&mut *__key, 1);
                __rk::int::Int::<u32>::put((*(&__k.user)), __s, false);
            }
            {
                let __s = __rk::Slots::at_mut(&mut *__key, 5);
                __rk::int::Int::<u64>::put((*(&__k.ts)), __s, true);
            }
            <Event>::SALT
                .write(
                    <Event>::SALT.bucket_of_fixed(__rk::Slots::at::<4>(&(*__key), 1)),
                    &mut *__key,
                )?;
            __rk::Ok(__bytes)
        }
        #[inline(always)]
        fn decode(
            bytes: &[u8],
        ) -> __rk::Result<Self::Decoded<'_>, ::rowkey::DecodeError> {
            let __key: &__Bytes = __rk::codec::read_key(bytes, "Event")?;
            let user = {
                let __s = __rk::Slots::at(__key, 1);
                __rk::int::Int::<u32>::get(__s, false)
            };
            let ts = {
                let __s = __rk::Slots::at(__key, 5);
                __rk::int::Int::<u64>::get(__s, true)
            };
            Self::SALT
                .check(
                    __key,
                    Self::SALT.bucket_of_fixed(__rk::Slots::at::<4>(&(*__key), 1)),
                )?;
            __rk::Ok(Event { user, ts })
        }
    }
    impl Event {
        ///The salt: 16 buckets, xxh32 of the salted fields' bytes mod 16.
        pub const SALT: ::rowkey::Salt = ::rowkey::Salt::new(16u32);
        /// The bucket boundaries, to pre-split a table into one region per bucket.
        #[inline]
        pub fn split_points() -> ::rowkey::SplitPoints {
            Self::SALT.split_points()
        }
        /**Every key with the given `user`: one range.

Selects the keys by their bytes 1..5 (`user`).*/
        #[inline(always)]
        pub fn prefix_for_user(user: u32) -> __Scan {
            __rk::scan::prefix(
                __Pinned {
                    0: __rk::Some(&user),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed(), 1),
                0..5,
            )
        }
        /**Every key whose `user` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`).

Selects the keys by their bytes 1..5 (`user`).*/
        #[inline(always)]
        pub fn range_for_user(user: impl __rk::RangeBounds<u32>) -> __Scans {
            __rk::scan::buckets(
                &Self::SALT,
                __rk::scan::value(
                    __Pinned { ..__Pinned::NONE }.write(&mut __rk::zeroed(), 0),
                    1..1,
                    &user,
                    __rk::int::Int::<u32>::edge,
                    false,
                ),
            )
        }
        /**Every key with the given `user` and `ts`: one range.

Selects the keys by their bytes 1..5 (`user`), 5..13 (`ts`).*/
        #[inline(always)]
        pub fn prefix_for_user_ts(user: u32, ts: u64) -> __Scan {
            __rk::scan::prefix(
                __Pinned {
                    0: __rk::Some(&user),
                    1: __rk::Some(&ts),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed(), 2),
                0..13,
            )
        }
        /**Every key with the given `user` and whose `ts` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`); the field is descending, so the keys come largest first.

Selects the keys by their bytes 1..5 (`user`), 5..13 (`ts`).*/
        #[inline(always)]
        pub fn range_for_user_ts(user: u32, ts: impl __rk::RangeBounds<u64>) -> __Scan {
            __rk::scan::value(
                __Pinned {
                    0: __rk::Some(&user),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed(), 1),
                0..5,
                &ts,
                __rk::int::Int::<u64>::edge,
                true,
            )
        }
    }
};
