//! The back office: what operators see and do (`service`), and the analytics events the product
//! records for its statistics (`analytics`). Rules over the ports in `ports`; no database, HTTP or
//! clock. The admin guard (the role, checked in the database) stays at the HTTP edge, which
//! refuses non-admins before any admin use case runs.

pub mod analytics;
pub mod audit;
pub mod books;
pub mod content;
pub mod error;
pub mod form;
pub mod messages;
pub mod model;
pub mod ports;
pub mod service;
pub mod stats;
pub mod uploads;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use analytics::AnalyticsEvent;
pub use error::AdminError;
pub use model::MemberSummary;
pub use service::Admin;
