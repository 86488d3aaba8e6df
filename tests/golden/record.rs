//! Record enums: seed 002's customer and order rows in one table.

use super::keys::{CustomerKey, OrderKey, Row};
use super::*;

#[test]
fn record_enum_decodes_each_variant() {
    let customer = CustomerKey {
        customer: 7,
        kind: (),
    };
    let order = OrderKey {
        customer: 7,
        kind: (),
        order: 9,
    };
    let customer_bytes = [0, 0, 0, 0, 0, 0, 0, 7, 0x01];
    let order_bytes = [0, 0, 0, 0, 0, 0, 0, 7, 0x02, 0, 0, 0, 0, 0, 0, 0, 9];
    golden(&customer, &customer_bytes);
    golden(&order, &order_bytes);
    assert_eq!(
        Row::decode(&customer_bytes).unwrap(),
        Row::Customer(customer.clone())
    );
    assert_eq!(
        Row::decode(&order_bytes).unwrap(),
        Row::Order(order.clone())
    );
    // From, and the enum encodes the variant's key
    let row: Row = order.clone().into();
    assert_eq!(row, Row::Order(order));
    assert_eq!(row.encoded_len(), 17);
    let mut buf = [0u8; 32];
    let n = row.encode_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], &order_bytes);
    let row: Row = customer.into();
    let n = row.encode_into(&mut buf).unwrap();
    assert_eq!(&buf[..n], &customer_bytes);
    // neither record type
    assert!(Row::decode(&[0, 0, 0, 0, 0, 0, 0, 7, 0x03]).is_err());
    assert!(Row::decode(&[0, 0, 0, 0, 0, 0, 0, 7, 0x01, 0]).is_err());
    assert!(Row::decode(&[]).is_err());
    // a customer tag with an order's length is neither
    let mut wrong = order_bytes;
    wrong[8] = 0x01;
    assert!(Row::decode(&wrong).is_err());
}

#[test]
fn tag_helpers_pin_the_record_type() {
    // `prefix_for_customer` holds the customer row and its orders; adding the tag holds only orders
    let both = OrderKey::prefix_for_customer(7).unwrap();
    assert_eq!(both.start(), &[0, 0, 0, 0, 0, 0, 0, 7]);
    let orders = OrderKey::prefix_for_customer_kind(7).unwrap();
    assert_eq!(orders.start(), &[0, 0, 0, 0, 0, 0, 0, 7, 0x02]);
    assert_eq!(orders.end(), Some(&[0, 0, 0, 0, 0, 0, 0, 7, 0x03][..]));
    let one = OrderKey::prefix_for_customer_kind_order(7, 9).unwrap();
    assert_eq!(
        one.start(),
        &[0, 0, 0, 0, 0, 0, 0, 7, 0x02, 0, 0, 0, 0, 0, 0, 0, 9]
    );
}
