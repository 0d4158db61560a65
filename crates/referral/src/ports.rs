//! What the referral programme needs from outside.

use crate::affiliate::{AffiliateFilter, AffiliatePage, AffiliateRecord, AffiliateStatus, Application};
pub use crate::attribution::PaymentFacts;
use crate::error::ReferralError;
use kernel::{OutgoingMail, Timestamp, UserId};
pub use kernel::{PortError, PortResult};

pub trait ReferralIds {
    /// A fresh random id (`referral_id::LENGTH` characters of `referral_id::ALPHABET`).
    fn new_referral_id(&self) -> String;
    fn referral_id_of(&self, member: UserId) -> PortResult<Option<String>>;
    /// Gives the member this id unless they have one or another member has it; false then.
    fn save_referral_id(&self, member: UserId, id: &str) -> PortResult<bool>;
    /// The live member whose id this is.
    fn owner_of(&self, id: &str) -> PortResult<Option<UserId>>;
}

pub trait Referred {
    /// Records that `referrer` referred `member`, unless someone already did; false then.
    fn set_referrer(&self, member: UserId, referrer: UserId, at: Timestamp) -> PortResult<bool>;
    /// (live members `referrer` referred, how many of them have premium at `now`).
    fn referred_counts(&self, referrer: UserId, now: Timestamp) -> PortResult<(i64, i64)>;
    /// The member's commission: credited (net of reversals), still pending (credits made after
    /// `matured_before` that nothing reversed), and paid out.
    fn commission(&self, member: UserId, matured_before: Timestamp) -> PortResult<Commission>;
    /// The live members `referrer` referred, the newest sign-up first, at most `limit`: when each
    /// joined, whether they have premium at `now`, and what their payments earned `referrer`
    /// (pending: credits made after `matured_before` that nothing reversed). Nothing that names
    /// them (no e-mail, no name, no id).
    fn referred_members(&self, referrer: UserId, now: Timestamp, matured_before: Timestamp, limit: i64) -> PortResult<Vec<ReferredMember>>;
    /// Accounts whose sign-up named a referral link not settled yet (`member`'s only, when
    /// given), oldest first, at most `limit`: (the member, the link id as kept by sign-up).
    fn unsettled_sign_up_referrals(&self, member: Option<UserId>, limit: i64) -> PortResult<Vec<(UserId, String)>>;
    /// The link `member`'s sign-up named is settled (attributed or found to be no referral).
    fn settle_sign_up_referral(&self, member: UserId) -> PortResult<()>;
}

/// One member someone referred, as their referrer may see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReferredMember {
    /// When their account was made.
    pub joined_at: Timestamp,
    /// They have premium now.
    pub paying: bool,
    /// What their payments credited the referrer, net of reversals and reinstatements, in cents.
    pub earned_cents: i64,
    /// Of that, credits still inside the refund window.
    pub pending_cents: i64,
}

/// A member's commission, in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Commission {
    /// Every credit, net of reversals and reinstatements.
    pub earned_cents: i64,
    /// Credits still inside the refund window: not available yet.
    pub pending_cents: i64,
    /// Paid out so far (a positive sum of the payout entries).
    pub paid_out_cents: i64,
}

impl Commission {
    /// What may be paid out: earned, out of the refund window, not paid yet. Negative after a
    /// refund of a payment whose credit was paid out: a debt later credits pay first.
    pub fn available_cents(&self) -> i64 {
        self.earned_cents - self.pending_cents - self.paid_out_cents
    }
}

pub trait Invitations {
    /// The live member's e-mail address.
    fn email_of(&self, member: UserId) -> PortResult<Option<String>>;
    /// Whether a live account has this (normalised) address.
    fn is_member(&self, email: &str) -> PortResult<bool>;
    /// Records an attempt under `key` and counts the key's attempts since `since` (atomic per key).
    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32>;
    /// Queues the invitation and, when the member has invited nobody yet, records `friend_email`
    /// as their invited friend, in one transaction; true when this was their first invite.
    fn save_invite(&self, member: UserId, friend_email: &str, mail: &OutgoingMail, at: Timestamp) -> PortResult<bool>;
}

/// A refunded (or charged-back) payment whose credit no entry reverses yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreversedRefund {
    pub charge_id: String,
    pub beneficiary: UserId,
    pub credited_cents: i64,
    pub paid_cents: i64,
    /// A chargeback (which a won dispute may undo) rather than a refund.
    pub chargeback: bool,
}

/// Why a credit was reversed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    Refund,
    /// Undone if the dispute is won.
    Chargeback,
    /// The payment turned out to be the beneficiary's own.
    OwnPayment,
}

impl Reason {
    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Refund => "refund",
            Reason::Chargeback => "chargeback",
            Reason::OwnPayment => "own_payment",
        }
    }
}

/// A new credit or reversal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerEntry {
    pub beneficiary: UserId,
    pub kind: EntryKind,
    pub charge_id: String,
    pub amount_cents: i64,
    /// For a reversal: why.
    pub reason: Option<Reason>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    Credit,
    /// A refund, a chargeback, or a credit found to be the payer's own.
    Reversal,
    /// A won dispute gives back what its chargeback reversed.
    Reinstatement,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Credit => "credit",
            EntryKind::Reversal => "reversal",
            EntryKind::Reinstatement => "reinstatement",
        }
    }
}

/// The commission ledger: append-only, one credit and at most one reversal per payment.
pub trait CommissionLedger {
    /// Money received (purchases whose plan takes the money at checkout, and subscriptions' later
    /// payments: renewals, the first payment after a trial) from a referred member or through a
    /// referral link, that the job has not settled yet, oldest first, at most `limit`.
    fn unsettled_payments(&self, limit: i64) -> PortResult<Vec<PaymentFacts>>;
    /// Records what a payment earned: appends its credit, if any (unless one exists), and marks
    /// the payment settled, in one transaction. Whether a credit was added.
    fn settle(&self, charge_id: &str, credit: Option<&LedgerEntry>, at: Timestamp) -> PortResult<bool>;
    /// Refunded (or charged back) charges with a credit and no reversal, at most `limit`.
    fn unreversed_refunds(&self, limit: i64) -> PortResult<Vec<UnreversedRefund>>;
    /// Credits made after `matured_before` that nothing reversed, with their payments' facts as
    /// they are now (a guest purchase may have been attached to an account since), at most `limit`.
    fn pending_credits(&self, matured_before: Timestamp, limit: i64) -> PortResult<Vec<(PaymentFacts, LedgerEntry)>>;
    /// Credits reversed for a chargeback whose payment is paid again (the dispute was won) and
    /// not reinstated yet: the reversal to undo, at most `limit`.
    fn reinstatable(&self, limit: i64) -> PortResult<Vec<LedgerEntry>>;
    /// Appends the entry unless the payment already has one of its kind; whether it was added.
    fn append(&self, entry: &LedgerEntry, at: Timestamp) -> PortResult<bool>;
}

/// Affiliates: applications, decisions, balances and payouts.
pub trait Affiliates {
    /// The member's application with their money (pending: credited after `matured_before`), if
    /// they ever applied.
    fn affiliate(&self, member: UserId, matured_before: Timestamp) -> PortResult<Option<AffiliateRecord>>;
    /// The same, locking the affiliate until the transaction ends (a payout reads the balance).
    fn lock_affiliate(&self, member: UserId, matured_before: Timestamp) -> PortResult<Option<AffiliateRecord>>;
    /// Saves a (new or renewed) application as pending.
    fn save_application(&self, member: UserId, application: &Application, at: Timestamp) -> PortResult<()>;
    /// Sets the decision, recorded in the back office's audit log under `by` in the same
    /// transaction (Security III §7).
    fn set_affiliate_status(&self, member: UserId, status: AffiliateStatus, by: UserId, at: Timestamp) -> PortResult<()>;
    /// Pending first, then the newest applications; `limit` from `start`.
    fn affiliates_page(&self, filter: AffiliateFilter, start: i64, limit: i64, matured_before: Timestamp) -> PortResult<AffiliatePage>;
    /// Every affiliate, in the page's order (the CSV export).
    fn all_affiliates(&self, matured_before: Timestamp) -> PortResult<Vec<AffiliateRecord>>;
    /// Appends a payout entry (a negative amount) for the affiliate, recorded in the audit log
    /// under `by` in the same transaction.
    fn append_payout(&self, member: UserId, amount_cents: i64, note: &str, by: UserId, at: Timestamp) -> PortResult<()>;
    /// Records in the audit log that `by` downloaded the export `file`.
    fn note_export(&self, by: UserId, file: &str, at: Timestamp) -> PortResult<()>;
    /// Runs `work` in one transaction: all of it is kept, or none when it fails.
    fn atomically(&self, work: &mut dyn FnMut() -> Result<(), ReferralError>) -> Result<(), ReferralError>;
}

/// Everything the referral programme reads and writes, implemented by one adapter.
pub trait ReferralStore: ReferralIds + Referred + Invitations + CommissionLedger + Affiliates {}

impl<T: ReferralIds + Referred + Invitations + CommissionLedger + Affiliates> ReferralStore for T {}
