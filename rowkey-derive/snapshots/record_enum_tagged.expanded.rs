#[doc(hidden)]
#[allow(unused_qualifications, clippy::all)]
const _: () = {
    use ::rowkey::__private as __rk;
    impl Row {
        /// The record types of this table, in the order `decode` tries them,
        /// each with its key's layout: `KEY_TYPES.explain(bytes)` takes a key
        /// apart as the one that matches, `KEY_TYPES.to_json()` is the schema.
        pub const KEY_TYPES: ::rowkey::KeyTypes<'static> = ::rowkey::KeyTypes {
            name: "Row",
            members: &[
                ::rowkey::Member {
                    name: "User",
                    tag: (&[117u8] as &[u8]),
                    layout: &<UserKey as ::rowkey::RowKey>::LAYOUT,
                },
                ::rowkey::Member {
                    name: "Group",
                    tag: (&[2u8] as &[u8]),
                    layout: &<GroupKey as ::rowkey::RowKey>::LAYOUT,
                },
            ],
        };
        /// Decodes the key of whichever record type these bytes hold:
        /// the member whose `#[tag]` leads them, or, without tags, the
        /// one member whose layout they fit (the derive proves there is
        /// at most one). On failure, the error of the member that read furthest.
        #[inline]
        pub fn decode(
            bytes: &[u8],
        ) -> ::core::result::Result<Self, ::rowkey::DecodeError> {
            let __err = match __rk::record::strip_tag(bytes, (&[117u8] as &[u8]), "Row")
                .and_then(<UserKey as ::rowkey::RowKey>::decode)
            {
                ::core::result::Result::Ok(k) => {
                    return ::core::result::Result::Ok(Self::User(k));
                }
                ::core::result::Result::Err(e) => e,
            };
            let __err = match __rk::record::strip_tag(bytes, (&[2u8] as &[u8]), "Row")
                .and_then(<GroupKey as ::rowkey::RowKey>::decode)
            {
                ::core::result::Result::Ok(k) => {
                    return ::core::result::Result::Ok(Self::Group(k));
                }
                ::core::result::Result::Err(e) => {
                    if e.offset() >= __err.offset() { e } else { __err }
                }
            };
            ::core::result::Result::Err(__err)
        }
        /// Encodes the variant's tag and key into the front of `out`.
        #[inline]
        pub fn encode_into(
            &self,
            out: &mut [u8],
        ) -> ::core::result::Result<usize, ::rowkey::EncodeError> {
            match self {
                Self::User(k) => {
                    let __n = __rk::record::write_tag(
                        (&[117u8] as &[u8]),
                        out,
                        k,
                        "Row",
                    )?;
                    ::core::result::Result::Ok(
                        __n + ::rowkey::RowKey::encode_into(k, &mut out[__n..])?,
                    )
                }
                Self::Group(k) => {
                    let __n = __rk::record::write_tag((&[2u8] as &[u8]), out, k, "Row")?;
                    ::core::result::Result::Ok(
                        __n + ::rowkey::RowKey::encode_into(k, &mut out[__n..])?,
                    )
                }
            }
        }
        /// The length of the variant's tag and key.
        #[inline]
        pub fn encoded_len(&self) -> usize {
            match self {
                Self::User(k) => {
                    (&[117u8] as &[u8]).len() + ::rowkey::RowKey::encoded_len(k)
                }
                Self::Group(k) => {
                    (&[2u8] as &[u8]).len() + ::rowkey::RowKey::encoded_len(k)
                }
            }
        }
    }
    __rk::with_alloc! {
        #[automatically_derived] impl ::rowkey::RowKey for Row { #[doc =
        r" The shortest member's tag and key."] const WIDTH : usize =
        __rk::record::min((& [117u8] as & [u8]).len() + < UserKey as ::rowkey::RowKey >
        ::WIDTH, (& [2u8] as & [u8]).len() + < GroupKey as ::rowkey::RowKey > ::WIDTH);
        const VARIABLE : bool = true; #[doc =
        r" Keys of different members do not sort by any one value."] const ORDERED : bool
        = false; #[doc =
        r" Each member has its own layout; the enum's lists no segments."] const LAYOUT :
        ::rowkey::Layout < 'static > = ::rowkey::Layout { name : "Row", width : < Self as
        ::rowkey::RowKey > ::WIDTH, variable : true, max_width :
        __rk::limits::DEFAULT_MAX_WIDTH, salt : ::core::option::Option::None, segments :
        & [], }; type Bytes = __rk::Vec < u8 >; type Decoded < 'de > = Row < >; #[inline]
        fn encode(& self) -> ::core::result::Result < __rk::Vec < u8 >,
        ::rowkey::EncodeError > { let mut __out = __rk::vec![0u8;
        Row::encoded_len(self)]; let __n = Row::encode_into(self, & mut __out) ?; __out
        .truncate(__n); ::core::result::Result::Ok(__out) } #[inline] fn encode_into(&
        self, out : & mut [u8]) -> ::core::result::Result < usize, ::rowkey::EncodeError
        > { Row::encode_into(self, out) } #[inline] fn encoded_len(& self) -> usize {
        Row::encoded_len(self) } #[inline] fn decode(bytes : & [u8]) ->
        ::core::result::Result < Self::Decoded < '_ >, ::rowkey::DecodeError > {
        Row::decode(bytes) } }
    }
    #[automatically_derived]
    impl ::core::convert::From<UserKey> for Row {
        #[inline]
        fn from(k: UserKey) -> Self {
            Self::User(k)
        }
    }
    #[automatically_derived]
    impl ::core::convert::From<GroupKey> for Row {
        #[inline]
        fn from(k: GroupKey) -> Self {
            Self::Group(k)
        }
    }
};
