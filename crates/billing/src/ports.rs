//! What billing needs from the outside world.

use crate::access::{AccessGrant, MemberPlan, NewGrant, Revocation};
use crate::cancel::CancelReason;
use crate::checkout::Charge;
use crate::codes::{CodeKind, CodeRecord, GiftDetails, Seat};
use crate::error::BillingError;
use crate::gateway::SubscriptionPayment;
use crate::model::{Coupon, Plan};
use crate::reconcile::ReconcileReport;
use crate::subscription::SubscriptionState;
use kernel::{OutgoingMail, PortResult, Session, Timestamp, UserId};

/// The plans on sale (rows, seeded, later edited by operators).
pub trait PlanCatalog {
    /// Any plan with this id, active or not.
    fn find_plan(&self, id: &str) -> PortResult<Option<Plan>>;
    /// The active plans of the pricing pages, cheapest first: every kind but single books (one
    /// per book, reached from the book).
    fn active_plans(&self) -> PortResult<Vec<Plan>>;
}

/// Discount codes.
pub trait CouponBook {
    /// The coupon with this (normalised, upper-case) code.
    fn find_coupon(&self, code: &str) -> PortResult<Option<Coupon>>;
    /// The coupon marked as the site's offer, if one is (running or not: the caller checks).
    fn site_offer(&self) -> PortResult<Option<Coupon>>;
    /// Claims one use of `code` for the recorded charge `charge_id` by the buyer `member_key`, in
    /// one conditional update: of parallel claims, no more succeed than the coupon has uses left.
    /// A charge that never becomes a payment gives its use back when it is dropped.
    fn claim_coupon(&self, code: &str, charge_id: &str, member_key: &str, at: Timestamp) -> PortResult<CouponClaim>;
    /// Whether `member_key` has claimed `code` (a once-per-member coupon's check before paying).
    fn coupon_claimed_by(&self, code: &str, member_key: &str) -> PortResult<bool>;
    /// Counts the attempts recorded under `key` since `since`, adding none.
    fn attempts_since(&self, key: &str, since: Timestamp) -> PortResult<u32>;
}

/// What claiming a coupon's use for a charge came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CouponClaim {
    Claimed,
    /// Its uses are all taken (or it does not exist any more).
    UsedUp,
    /// A once-per-member coupon this buyer has used.
    AlreadyUsed,
}

pub use crate::checkout::ChargeBook;

/// Randomness and digests billing needs.
pub trait Secrets: Send + Sync {
    /// A public charge id: random, not guessable (it attaches a purchase to an account).
    fn new_charge_id(&self) -> String;
    /// A single-use code for people to type (gifts, seats): random, at least 80 bits.
    fn new_code(&self) -> String;
    /// The digest codes are stored and looked up by (of the normalised code).
    fn digest(&self, normalised_code: &str) -> String;
}

/// A signed-in member as billing needs them: who, and where receipts go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payer {
    pub user: UserId,
    pub email: String,
    /// The member confirmed their address: until then they cannot buy or receive a gift
    /// (Security III §2).
    pub email_verified: bool,
}

/// The members behind sessions.
pub trait Payers {
    /// The member of a session that is still live (not signed out, not deleted).
    fn live_payer(&self, session: Session) -> PortResult<Option<Payer>>;
    /// A member's e-mail address (`None`: deleted or unknown), for mail about their access.
    fn member_email(&self, user: UserId) -> PortResult<Option<String>>;
}

/// Grants of Premium, and the member's plan fields derived from them (`access`).
pub trait GrantBook {
    /// Every grant of the member, with the member locked until the transaction ends: two changes
    /// to one member's access run one after the other.
    fn lock_grants_of(&self, user: UserId) -> PortResult<Vec<AccessGrant>>;
    /// Adds a grant; its id.
    fn add_grant(&self, grant: &NewGrant, at: Timestamp) -> PortResult<i64>;
    /// Moves a grant's end (a subscription's access changed).
    fn set_grant_end(&self, id: i64, ends_at: Option<Timestamp>) -> PortResult<()>;
    fn revoke_grant(&self, id: i64, at: Timestamp, why: Revocation) -> PortResult<()>;
    /// Undoes a revocation (a dispute that was won).
    fn restore_grant(&self, id: i64) -> PortResult<()>;
    /// The grants a purchase made: its own (lifetime, a subscription) and those of the codes it
    /// delivered (gifts, seats), whoever holds them.
    fn grants_of_charge(&self, charge_id: &str) -> PortResult<Vec<AccessGrant>>;
    /// Stores the member's plan fields as derived from their grants.
    fn save_member_plan(&self, user: UserId, plan: Option<&MemberPlan>) -> PortResult<()>;
}

/// The back office's side of a member's grants: an operator's plan edit replaces the operator's
/// grants (and the legacy one), in the caller's transaction; purchases' and codes' grants stay.
pub trait OperatorGrants {
    /// Every grant of the member, oldest first.
    fn grants_of(&self, user: UserId) -> PortResult<Vec<AccessGrant>>;
    /// Revokes the operator's grants of the member (and the legacy one) and adds `grant`, if any.
    fn replace_operator_grants(&self, user: UserId, grant: Option<&NewGrant>, at: Timestamp) -> PortResult<()>;
}

/// The back office's side of what billing sells: the coupon and plan desks read every coupon
/// and plan, and a new book is put on sale in the caller's transaction.
pub trait OperatorOffers {
    /// Every coupon, newest first.
    fn all_coupons(&self) -> PortResult<Vec<Coupon>>;
    /// Every plan but single books', active or not, cheapest first.
    fn sold_plans(&self) -> PortResult<Vec<Plan>>;
    /// Puts one book on sale on its own (`book-{id}`, its PDF at `amount`), unless it already is.
    fn add_book_plan(&self, book_id: i64, amount: crate::Cents) -> PortResult<()>;
}

/// Who had a free trial: once per account, e-mail address, card and PayPal payer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrialKeys {
    pub user: Option<UserId>,
    /// Normalised (`kernel::Email`).
    pub email: Option<String>,
    /// The card's fingerprint as the provider gives it (the same for every copy of one card).
    pub card: Option<String>,
    pub paypal_payer: Option<String>,
}

pub trait TrialBook {
    /// When a trial was first given to any of these keys; `None`: never.
    fn trial_given(&self, keys: &TrialKeys) -> PortResult<Option<Timestamp>>;
    /// Records a trial given to these keys (for the purchase `charge_id`).
    fn record_trial(&self, keys: &TrialKeys, charge_id: &str, at: Timestamp) -> PortResult<()>;
}

/// How a subscription that a better purchase replaced stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenewalEnding {
    /// Cancelled at once: a trial ends with no charge.
    Now,
    /// Kept until the end of the period paid for, without renewing.
    AtPeriodEnd,
}

impl RenewalEnding {
    pub fn as_str(self) -> &'static str {
        match self {
            RenewalEnding::Now => "now",
            RenewalEnding::AtPeriodEnd => "period_end",
        }
    }

    pub fn parse(text: &str) -> Option<RenewalEnding> {
        [RenewalEnding::Now, RenewalEnding::AtPeriodEnd].into_iter().find(|e| e.as_str() == text)
    }
}

/// Provider events, the member's plan fields, cancellations and billing's mail: what the webhook,
/// cancel and receipt use cases keep.
pub trait BillingLedger {
    /// Runs `work` in one transaction: all of its writes or none (an `Err` rolls back).
    fn atomically(&self, work: &mut dyn FnMut() -> Result<(), BillingError>) -> Result<(), BillingError>;
    /// Records a provider's event id; false when it was recorded before.
    fn first_delivery(&self, provider: &str, event_id: &str, at: Timestamp) -> PortResult<bool>;
    /// The charge behind a provider reference (a subscription, payment or order id) with its
    /// subscription state, locked until the transaction ends.
    fn lock_charge_by_reference(&self, provider: &str, reference: &str) -> PortResult<Option<(Charge, Option<SubscriptionState>)>>;
    /// A charge by our id with its subscription state, locked until the transaction ends.
    fn lock_charge(&self, id: &str) -> PortResult<Option<(Charge, Option<SubscriptionState>)>>;
    /// Stores a subscription's state (the caller decided it is newer).
    fn save_subscription(&self, charge_id: &str, state: &SubscriptionState) -> PortResult<()>;
    /// Sets a charge's status (refunded, disputed, paid again after a won dispute).
    fn set_charge_status(&self, charge_id: &str, status: crate::checkout::ChargeStatus) -> PortResult<()>;
    /// Records a subscription's payment under its purchase, once per provider payment id; whether
    /// it was new.
    fn record_subscription_payment(&self, charge_id: &str, provider: &str, payment: &SubscriptionPayment) -> PortResult<bool>;
    /// Marks the subscription payment with this refund reference refunded; whether one was.
    fn refund_subscription_payment(&self, provider: &str, reference: &str) -> PortResult<bool>;
    fn record_cancellation(&self, charge_id: &str, reason: CancelReason, at: Timestamp) -> PortResult<()>;
    /// The member's purchases with a subscription, newest first.
    fn subscriptions_of(&self, user: UserId) -> PortResult<Vec<(Charge, SubscriptionState)>>;
    /// Subscriptions that still renew although they must end, oldest first: their buyer deleted
    /// the account (at the period end), or a better purchase replaced them (as requested).
    fn renewals_to_end(&self, limit: usize) -> PortResult<Vec<(Charge, SubscriptionState, RenewalEnding)>>;
    /// Records that a subscription must stop renewing (done by `end_renewals`, now and by the
    /// housekeeping job until the provider confirms).
    fn request_renewal_end(&self, charge_id: &str, ending: RenewalEnding, at: Timestamp) -> PortResult<()>;
    /// Queues an e-mail (sent by the mail worker after the transaction commits).
    fn queue_mail(&self, mail: &OutgoingMail, at: Timestamp) -> PortResult<()>;
}

/// A code to store: its digest, never the code itself (but for team seats, which their buyer sees
/// and hands out, and which are random enough not to be guessed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCode {
    pub digest: String,
    pub kind: CodeKind,
    pub plan_id: String,
    pub duration_days: Option<i32>,
    /// The purchase that made it (gifts, seats).
    pub charge_id: Option<String>,
    /// The code as typed, kept for seats only.
    pub shown: Option<String>,
}

/// Single-use codes and what purchases deliver.
pub trait CodeBook {
    /// The code with this digest.
    fn find_code(&self, digest: &str) -> PortResult<Option<CodeRecord>>;
    /// Marks the code redeemed by `user`, only if it is still usable (a conditional update: of two
    /// at once, one wins). False when it was not.
    fn redeem_code(&self, code_id: i64, user: UserId, at: Timestamp) -> PortResult<bool>;
    /// Revokes the codes a purchase delivered that nobody redeemed yet; how many.
    fn revoke_codes_of_charge(&self, charge_id: &str, at: Timestamp, why: Revocation) -> PortResult<u32>;
    /// Undoes `revoke_codes_of_charge` for `why` (a won dispute); how many.
    fn restore_codes_of_charge(&self, charge_id: &str, why: Revocation) -> PortResult<u32>;
    fn insert_codes(&self, codes: &[NewCode], at: Timestamp) -> PortResult<()>;
    /// The gift form of a purchase, kept until it is paid and delivered.
    fn save_gift(&self, charge_id: &str, gift: &GiftDetails) -> PortResult<()>;
    fn gift_of(&self, charge_id: &str) -> PortResult<Option<GiftDetails>>;
    /// Records an attempt under `key` and counts the key's attempts since `since` (atomic per key).
    fn record_attempt(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32>;
}

/// Team seats.
pub trait SeatBook {
    /// The seats of the member's bulk purchases, oldest purchase first, in order.
    fn seats_of(&self, owner: UserId) -> PortResult<Vec<Seat>>;
    /// One seat with the member who owns its purchase.
    fn seat(&self, id: i64) -> PortResult<Option<(Seat, Option<UserId>)>>;
    /// Marks the seat invited and queues the invitation, in one transaction.
    fn invite_seat(&self, id: i64, email: &str, mail: &OutgoingMail, at: Timestamp) -> PortResult<()>;
    /// Revokes an unredeemed seat and adds its replacement, in one transaction; false when it was
    /// redeemed meanwhile.
    fn revoke_seat(&self, id: i64, replacement: &NewCode, at: Timestamp) -> PortResult<bool>;
}

/// What reconciliation reads page by page, and its last report.
pub trait ReconcileBook {
    /// Charges with an id greater than `after` (from the first when `None`), in id order, at most
    /// `limit`, with their subscription states.
    fn charges_after(&self, after: Option<&str>, limit: usize) -> PortResult<Vec<(Charge, Option<SubscriptionState>)>>;
    /// Members who hold a grant or whose stored plan fields name a plan, with ids greater than
    /// `after`, in id order, at most `limit`.
    fn members_with_plans_after(&self, after: Option<UserId>, limit: usize) -> PortResult<Vec<UserId>>;
    /// The plan fields stored on the member (what every entitlement reads).
    fn stored_member_plan(&self, user: UserId) -> PortResult<Option<MemberPlan>>;
    fn save_reconcile_report(&self, report: &ReconcileReport) -> PortResult<()>;
    fn last_reconcile_report(&self) -> PortResult<Option<ReconcileReport>>;
}

/// Everything billing stores, implemented by one adapter.
pub trait BillingStore: PlanCatalog + CouponBook + ChargeBook + BillingLedger + Payers + CodeBook + SeatBook + GrantBook + TrialBook + ReconcileBook {}

impl<T: PlanCatalog + CouponBook + ChargeBook + BillingLedger + Payers + CodeBook + SeatBook + GrantBook + TrialBook + ReconcileBook> BillingStore for T {}
