//! The referral programme: every member has a public referral id (`/r/{id}`), a visitor who signs
//! up through it is referred by that member (never by themselves, once), and members invite
//! friends by e-mail (the first invite unlocks one more free summary, a catalogue rule keyed on the
//! invite). Members may apply to the affiliate programme; an operator approves them, and pays
//! them out. Who a payment credits (`attribution`) and how much (`commission`: 25% for referrers,
//! 10% of Premium for affiliates, exact reversals) settle the ledger. Rules over the ports in
//! `ports`; no database, HTTP or clock.

pub mod affiliate;
pub mod attribution;
pub mod commission;
pub mod error;
pub mod invite;
pub mod ports;
pub mod referral_id;
pub mod service;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::ReferralError;
pub use service::{Refer, ReferralStats, Referrals};
