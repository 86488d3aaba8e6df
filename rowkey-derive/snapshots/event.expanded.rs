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
    ::rowkey::DecodeError > { __rk::Ok({ let __s = & self.user; __rk::int::get:: < u32, 4
    > (__s, false, "user", 1) ? }) } #[doc = "Decodes `ts` alone."] #[inline] pub fn ts(&
    self) -> __rk::Result < u64, ::rowkey::DecodeError > { __rk::Ok({ let __s = & self
    .ts; __rk::int::get:: < u64, 8 > (__s, true, "ts", 5) ? }) } } impl Event { #[doc =
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
            __key: &'__k mut [u8; 13],
            __pinned: usize,
        ) -> __rk::Result<&'__k [u8; 13], ::rowkey::EncodeError> {
            if let __rk::Some(user) = self.0 {
                {
                    let __s = __rk::Slots::slot_mut::<1, 4>(&mut *__key);
                    __rk::int::put::<u32, 4>((*user), __s, false, "user")?;
                }
            }
            if let __rk::Some(ts) = self.1 {
                {
                    let __s = __rk::Slots::slot_mut::<5, 8>(&mut *__key);
                    __rk::int::put::<u64, 8>((*ts), __s, true, "ts")?;
                }
            }
            if __pinned >= 1 {
                <Event>::SALT
                    .write(
                        <Event>::SALT
                            .bucket_of_fixed(__rk::Slots::slot::<1, 4>(&(*__key))),
                        &mut *__key,
                    )?;
            }
            __rk::Ok(__key)
        }
    }
    #[automatically_derived]
    impl ::rowkey::RowKey for Event {
        const LAYOUT: ::rowkey::Layout<'static> = ::rowkey::Layout {
            name: "Event",
            width: 13,
            variable: false,
            max_width: 32767,
            salt: ::core::option::Option::Some(::rowkey::LayoutSalt {
                salt: Self::SALT,
                fields: &["user"],
            }),
            segments: &[
                ::rowkey::Segment {
                    name: "salt",
                    offset: 0,
                    width: 1,
                    codec: "salt(mod = 16) of user",
                    kind: ::rowkey::FieldCodec::Salt,
                    order: ::rowkey::Order::Unordered,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    rust_type: "",
                    since: 0,
                },
                ::rowkey::Segment {
                    name: "user",
                    offset: 1,
                    width: 4,
                    codec: "u32",
                    kind: ::rowkey::FieldCodec::Int(::rowkey::codec::int::IntType {
                        bytes: 4,
                        signed: false,
                    }),
                    order: ::rowkey::Order::Ascending,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    rust_type: "u32",
                    since: 0u32,
                },
                ::rowkey::Segment {
                    name: "ts",
                    offset: 5,
                    width: 8,
                    codec: "u64, reverse",
                    kind: ::rowkey::FieldCodec::Int(::rowkey::codec::int::IntType {
                        bytes: 8,
                        signed: false,
                    }),
                    order: ::rowkey::Order::Descending,
                    reverse: true,
                    mirror: false,
                    optional: false,
                    rust_type: "u64",
                    since: 0u32,
                },
            ],
        };
        type Decoded<'de> = Event;
        type Bytes = [u8; 13];
        #[inline(always)]
        fn encode(&self) -> __rk::Result<[u8; 13], ::rowkey::EncodeError> {
            let __k = self;
            let mut __bytes = [0u8; 13];
            let __key = &mut __bytes;
            {
                let __s = __rk::Slots::slot_mut::<1, 4>(&mut *__key);
                __rk::int::put::<u32, 4>((*(&__k.user)), __s, false, "user")?;
            }
            {
                let __s = __rk::Slots::slot_mut::<5, 8>(&mut *__key);
                __rk::int::put::<u64, 8>((*(&__k.ts)), __s, true, "ts")?;
            }
            <Event>::SALT
                .write(
                    <Event>::SALT.bucket_of_fixed(__rk::Slots::slot::<1, 4>(&(*__key))),
                    &mut *__key,
                )?;
            __rk::Ok(__bytes)
        }
        #[inline(always)]
        fn decode(
            bytes: &[u8],
        ) -> __rk::Result<Self::Decoded<'_>, ::rowkey::DecodeError> {
            let __key = __rk::codec::read_key::<13>(bytes, "Event")?;
            let user = {
                let __s = __rk::Slots::slot::<1, 4>(__key);
                __rk::int::get::<u32, 4>(__s, false, "user", 1)?
            };
            let ts = {
                let __s = __rk::Slots::slot::<5, 8>(__key);
                __rk::int::get::<u64, 8>(__s, true, "ts", 5)?
            };
            Self::SALT
                .check(
                    __key,
                    Self::SALT.bucket_of_fixed(__rk::Slots::slot::<1, 4>(&(*__key))),
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
        pub fn prefix_for_user(
            user: u32,
        ) -> __rk::Result<::rowkey::KeyRange<14>, ::rowkey::EncodeError> {
            __rk::scan::prefix(
                __Pinned {
                    0: __rk::Some(&user),
                    ..__Pinned::NONE
                }
                    .write(&mut [0u8; 13], 1),
                0..5,
            )
        }
        /**Every key whose `user` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`).

Selects the keys by their bytes 1..5 (`user`).*/
        #[inline(always)]
        pub fn range_for_user(
            user: impl __rk::RangeBounds<u32>,
        ) -> __rk::Result<::rowkey::BucketRanges<14>, ::rowkey::EncodeError> {
            __rk::scan::buckets(
                &Self::SALT,
                __rk::scan::value::<
                    _,
                    _,
                    4,
                >(
                    __Pinned { ..__Pinned::NONE }.write(&mut [0u8; 13], 0),
                    1..1,
                    &user,
                    __rk::int::edge::<u32, 4>,
                    false,
                ),
            )
        }
        /**Every key with the given `user` and `ts`: one range.

Selects the keys by their bytes 1..5 (`user`), 5..13 (`ts`).*/
        #[inline(always)]
        pub fn prefix_for_user_ts(
            user: u32,
            ts: u64,
        ) -> __rk::Result<::rowkey::KeyRange<14>, ::rowkey::EncodeError> {
            __rk::scan::prefix(
                __Pinned {
                    0: __rk::Some(&user),
                    1: __rk::Some(&ts),
                    ..__Pinned::NONE
                }
                    .write(&mut [0u8; 13], 2),
                0..13,
            )
        }
        /**Every key with the given `user` and whose `ts` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`); the field is descending, so the keys come largest first.

Selects the keys by their bytes 1..5 (`user`), 5..13 (`ts`).*/
        #[inline(always)]
        pub fn range_for_user_ts(
            user: u32,
            ts: impl __rk::RangeBounds<u64>,
        ) -> __rk::Result<::rowkey::KeyRange<14>, ::rowkey::EncodeError> {
            __rk::scan::value::<
                _,
                _,
                8,
            >(
                __Pinned {
                    0: __rk::Some(&user),
                    ..__Pinned::NONE
                }
                    .write(&mut [0u8; 13], 1),
                0..5,
                &ts,
                __rk::int::edge::<u64, 8>,
                true,
            )
        }
    }
};
