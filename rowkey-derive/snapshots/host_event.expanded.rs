#[doc(hidden)]
#[allow(non_upper_case_globals, unused_qualifications, clippy::all)]
const _: () = {
    use ::rowkey::__private as __rk;
    #[allow(dead_code)]
    type __Scan = __rk::Result<::rowkey::KeyRangeBuf, ::rowkey::EncodeError>;
    /// The values of the fields a key is written with, in order; `None` for the others.
    struct __Pinned<'__p, 'a>(
        __rk::Option<&'__p str>,
        __rk::Option<&'__p u64>,
        __rk::Option<&'__p [u8]>,
        ::core::marker::PhantomData<&'__p HostEventKey<'a>>,
    );
    impl<'__p, 'a> __Pinned<'__p, 'a> {
        const NONE: Self = Self(
            __rk::None,
            __rk::None,
            __rk::None,
            ::core::marker::PhantomData,
        );
        /// The key with these values written.
        #[inline(always)]
        #[allow(unused_variables)]
        fn write(self) -> __rk::Result<__rk::Vec<u8>, ::rowkey::EncodeError> {
            let mut __len = 0;
            if let __rk::Some(host) = self.0 {
                __len += __rk::escaped::len(&(*host), false);
            }
            if let __rk::Some(ts) = self.1 {
                __len += 8;
            }
            if let __rk::Some(rest) = self.2 {
                __len += __rk::rest::len(&(*rest), false);
            }
            let mut __buf = __rk::vec![0u8; __len];
            let mut __w = __rk::Writer::new(&mut __buf, "HostEventKey");
            if let __rk::Some(host) = self.0 {
                __Fields::host(&mut __w, host)?;
            }
            if let __rk::Some(ts) = self.1 {
                {
                    let __s = __w.slot::<8>()?;
                    __rk::int::Int::<u64>::put((*ts), __s, true);
                }
            }
            if let __rk::Some(rest) = self.2 {
                __Fields::rest(&mut __w, rest)?;
            }
            __rk::Ok(__buf)
        }
    }
    /// One function per field written through the cursor.
    struct __Fields;
    impl __Fields {
        ///Writes `host`.
        #[inline(always)]
        fn host<'a>(
            __w: &mut __rk::Writer<'_>,
            __v: &str,
        ) -> __rk::Result<(), ::rowkey::EncodeError> {
            __rk::escaped::write(__w, &(*__v), false, "host")?;
            __rk::Ok(())
        }
        ///Writes `rest`.
        #[inline(always)]
        fn rest<'a>(
            __w: &mut __rk::Writer<'_>,
            __v: &[u8],
        ) -> __rk::Result<(), ::rowkey::EncodeError> {
            __rk::rest::write(__w, &(*__v), false, "rest")?;
            __rk::Ok(())
        }
    }
    #[automatically_derived]
    impl<'a> ::rowkey::RowKey for HostEventKey<'a> {
        const LAYOUT: ::rowkey::Layout<'static> = __rk::Layout {
            name: "HostEventKey",
            width: 10,
            variable: true,
            max_width: 32767,
            salt: ::core::option::Option::None,
            segments: &[
                __rk::Segment {
                    name: "host",
                    offset: 0,
                    width: 2,
                    codec: "escaped",
                    kind: __rk::FieldCodec::Escaped(
                        __rk::codec::escaped::Escaped(__rk::codec::TextType {
                            utf8: true,
                            borrowed: true,
                        }),
                    ),
                    rust_type: "&'a str",
                    order: __rk::Order::Ascending,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    since: 0u32,
                },
                __rk::Segment {
                    name: "ts",
                    offset: 2,
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
                __rk::Segment {
                    name: "rest",
                    offset: 10,
                    width: 0,
                    codec: "rest of key",
                    kind: __rk::FieldCodec::Rest(
                        __rk::codec::rest::Rest(__rk::codec::TextType {
                            utf8: false,
                            borrowed: true,
                        }),
                    ),
                    rust_type: "&'a [u8]",
                    order: __rk::Order::Ascending,
                    reverse: false,
                    mirror: false,
                    optional: false,
                    since: 0u32,
                },
            ],
        };
        type Decoded<'de> = HostEventKey<'de>;
        type Bytes = __rk::Vec<u8>;
        /// Allocates the exact length; [`RowKey::encode_into`] does not allocate.
        #[inline]
        fn encode(&self) -> __rk::Result<__rk::Vec<u8>, ::rowkey::EncodeError> {
            __rk::codec::encode_vec(self)
        }
        #[inline]
        fn encoded_len(&self) -> usize {
            8 + __rk::escaped::len(&self.host, false)
                + __rk::rest::len(&self.rest, false)
        }
        #[inline]
        fn encode_into(
            &self,
            out: &mut [u8],
        ) -> __rk::Result<usize, ::rowkey::EncodeError> {
            let mut __w = __rk::Writer::for_key(out, self, "HostEventKey");
            __Fields::host(&mut __w, &self.host)?;
            {
                let __s = __w.slot::<8>()?;
                __rk::int::Int::<u64>::put((*&self.ts), __s, true);
            }
            __Fields::rest(&mut __w, &self.rest)?;
            __rk::codec::check_max_width(__w.position(), 32767, "HostEventKey")
        }
        #[inline]
        fn decode(
            bytes: &[u8],
        ) -> __rk::Result<Self::Decoded<'_>, ::rowkey::DecodeError> {
            let mut __r = __rk::Reader::for_key(bytes, 32767, "HostEventKey")?;
            let host = __rk::escaped::read(&mut __r, false, "host")?;
            let ts = __rk::int::Int::<u64>::get(__r.take::<8>("ts")?, true);
            let rest = __rk::rest::read(&mut __r, false, "rest")?;
            __r.finish("HostEventKey")?;
            __rk::Ok(HostEventKey { host, ts, rest })
        }
    }
    impl<'a> HostEventKey<'a> {
        /**Every key with the given `host`: one range.

Selects the keys by their bytes 0.. (`host`, variable length).*/
        #[inline(always)]
        pub fn prefix_for_host(host: &str) -> __Scan {
            __rk::scan::prefix(
                __Pinned {
                    0: __rk::Some(host),
                    ..__Pinned::NONE
                }
                    .write(),
                0..,
            )
        }
        /**Every key with the given `host` and `ts`: one range.

Selects the keys by their bytes 0.. (`host`, variable length), 2..10 (`ts`).*/
        #[inline(always)]
        pub fn prefix_for_host_ts(host: &str, ts: u64) -> __Scan {
            __rk::scan::prefix(
                __Pinned {
                    0: __rk::Some(host),
                    1: __rk::Some(&ts),
                    ..__Pinned::NONE
                }
                    .write(),
                0..,
            )
        }
        /**Every key with the given `host` and whose `ts` lies in the given range (any range: `a..b`, `a..=b`, `a..`, `..`, `(Bound, Bound)`); the field is descending, so the keys come largest first.

Selects the keys by their bytes 0.. (`host`, variable length), 2..10 (`ts`).*/
        #[inline(always)]
        pub fn range_for_host_ts(host: &str, ts: impl __rk::RangeBounds<u64>) -> __Scan {
            __rk::scan::value(
                __Pinned {
                    0: __rk::Some(host),
                    ..__Pinned::NONE
                }
                    .write(),
                0..,
                &ts,
                __rk::int::Int::<u64>::edge,
                true,
            )
        }
        /**Every key with the given `host` and `ts` and `rest`: one range.

Selects the keys by their bytes 0.. (`host`, variable length), 2..10 (`ts`), 10.. (`rest`, variable length).*/
        #[inline(always)]
        pub fn prefix_for_host_ts_rest(host: &str, ts: u64, rest: &[u8]) -> __Scan {
            __rk::scan::exact(
                __Pinned {
                    0: __rk::Some(host),
                    1: __rk::Some(&ts),
                    2: __rk::Some(rest),
                    ..__Pinned::NONE
                }
                    .write(),
                0..,
            )
        }
    }
};
