//! Purchases: what a checkout records (a charge, and for subscriptions the subscription) and what
//! it grants the member (the plan fields every entitlement reads).

use crate::access::{GrantSource, MemberPlan, NewGrant};
use crate::model::{Cents, Plan, PlanKind};
use crate::subscription::SubscriptionState;
use kernel::{PortResult, Session, Timestamp, UserId};

/// Who pays: a signed-in member (their session, checked live), or a guest who attaches the
/// purchase to an account afterwards (`mark-as-paid` with the charge id).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Buyer {
    Member(Session),
    Guest { email: Option<String> },
}

/// Where a charge stands. Only `Paid` gives anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChargeStatus {
    /// Recorded before the provider is asked, so that a payment whose answer was lost (the
    /// process died, the connection timed out) is found again: the provider's event or the
    /// reconcile job finds what became of it (`reconcile`).
    Initiated,
    /// Waiting for the buyer: their bank (3-D Secure), or their approval in PayPal's window.
    RequiresAction,
    /// Accepted by the provider but the money has not arrived (a bank debit): nothing is given
    /// until the provider says it succeeded.
    Processing,
    Paid,
    Refunded,
    /// Taken back by a chargeback: what it gave is suspended, and comes back if the dispute is won.
    Disputed,
}

impl ChargeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ChargeStatus::Initiated => "initiated",
            ChargeStatus::RequiresAction => "requires_action",
            ChargeStatus::Processing => "processing",
            ChargeStatus::Paid => "paid",
            ChargeStatus::Refunded => "refunded",
            ChargeStatus::Disputed => "disputed",
        }
    }

    pub fn parse(text: &str) -> Option<ChargeStatus> {
        [Self::Initiated, Self::RequiresAction, Self::Processing, Self::Paid, Self::Refunded, Self::Disputed].into_iter().find(|s| s.as_str() == text)
    }

    /// Waiting for money that may still come.
    pub fn is_waiting(self) -> bool {
        matches!(self, ChargeStatus::Initiated | ChargeStatus::RequiresAction | ChargeStatus::Processing)
    }
}

/// A purchase as stored. `id` is the public `chargeId`: random, not guessable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Charge {
    pub id: String,
    pub user: Option<UserId>,
    pub email: String,
    pub plan_id: String,
    pub quantity: u32,
    pub amount: Cents,
    pub coupon: Option<String>,
    pub provider: String,
    /// The provider's payment or subscription id; empty while the charge is `Initiated` and the
    /// provider has not named it.
    pub reference: String,
    pub status: ChargeStatus,
    pub created_at: Timestamp,
    /// The referral link the purchase came through (`rId`).
    pub referral_id: Option<String>,
    /// The fingerprint of the card that paid, when a card did (the provider's: the same for every
    /// copy of one card). The referral programme credits nobody for their own card.
    pub card_fingerprint: Option<String>,
    /// The infographics bought with it, delivered as a pack (`Billing::bought_infographics`).
    pub add_on: Option<crate::model::AddOn>,
}

/// The grant a purchase of `plan` gives its member: lifetime for life, a subscription as long as
/// its state gives access; gifts, seats, books and quiz results give their buyer none.
pub fn purchase_grant(plan: &Plan, charge: &Charge, user: UserId, subscription: Option<&SubscriptionState>, now: Timestamp) -> Option<NewGrant> {
    let ends_at = match (&plan.kind, subscription) {
        (PlanKind::Lifetime, _) => None,
        (PlanKind::Subscription { .. }, Some(state)) => Some(state.access_until()),
        _ => return None,
    };
    Some(NewGrant { user, plan_id: plan.id.clone(), source: GrantSource::Purchase { charge_id: charge.id.clone() }, starts_at: now, ends_at })
}

/// What a card checkout answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckoutResult {
    /// Paid (or the trial started). `plan` is the member's plan now (none for guests until they
    /// attach the charge).
    /// `add_on`: the infographics bought with it, to download (`bought_infographics`).
    Complete { charge_id: String, plan: Option<MemberPlan>, add_on: Option<crate::model::AddOn> },
    /// The page must complete 3-D Secure with `client_secret`, then confirm `charge_id`.
    RequiresAction { charge_id: String, client_secret: String },
    /// The provider accepted the payment but the money has not arrived: nothing is given until
    /// it does (the provider's event completes it).
    Processing { charge_id: String },
    /// The provider's answer was lost and it could not yet say whether it took the money: the page
    /// says "We are confirming your payment..." and asks again (`confirm_card_payment`).
    Confirming { charge_id: String },
}

/// How long the page is told a payment whose answer was lost is being confirmed before it is told
/// nothing was taken (the provider has no trace of it by then).
pub const CONFIRMING_FOR_SECONDS: i64 = 120;

/// Outcome of attaching a guest's charge to an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attach {
    Attached,
    /// Attached to this account already: nothing to do.
    AlreadyYours,
    /// Someone else's, unknown, or not paid.
    Refused,
}

/// Charges, subscriptions and the member's plan, stored together.
pub trait ChargeBook {
    /// Records a charge; for a paid one also counts its coupon's redemption, and for a
    /// subscription stores its state, all in one transaction.
    fn record_charge(&self, charge: &Charge, subscription: Option<&SubscriptionState>) -> PortResult<()>;
    fn find_charge(&self, id: &str) -> PortResult<Option<Charge>>;
    /// The charge a provider knows by `reference` (its payment, order or subscription id).
    fn find_charge_by_reference(&self, provider: &str, reference: &str) -> PortResult<Option<Charge>>;
    /// Marks a waiting charge paid with the same effects as `record_charge` (once: false when it
    /// was not waiting any more).
    fn complete_charge(&self, id: &str, subscription: Option<&SubscriptionState>) -> PortResult<bool>;
    /// Gives an `Initiated` charge the provider's reference and moves it to `status` (a waiting
    /// status, or `Initiated` still for a payment `complete_charge` completes next). False when it
    /// was not initiated any more (its provider's event or reconcile settled it meanwhile).
    fn name_reference(&self, id: &str, reference: &str, status: ChargeStatus) -> PortResult<bool>;
    /// Removes an `Initiated` charge (and its gift form) the provider refused or never received;
    /// false when it was not initiated any more.
    fn drop_initiated(&self, id: &str) -> PortResult<bool>;
    /// Gives an unattached paid charge to `user`, once: false when it had been attached meanwhile.
    fn attach_charge(&self, id: &str, user: UserId, at: Timestamp) -> PortResult<bool>;
    /// The subscription state stored for a charge.
    fn subscription_of(&self, charge_id: &str) -> PortResult<Option<SubscriptionState>>;
    /// The member's paid purchases that came with infographics, newest first.
    fn infographic_purchases_of(&self, user: UserId) -> PortResult<Vec<Charge>>;
}
