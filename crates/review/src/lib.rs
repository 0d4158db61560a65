//! Daily review: every key idea of a book the member finished and every highlight they marked
//! "Review" becomes a card, scheduled by FSRS (`schedule`, over the `rs-fsrs` crate, desired
//! retention 0.9). Today's queue holds the cards due and a few new ones a day (a setting); a
//! rating moves a card's memory on once, however often it is sent, and earns the streak day and XP
//! (`model::XP_PER_REVIEWED_CARD`). Rules over ports (`ports`; the catalogue's for books and who
//! may read them); no database, HTTP or clock.

pub mod error;
pub mod model;
pub mod ports;
pub mod schedule;
pub mod service;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::ReviewError;
pub use service::Review;
