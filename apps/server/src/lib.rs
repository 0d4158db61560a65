//! The HTTP shell around the domain crates.

pub mod auth;
mod cache_policy;
pub mod config;
pub mod document_reader;
pub mod envelope;
pub mod fault_points;
mod hygiene;
#[doc(hidden)]
pub mod internals;
mod jobs;
pub mod metrics;
pub mod openapi;
pub mod payment_providers;
pub mod routes;
pub mod spa;
pub mod startup;
pub mod state;
pub mod stores;
pub mod telemetry;
pub mod uploads;
mod workers;
pub mod workflows;

pub use config::{Config, PaymentSettings};
pub use startup::{Application, BuildOptions};
