//! Billing: the plans the product sells, what a purchase costs (plan, quantity, infographic
//! add-ons, then a coupon's percent off the total), and the life of a subscription as the payment
//! providers report it. Rules over the ports in `ports`; no database, HTTP or clock. Every amount
//! is integer cents (USD) and is computed here, never taken from the client.

pub mod access;
pub mod cancel;
pub mod checkout;
pub mod codes;
pub mod error;
pub mod gateway;
pub mod model;
pub mod ports;
pub mod pricing;
pub mod receipt;
pub mod reconcile;
pub mod service;
pub mod standing;
pub mod subscription;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::BillingError;
pub use model::{AddOn, Cents, Coupon, Plan, PlanKind};
pub use pricing::Quote;
pub use service::Billing;
pub use subscription::{ProviderSnapshot, SubscriptionState, SubscriptionStatus};
