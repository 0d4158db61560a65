//! Stand-ins for outside providers, served on loopback for tests and local runs. A dev tool: the
//! product never uses this crate in production.
//!
//! - [`stripe::StripeStandIn`]: the part of Stripe's REST API the payments adapter uses, Stripe's
//!   signed webhooks, and a small Stripe.js for the browser.
//! - [`paypal::PayPalStandIn`]: the part of PayPal's REST API the payments adapter uses (OAuth
//!   tokens, orders, subscriptions, verify-webhook-signature), PayPal's webhooks, and a small
//!   subset of PayPal's JS SDK (the PayPal button) for the browser.
//! - [`language_model::LanguageModelStandIn`]: an OpenAI-compatible chat-completions endpoint for
//!   the AI summariser's optional language-model provider.

pub mod language_model;
pub mod paypal;
pub mod stripe;

mod http;
