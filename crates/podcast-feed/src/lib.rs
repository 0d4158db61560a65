//! A member's private podcast feed: every audio summary they saved or finished (or every one, a
//! setting) in their own podcast app. The feed's address holds a 128-bit secret kept only as a
//! digest; rotating it stops the old address at once. What the feed lists follows who may listen
//! now (`catalogue::entitlement`): Premium gets its episodes, a free member the free books and a
//! note on how to get the rest. Downloads from too many places in a day mark the feed as shared
//! (`sharing`): the member is told, and the second time the address is rotated. Rules over ports
//! (`ports`); the RSS document (`rss_document`) is pure text out.

pub mod error;
pub mod model;
pub mod ports;
pub mod rss_document;
pub mod service;
pub mod sharing;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::FeedError;
pub use service::Feeds;
