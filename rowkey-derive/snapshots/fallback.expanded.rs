::core::compile_error! {
    "`#[pad(6)]` needs an unsigned integer; `i32` can be negative. Use the default big-endian codec, which orders negatives first, or an unsigned type"
}
::core::compile_error! {
    "declared `width = 20`, but the fields add up to 11 bytes: salt 0..1 (1), user_id 1..7 (6), create_date 7..11 (4). Write `width = 11`, or change the fields"
}
#[doc(hidden)]
#[allow(dead_code, unused, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::rowkey::RowKey for FileKey {
        const WIDTH: usize = 20;
        const LAYOUT: ::rowkey::Layout<'static> = ::rowkey::Layout {
            name: "FileKey",
            width: 20,
            variable: false,
            max_width: 20,
            salt: ::core::option::Option::None,
            segments: &[],
        };
        type Bytes = [u8; 20];
        type Decoded<'de> = FileKey;
        fn encode(&self) -> ::core::result::Result<[u8; 20], ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        fn encode_into(
            &self,
            _: &mut [u8],
        ) -> ::core::result::Result<usize, ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        fn decode(
            _: &[u8],
        ) -> ::core::result::Result<Self::Decoded<'_>, ::rowkey::DecodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
    }
    impl FileKey {
        pub const SALT: ::rowkey::Salt = ::rowkey::Salt::new(1);
        pub fn split_points() -> ::rowkey::SplitPoints {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        pub fn prefix_for_user_id_within(
            _: impl ::core::marker::Sized,
        ) -> ::core::result::Result<::rowkey::BucketRanges<21>, ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        pub fn prefix_for_user_id(
            _: impl ::core::marker::Sized,
        ) -> ::core::result::Result<::rowkey::BucketRanges<21>, ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        pub fn range_for_user_id(
            _: impl ::core::marker::Sized,
        ) -> ::core::result::Result<::rowkey::BucketRanges<21>, ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        pub fn prefix_for_user_id_create_date_within(
            _: impl ::core::marker::Sized,
            _: impl ::core::marker::Sized,
        ) -> ::core::result::Result<::rowkey::BucketRanges<21>, ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        pub fn prefix_for_user_id_create_date(
            _: impl ::core::marker::Sized,
            _: impl ::core::marker::Sized,
        ) -> ::core::result::Result<::rowkey::KeyRange<21>, ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
        pub fn range_for_user_id_create_date(
            _: impl ::core::marker::Sized,
            _: impl ::core::marker::Sized,
        ) -> ::core::result::Result<::rowkey::BucketRanges<21>, ::rowkey::EncodeError> {
            ::core::unreachable!("rowkey: the derive reported errors")
        }
    }
};
