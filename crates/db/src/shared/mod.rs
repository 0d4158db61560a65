//! Plumbing every domain folder may use; no table of a domain and no rule lives here.

pub mod analytics;
pub mod audit;
pub mod book_cards;
pub mod gate;
pub mod members;
pub mod outbox;
pub mod paid;
pub mod throttle;
