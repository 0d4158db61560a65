//! Highlights and notes on summaries: a member marks passages of what they may read, in one of
//! three colours, with a note; the highlights survive edits of the summary (`anchoring`: points,
//! quote and context, then a fuzzy search; what cannot be found is kept as orphaned) and leave as
//! Markdown or Readwise CSV (`export`). Rules over ports (`ports`; the catalogue's for books and
//! who may read them); no database, HTTP or clock.

pub mod anchoring;
pub mod error;
pub mod export;
pub mod model;
pub mod ports;
pub mod service;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::HighlightError;
pub use service::Highlights;
