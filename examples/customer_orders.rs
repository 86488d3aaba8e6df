//! Customers and their orders in one table, seed 002: the customer row is
//! `[customer][type = 1]`, an order row `[customer][type = 2][order]`. The
//! type is a `#[tag]` field: a constant byte that decode checks, so
//! `#[derive(RowKey)] enum Row` decodes each row of a mixed scan into the right
//! key type. One prefix scan of a customer returns the customer and all its
//! orders, in that order (type 1 sorts before type 2).
//!
//! The article's caveat holds too: reading one record type across customers
//! (every customer, no orders) is a full scan that skips the other type.
//!
//! Run: `cargo run --example customer_orders`

#[allow(dead_code)]
#[path = "common/mod.rs"]
mod common;

use std::io::Write;

use common::{scan, Result, Store};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rowkey::{KeyRange, RowKey};

/// `[customer][1]`: the customer record.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub struct CustomerKey {
    pub customer: u64,
    #[tag(1)]
    pub kind: (),
}

/// `[customer][2][order]`: one order of the customer.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub struct OrderKey {
    pub customer: u64,
    #[tag(2)]
    pub kind: (),
    pub order: u64,
}

/// Either record type: what a scan of the table decodes into.
#[derive(RowKey, Debug, Clone, Copy, PartialEq)]
pub enum Row {
    Customer(CustomerKey),
    Order(OrderKey),
}

/// A customer as the application sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Customer {
    pub id: u64,
    pub name: String,
    pub city: String,
    pub orders: Vec<Order>,
}

/// An order: number, sales date, total in cents.
#[derive(Debug, Clone, PartialEq)]
pub struct Order {
    pub number: u64,
    pub sales_date: u32,
    pub cents: u64,
}

/// The settings of a run.
pub struct Config {
    pub customers: u64,
    /// Each customer gets `0..max_orders` orders.
    pub max_orders: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            customers: 10_000,
            max_orders: 20,
        }
    }
}

/// What the scans found.
#[derive(Debug)]
pub struct Summary {
    pub rows: usize,
    /// Customer 42 as one scan returned it, and as generated.
    pub customer: Customer,
    pub expected: Customer,
    /// Rows that scan read (the customer row plus its orders).
    pub scanned: usize,
    /// Customers found by the full scan that skips orders, and rows it read.
    pub all_customers: usize,
    pub full_scan_rows: usize,
}

fn generate(cfg: &Config) -> Vec<Customer> {
    let mut rng = SmallRng::seed_from_u64(4);
    const CITIES: [&str; 5] = ["Hangzhou", "Shanghai", "Beijing", "Shenzhen", "Chengdu"];
    let mut number = 100_000;
    (1..=cfg.customers)
        .map(|id| Customer {
            id,
            name: format!("customer {id}"),
            city: CITIES[rng.random_range(0..CITIES.len())].to_owned(),
            orders: (0..rng.random_range(0..cfg.max_orders))
                .map(|_| {
                    number += rng.random_range(1..50);
                    Order {
                        number,
                        sales_date: 20240101 + rng.random_range(0..28),
                        cents: rng.random_range(100..500_000),
                    }
                })
                .collect(),
        })
        .collect()
}

/// Reads one customer with all orders: one prefix scan, each row decoded by its tag.
pub fn load_customer(
    table: &fjall::Keyspace,
    id: u64,
    out: &mut dyn Write,
) -> Result<(Option<Customer>, usize)> {
    let range = CustomerKey::prefix_for_customer(id)?;
    writeln!(out, "customer {id}: scan {range}")?;
    let (mut customer, mut scanned) = (None, 0);
    for row in scan(table, &range) {
        let (k, v) = row?;
        scanned += 1;
        let v = std::str::from_utf8(&v)?;
        match Row::decode(&k)? {
            Row::Customer(key) => {
                let (name, city) = v.split_once('\t').ok_or("bad customer value")?;
                customer = Some(Customer {
                    id: key.customer,
                    name: name.into(),
                    city: city.into(),
                    orders: vec![],
                });
            }
            Row::Order(key) => {
                let (date, cents) = v.split_once('\t').ok_or("bad order value")?;
                let c = customer.as_mut().ok_or("an order before its customer")?;
                c.orders.push(Order {
                    number: key.order,
                    sales_date: date.parse()?,
                    cents: cents.parse()?,
                });
            }
        }
    }
    Ok((customer, scanned))
}

/// Loads the customers and their orders, then reads customer 42 and every customer.
pub fn run(cfg: &Config, out: &mut dyn Write) -> Result<Summary> {
    let store = Store::open()?;
    let table = store.table("customer_plus_plus")?;
    writeln!(out, "{}\n{}", CustomerKey::LAYOUT, OrderKey::LAYOUT)?;

    let customers = generate(cfg);
    let mut rows = 0;
    for chunk in customers.chunks(1_000) {
        let mut batch = store.db.batch();
        for c in chunk {
            batch.insert(
                &table,
                CustomerKey {
                    customer: c.id,
                    kind: (),
                }
                .encode()?,
                format!("{}\t{}", c.name, c.city),
            );
            for o in &c.orders {
                let key = OrderKey {
                    customer: c.id,
                    kind: (),
                    order: o.number,
                }
                .encode()?;
                batch.insert(&table, key, format!("{}\t{}", o.sales_date, o.cents));
            }
            rows += 1 + c.orders.len();
        }
        batch.commit()?;
    }
    writeln!(
        out,
        "loaded {} customers and {} orders into one table",
        customers.len(),
        rows - customers.len()
    )?;

    let id = 42.min(cfg.customers);
    let (customer, scanned) = load_customer(&table, id, out)?;
    let customer = customer.ok_or("customer not found")?;
    writeln!(
        out,
        "  {scanned} rows: {} ({}) with {} orders",
        customer.name,
        customer.city,
        customer.orders.len()
    )?;
    for o in customer.orders.iter().take(3) {
        writeln!(
            out,
            "    order {} on {}: {}.{:02}",
            o.number,
            o.sales_date,
            o.cents / 100,
            o.cents % 100
        )?;
    }
    writeln!(
        out,
        "  orders only: scan {}",
        OrderKey::prefix_for_customer_kind(id)?
    )?;

    // One record type across customers: the whole table, orders skipped.
    let (mut all_customers, mut full_scan_rows) = (0, 0);
    for row in scan(&table, &KeyRange::<64>::all()) {
        full_scan_rows += 1;
        if let Row::Customer(_) = Row::decode(&row?.0)? {
            all_customers += 1;
        }
    }
    writeln!(out, "every customer, no orders: a full scan of {full_scan_rows} rows for {all_customers} customers")?;

    let expected = customers
        .into_iter()
        .find(|c| c.id == id)
        .ok_or("no such customer")?;
    Ok(Summary {
        rows,
        customer,
        expected,
        scanned,
        all_customers,
        full_scan_rows,
    })
}

fn main() -> Result<()> {
    run(&Config::default(), &mut std::io::stdout())?;
    Ok(())
}
