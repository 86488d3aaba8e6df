#[automatically_derived]
impl Row {
    /// Decodes the key of whichever record type these bytes hold, trying
    /// the variants in order; give each a `#[tag]` so exactly one fits.
    /// On failure, the error of the variant that read furthest.
    pub fn decode(bytes: &[u8]) -> ::core::result::Result<Self, ::rowkey::DecodeError> {
        let __err = match <CustomerKey as ::rowkey::RowKey>::decode(bytes) {
            ::core::result::Result::Ok(k) => {
                return ::core::result::Result::Ok(Self::Customer(k));
            }
            ::core::result::Result::Err(e) => e,
        };
        let __err = match <OrderKey as ::rowkey::RowKey>::decode(bytes) {
            ::core::result::Result::Ok(k) => {
                return ::core::result::Result::Ok(Self::Order(k));
            }
            ::core::result::Result::Err(e) => {
                if e.offset() >= __err.offset() { e } else { __err }
            }
        };
        ::core::result::Result::Err(__err)
    }
    /// Encodes the variant's key into the front of `out`.
    pub fn encode_into(
        &self,
        out: &mut [u8],
    ) -> ::core::result::Result<usize, ::rowkey::EncodeError> {
        match self {
            Self::Customer(k) => ::rowkey::RowKey::encode_into(k, out),
            Self::Order(k) => ::rowkey::RowKey::encode_into(k, out),
        }
    }
    /// The length of the variant's key.
    pub fn encoded_len(&self) -> usize {
        match self {
            Self::Customer(k) => ::rowkey::RowKey::encoded_len(k),
            Self::Order(k) => ::rowkey::RowKey::encoded_len(k),
        }
    }
}
#[automatically_derived]
impl ::core::convert::From<CustomerKey> for Row {
    fn from(k: CustomerKey) -> Self {
        Self::Customer(k)
    }
}
#[automatically_derived]
impl ::core::convert::From<OrderKey> for Row {
    fn from(k: OrderKey) -> Self {
        Self::Order(k)
    }
}
