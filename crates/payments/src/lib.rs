//! The payment providers behind billing's ports (`billing::gateway`): Stripe through the
//! async-stripe 1.0 client, pointed by configuration at api.stripe.com or a local stand-in
//! (`stand_ins::stripe::StripeStandIn`); PayPal over its REST API with reqwest, pointed at
//! api-m.paypal.com, its sandbox or a local stand-in (`stand_ins::paypal::PayPalStandIn`).

pub mod paypal;
pub mod stripe;

mod secrets;

pub use secrets::BillingSecrets;

mod tls;
