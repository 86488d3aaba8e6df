//! When the input has errors: the errors, plus a bare `RowKey` impl, so code
//! that uses the key reports nothing more and one mistake gives one message.

use proc_macro2::TokenStream;
use quote::quote;

pub fn expand(input: &syn::DeriveInput, errors: syn::Error) -> TokenStream {
    let errors = errors.to_compile_error();
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    // Only a struct of lifetimes can take an impl; other inputs get just the errors.
    let plain = input.generics.type_params().next().is_none()
        && input.generics.const_params().next().is_none();
    if !plain {
        return errors;
    }
    quote! {
        #errors
        #[automatically_derived]
        impl #impl_generics ::rowkey::RowKey for #ident #ty_generics #where_clause {
            const WIDTH: usize = 0;
            const LAYOUT: ::rowkey::Layout = ::rowkey::Layout {
                name: "",
                width: 0,
                segments: &[],
            };
            type Bytes = [u8; 0];
            type Decoded<'de> = Self;
            fn encode(&self) -> ::core::result::Result<[u8; 0], ::rowkey::EncodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
            fn encode_into(&self, _: &mut [u8]) -> ::core::result::Result<usize, ::rowkey::EncodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
            fn decode(_: &[u8]) -> ::core::result::Result<Self, ::rowkey::DecodeError> {
                ::core::unreachable!("rowkey: the derive reported errors")
            }
        }
    }
}
