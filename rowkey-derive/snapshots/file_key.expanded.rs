::rowkey::__private::view! {
    #[doc(hidden)] #[allow(unused_qualifications, clippy::all)] const _ : () = { use
    ::rowkey::__private as __rk; #[doc =
    "The bytes of a [`FileKey`] key, read in place: each getter decodes its field alone. Made by `FileKey::view`."]
    #[repr(C)] #[derive(::rowkey::__private::zerocopy::FromBytes,
    ::rowkey::__private::zerocopy::KnownLayout, ::rowkey::__private::zerocopy::Immutable,
    ::rowkey::__private::zerocopy::Unaligned)] #[zerocopy(crate =
    "::rowkey::__private::zerocopy")] pub struct __RowKeyView { user_id : [u8; 6],
    create_date : [u8; 8], file_id : [u8; 6], } impl __RowKeyView { #[doc =
    "Decodes `user_id` alone."] #[inline] pub fn user_id(& self) -> __rk::Result < u32,
    ::rowkey::DecodeError > { __rk::Ok({ let __s = & self.user_id; __rk::pad::get:: <
    u32, 6 > (__s, false, "user_id", 0) ? }) } #[doc = "Decodes `create_date` alone."]
    #[inline] pub fn create_date(& self) -> __rk::Result < u32, ::rowkey::DecodeError > {
    __rk::Ok({ let __s = & self.create_date; __rk::pad::get:: < u32, 8 > (__s, false,
    "create_date", 6) ? }) } #[doc = "Decodes `file_id` alone."] #[inline] pub fn
    file_id(& self) -> __rk::Result < u64, ::rowkey::DecodeError > { __rk::Ok({ let __s =
    & self.file_id; __rk::pad::get:: < u64, 6 > (__s, false, "file_id", 14) ? }) } } impl
    FileKey { #[doc = r" Views `bytes` as this key's fields without decoding them;"]
    #[doc = r" read one with its getter. The salt is not checked."] #[inline] pub fn
    view(bytes : & [u8]) -> __rk::Result < & < Self as ::rowkey::HasView > ::View,
    ::rowkey::DecodeError > { < __RowKeyView as ::rowkey::__private::zerocopy::FromBytes
    > ::ref_from_bytes(bytes).map_err(| _ | { ::rowkey::DecodeError::new("FileKey", 0,
    ::rowkey::DecodeErrorKind::Length { expected : 20, found : bytes.len(), }) }) } }
    #[automatically_derived] impl ::rowkey::HasView for FileKey { type View =
    __RowKeyView; #[inline] fn view(bytes : & [u8]) -> __rk::Result < & __RowKeyView,
    ::rowkey::DecodeError > { FileKey::view(bytes) } } };
}
#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
const _: () = {
    use ::rowkey::__private as __rk;
    #[allow(dead_code)]
    type __Scan = __rk::Result<::rowkey::KeyRange<21>, ::rowkey::EncodeError>;
    type __Bytes = [u8; 20];
    /// The values of the fields a key is written with, in order; `None` for the others.
    struct __Pinned<'__p>(
        __rk::Option<&'__p u32>,
        __rk::Option<&'__p u32>,
        __rk::Option<&'__p u64>,
        ::core::marker::PhantomData<&'__p FileKey>,
    );
    impl<'__p> __Pinned<'__p> {
        const NONE: Self = Self(
            __rk::None,
            __rk::None,
            __rk::None,
            ::core::marker::PhantomData,
        );
        /// The key with these values written.
        #[inline(always)]
        fn write<'__k>(
            self,
            __key: &'__k mut __Bytes,
        ) -> __rk::Result<&'__k __Bytes, ::rowkey::EncodeError> {
            if let __rk::Some(user_id) = self.0 {
                __rk::pad::check::<u32, 6>((*user_id), "user_id")?;
            }
            if let __rk::Some(create_date) = self.1 {
                __rk::pad::check::<u32, 8>((*create_date), "create_date")?;
            }
            if let __rk::Some(file_id) = self.2 {
                __rk::pad::check::<u64, 6>((*file_id), "file_id")?;
            }
            if let __rk::Some(user_id) = self.0 {
                {
                    let __s = __rk::Slots::at_mut(&mut *__key, 0);
                    __rk::pad::put::<u32, 6>((*user_id), __s, false, "user_id")?;
                }
            }
            if let __rk::Some(create_date) = self.1 {
                {
                    let __s = __rk::Slots::at_mut(&mut *__key, 6);
                    __rk::pad::put::<u32, 8>((*create_date), __s, false, "create_date")?;
                }
            }
            if let __rk::Some(file_id) = self.2 {
                {
                    let __s = __rk::Slots::at_mut(&mut *__key, 14);
                    __rk::pad::put::<u64, 6>((*file_id), __s, false, "file_id")?;
                }
            }
            __rk::Ok(__key)
        }
    }
    #[automatically_derived]
    impl ::rowkey::RowKey for FileKey {
        const LAYOUT: ::rowkey::Layout<'static> = __rk::Layout {
            name: "FileKey",
            width: 20,
            variable: false,
            max_width: 32767,
            salt: ::core::option::Option::None,
            segments: &[
                __rk::Segment {
                    name: "user_id",
                    offset: 0,
                    width: 6,
                    codec: "pad(6)",
                    kind: __rk::FieldCodec::Pad(__rk::codec::pad::Pad {
                        digits: 6,
                        ty: __rk::codec::int::IntType {
                            bytes: 4,
                            signed: false,
                        },
                    }),
                    rust_type: "u32",
                    order: __rk::Order::Ascending,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    since: 0u32,
                },
                __rk::Segment {
                    name: "create_date",
                    offset: 6,
                    width: 8,
                    codec: "pad(8)",
                    kind: __rk::FieldCodec::Pad(__rk::codec::pad::Pad {
                        digits: 8,
                        ty: __rk::codec::int::IntType {
                            bytes: 4,
                            signed: false,
                        },
                    }),
                    rust_type: "u32",
                    order: __rk::Order::Ascending,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    since: 0u32,
                },
                __rk::Segment {
                    name: "file_id",
                    offset: 14,
                    width: 6,
                    codec: "pad(6)",
                    kind: __rk::FieldCodec::Pad(__rk::codec::pad::Pad {
                        digits: 6,
                        ty: __rk::codec::int::IntType {
                            bytes: 8,
                            signed: false,
                        },
                    }),
                    rust_type: "u64",
                    order: __rk::Order::Ascending,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    since: 0u32,
                },
            ],
        };
        type Decoded<'de> = FileKey;
        type Bytes = __Bytes;
        #[inline(always)]
        fn encode(&self) -> __rk::Result<__Bytes, ::rowkey::EncodeError> {
            let __k = self;
            __rk::pad::check::<u32, 6>((*(&__k.user_id)), "user_id")?;
            __rk::pad::check::<u32, 8>((*(&__k.create_date)), "create_date")?;
            __rk::pad::check::<u64, 6>((*(&__k.file_id)), "file_id")?;
            let mut __bytes = __rk::zeroed();
            let __key = &mut __bytes;
            {
                let __s = __rk::Slots::at_mut(&mut *__key, 0);
                __rk::pad::put::<u32, 6>((*(&__k.user_id)), __s, false, "user_id")?;
            }
            {
                let __s = __rk::Slots::at_mut(&mut *__key, 6);
                __rk::pad::put::<
                    u32,
                    8,
                >((*(&__k.create_date)), __s, false, "create_date")?;
            }
            {
                let __s = __rk::Slots::at_mut(&mut *__key, 14);
                __rk::pad::put::<u64, 6>((*(&__k.file_id)), __s, false, "file_id")?;
            }
            __rk::Ok(__bytes)
        }
        #[inline(always)]
        fn decode(
            bytes: &[u8],
        ) -> __rk::Result<Self::Decoded<'_>, ::rowkey::DecodeError> {
            let __key: &__Bytes = __rk::codec::read_key(bytes, "FileKey")?;
            let user_id = __rk::pad::read_in::<
                u32,
                6,
            >(__key, 0, 0..20, false, "user_id");
            let create_date = __rk::pad::read_in::<
                u32,
                8,
            >(__key, 6, 0..20, false, "create_date");
            let file_id = __rk::pad::read_in::<
                u64,
                6,
            >(__key, 14, 0..20, false, "file_id");
            let (user_id, create_date, file_id) = if (user_id.bad() | create_date.bad()
                | file_id.bad()) == 0
            {
                (user_id.value(), create_date.value(), file_id.value())
            } else {
                (user_id.get()?, create_date.get()?, file_id.get()?)
            };
            __rk::Ok(FileKey {
                user_id,
                create_date,
                file_id,
            })
        }
    }
    __rk::select_builder! {
        #[doc =
        "The skip scan being built by `FileKey::select()`: a condition per field, then `build()`."]
        #[must_use = "a select does nothing until `build()` compiles it"] pub struct
        FileKeySelect(::rowkey::select::Predicate < 'static >,
        ::core::marker::PhantomData < fn () -> FileKey >,); impl FileKeySelect { #[doc =
        "Selects the keys whose `user_id` is one value, a set of values (an array, a `Vec`, a slice) or a range (`a..b`, `a..=b`, `a..`, `..b`, `..=b`, `(Bound, Bound)`). A later call replaces the condition."]
        pub fn user_id(mut self, user_id : impl __rk::select::Pick < u32 >) -> Self {
        self.0. pick(0, __rk::select::Pick::pick(user_id)); self } #[doc =
        "Selects the keys whose `create_date` is one value, a set of values (an array, a `Vec`, a slice) or a range (`a..b`, `a..=b`, `a..`, `..b`, `..=b`, `(Bound, Bound)`). A later call replaces the condition."]
        pub fn create_date(mut self, create_date : impl __rk::select::Pick < u32 >) ->
        Self { self.0. pick(1, __rk::select::Pick::pick(create_date)); self } #[doc =
        "Selects the keys whose `file_id` is one value, a set of values (an array, a `Vec`, a slice) or a range (`a..b`, `a..=b`, `a..`, `..b`, `..=b`, `(Bound, Bound)`). A later call replaces the condition."]
        pub fn file_id(mut self, file_id : impl __rk::select::Pick < u64 >) -> Self {
        self.0. pick(2, __rk::select::Pick::pick(file_id)); self } #[doc =
        r" Caps the key ranges at `n` (by default `select::DEFAULT_MAX_RANGES`):"] #[doc
        = r" past it they cover more keys than match, and `Select::covering` says so."]
        #[inline] pub fn max_ranges(mut self, n : usize) -> Self { self.0.max_ranges(n);
        self } #[doc = r" Compiles the select."] #[doc = r""] #[doc = r" # Errors"] #[doc
        = r" A field's empty set, a range that holds no value, a value the"] #[doc =
        r" field cannot hold: the error names the field."] #[inline] pub fn build(self)
        -> __rk::Result < ::rowkey::select::Select < 'static >,
        ::rowkey::select::SelectError > { self.0.build() } } impl ::core::convert::From <
        FileKeySelect > for ::rowkey::select::Predicate < 'static > { #[inline] fn
        from(select : FileKeySelect) -> Self { select.0 } }
    }
    impl FileKey {
        /**Every key with the given `user_id`: one range.

Selects the keys by their bytes 0..6 (`user_id`).*/
        #[inline(always)]
        pub fn prefix_for_user_id(user_id: u32) -> __Scan {
            __rk::scan::digit_prefix(
                __Pinned {
                    0: __rk::Some(&user_id),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed()),
                0..6,
            )
        }
        /**Every key whose `user_id` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`).

Selects the keys by their bytes 0..6 (`user_id`).*/
        #[inline(always)]
        pub fn range_for_user_id(user_id: impl __rk::RangeBounds<u32>) -> __Scan {
            __rk::scan::digits(
                __Pinned { ..__Pinned::NONE }.write(&mut __rk::zeroed()),
                0..0,
                &user_id,
                __rk::pad::edge::<u32, 6>,
                false,
                true,
            )
        }
        /**Every key with the given `user_id` and `create_date`: one range.

Selects the keys by their bytes 0..6 (`user_id`), 6..14 (`create_date`).*/
        #[inline(always)]
        pub fn prefix_for_user_id_create_date(user_id: u32, create_date: u32) -> __Scan {
            __rk::scan::digit_prefix(
                __Pinned {
                    0: __rk::Some(&user_id),
                    1: __rk::Some(&create_date),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed()),
                0..14,
            )
        }
        /**Every key with the given `user_id` and whose `create_date` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`).

Selects the keys by their bytes 0..6 (`user_id`), 6..14 (`create_date`).*/
        #[inline(always)]
        pub fn range_for_user_id_create_date(
            user_id: u32,
            create_date: impl __rk::RangeBounds<u32>,
        ) -> __Scan {
            __rk::scan::digits(
                __Pinned {
                    0: __rk::Some(&user_id),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed()),
                0..6,
                &create_date,
                __rk::pad::edge::<u32, 8>,
                false,
                true,
            )
        }
        /**Every key with the given `user_id` and `create_date` and `file_id`: one range.

Selects the keys by their bytes 0..6 (`user_id`), 6..14 (`create_date`), 14..20 (`file_id`).*/
        #[inline(always)]
        pub fn prefix_for_user_id_create_date_file_id(
            user_id: u32,
            create_date: u32,
            file_id: u64,
        ) -> __Scan {
            __rk::scan::digit_prefix(
                __Pinned {
                    0: __rk::Some(&user_id),
                    1: __rk::Some(&create_date),
                    2: __rk::Some(&file_id),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed()),
                0..20,
            )
        }
        /**Every key with the given `user_id` and `create_date` and whose `file_id` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`).

Selects the keys by their bytes 0..6 (`user_id`), 6..14 (`create_date`), 14..20 (`file_id`).*/
        #[inline(always)]
        pub fn range_for_user_id_create_date_file_id(
            user_id: u32,
            create_date: u32,
            file_id: impl __rk::RangeBounds<u64>,
        ) -> __Scan {
            __rk::scan::digits(
                __Pinned {
                    0: __rk::Some(&user_id),
                    1: __rk::Some(&create_date),
                    ..__Pinned::NONE
                }
                    .write(&mut __rk::zeroed()),
                0..14,
                &file_id,
                __rk::pad::edge::<u64, 6>,
                false,
                true,
            )
        }
        __rk::with_select! {
            #[doc =
            "A skip scan over `FileKey` keys: one method per field takes a value, a set of values or, on a field whose bytes keep order, a range; `build()` compiles it to the fewest exact key ranges (`Select::ranges`), and the check and seek hint for the fields after them (`Select::matches`, `Select::next_hint`)."]
            #[inline] pub fn select() -> FileKeySelect {
            FileKeySelect(__rk::select::Predicate::new(& < FileKey as __rk::RowKey >
            ::LAYOUT), ::core::marker::PhantomData,) }
        }
    }
};
