//! Purchases: what a checkout records (a charge, and for subscriptions the subscription) and what
//! it grants the member (the plan fields every entitlement reads).

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

/// Where a charge stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChargeStatus {
    /// Waiting for the buyer: their bank (3-D Secure), or their approval in PayPal's window.
    RequiresAction,
    Paid,
    Refunded,
}

impl ChargeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ChargeStatus::RequiresAction => "requires_action",
            ChargeStatus::Paid => "paid",
            ChargeStatus::Refunded => "refunded",
        }
    }

    pub fn parse(text: &str) -> Option<ChargeStatus> {
        [Self::RequiresAction, Self::Paid, Self::Refunded].into_iter().find(|s| s.as_str() == text)
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
    /// The provider's payment or subscription id.
    pub reference: String,
    pub status: ChargeStatus,
    pub created_at: Timestamp,
    /// The referral link the purchase came through (`rId`).
    pub referral_id: Option<String>,
}

/// What a paid plan gives the member: the fields the entitlements read (`planId`, `paidDate`,
/// `endPaidDate`; no end is for life).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    pub plan_id: String,
    pub paid_date: Timestamp,
    pub end_paid_date: Option<Timestamp>,
}

impl Grant {
    /// A lifetime purchase is for life; a subscription lasts as long as its state gives access.
    pub fn for_purchase(plan: &Plan, subscription: Option<&SubscriptionState>, now: Timestamp) -> Option<Grant> {
        let end_paid_date = match (&plan.kind, subscription) {
            (PlanKind::Lifetime, _) => None,
            (PlanKind::Subscription { .. }, Some(state)) => Some(state.access_until()),
            // Gifts, seats, books and quiz results give their buyer no plan of their own.
            _ => return None,
        };
        Some(Grant { plan_id: plan.id.clone(), paid_date: now, end_paid_date })
    }
}

impl Grant {
    /// Whether the plan lets the member read premium summaries at `now` (the entitlement rule:
    /// paid, and no end or an end still ahead).
    pub fn gives_access(&self, now: Timestamp) -> bool {
        self.end_paid_date.is_none_or(|end| end > now)
    }

    /// What the member's plan fields become when a purchase's access changes (a renewal, an end,
    /// a refund): the purchase's own grant, unless the member holds a better plan from elsewhere
    /// (one for life, or one that lasts longer). `None`: leave the member as they are.
    pub fn over(self, current: Option<&Grant>) -> Option<Grant> {
        let Some(current) = current else { return Some(self) };
        if current.plan_id == self.plan_id {
            return Some(self);
        }
        match (current.end_paid_date, self.end_paid_date) {
            (None, _) => None,
            (Some(_), None) => Some(self),
            (Some(theirs), Some(ours)) if ours > theirs => Some(self),
            _ => None,
        }
    }
}

/// What a card checkout answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckoutResult {
    /// Paid (or the trial started). `granted` is what the member has now (none for guests until
    /// they attach the charge).
    Complete { charge_id: String, granted: Option<Grant> },
    /// The page must complete 3-D Secure with `client_secret`, then confirm `charge_id`.
    RequiresAction { charge_id: String, client_secret: String },
}

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
    /// Records a charge; for a paid one also counts its coupon's redemption and gives the member
    /// `grant`, and for a subscription stores its state, all in one transaction.
    fn record_charge(&self, charge: &Charge, subscription: Option<&SubscriptionState>, grant: Option<&Grant>) -> PortResult<()>;
    fn find_charge(&self, id: &str) -> PortResult<Option<Charge>>;
    /// The charge a provider knows by `reference` (its payment, order or subscription id).
    fn find_charge_by_reference(&self, provider: &str, reference: &str) -> PortResult<Option<Charge>>;
    /// Marks a waiting charge paid with the same effects as `record_charge` (once: false when it
    /// was not waiting any more).
    fn complete_charge(&self, id: &str, subscription: Option<&SubscriptionState>, grant: Option<&Grant>) -> PortResult<bool>;
    /// Gives an unattached paid charge to `user` with `grant`, once: false when it had been
    /// attached meanwhile.
    fn attach_charge(&self, id: &str, user: UserId, grant: Option<&Grant>, at: Timestamp) -> PortResult<bool>;
    /// The subscription state stored for a charge.
    fn subscription_of(&self, charge_id: &str) -> PortResult<Option<SubscriptionState>>;
}
