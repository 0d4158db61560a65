//! Turning auto-renewal off: why members leave (the spec's list), and what the account page shows
//! of a member's subscription.

use crate::checkout::Charge;
use crate::error::BillingError;
use crate::subscription::{SubscriptionState, SubscriptionStatus};
use kernel::Timestamp;

/// The reasons the cancel page offers (back-office spec, "Cancel reasons").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelReason {
    TooExpensive,
    NotUsing,
    UsingOtherApp,
    NotUsingRightNow,
    NotWorking,
    NoAutoRenewals,
    NoAndroidApp,
    Other,
}

impl CancelReason {
    pub const ALL: [CancelReason; 8] = [
        CancelReason::TooExpensive,
        CancelReason::NotUsing,
        CancelReason::UsingOtherApp,
        CancelReason::NotUsingRightNow,
        CancelReason::NotWorking,
        CancelReason::NoAutoRenewals,
        CancelReason::NoAndroidApp,
        CancelReason::Other,
    ];

    /// The value the page sends and the store keeps.
    pub fn as_str(self) -> &'static str {
        match self {
            CancelReason::TooExpensive => "too expensive",
            CancelReason::NotUsing => "not using",
            CancelReason::UsingOtherApp => "using other app",
            CancelReason::NotUsingRightNow => "not using it right now",
            CancelReason::NotWorking => "not working",
            CancelReason::NoAutoRenewals => "no autorenewals",
            CancelReason::NoAndroidApp => "no android app",
            CancelReason::Other => "other",
        }
    }

    /// A reason from the list (any case, surrounding spaces ignored); nothing chosen is refused.
    pub fn parse(text: Option<&str>) -> Result<CancelReason, BillingError> {
        let text = text.map(str::trim).filter(|t| !t.is_empty()).ok_or(BillingError::MissingCancelReason)?;
        CancelReason::ALL.into_iter().find(|r| r.as_str().eq_ignore_ascii_case(text)).ok_or(BillingError::MissingCancelReason)
    }
}

/// A member's subscription as the account page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionSummary {
    pub charge_id: String,
    pub plan_id: String,
    pub plan_name: String,
    /// `stripe` or `paypal`.
    pub provider: String,
    pub status: SubscriptionStatus,
    /// When the period paid for (or the trial) ends: the next renewal while it renews, else the
    /// last day of access.
    pub period_end: Timestamp,
    /// Whether "Turn off auto-renewal" still means something.
    pub renews: bool,
}

impl SubscriptionSummary {
    pub fn new(charge: &Charge, plan_name: String, state: &SubscriptionState) -> SubscriptionSummary {
        SubscriptionSummary {
            charge_id: charge.id.clone(),
            plan_id: charge.plan_id.clone(),
            plan_name,
            provider: charge.provider.clone(),
            status: state.status,
            period_end: state.access_until(),
            renews: state.renews(),
        }
    }
}

/// The subscription to show (and to cancel) among a member's: the newest one that renews, else the
/// newest one still giving access at `now`, else none.
pub fn current_subscription(subscriptions: &[(Charge, SubscriptionState)], now: Timestamp) -> Option<&(Charge, SubscriptionState)> {
    subscriptions.iter().filter(|(_, state)| state.renews()).max_by_key(|(charge, _)| charge.created_at).or_else(|| {
        subscriptions
            .iter()
            .filter(|(_, state)| state.status != SubscriptionStatus::Expired && state.access_until() > now)
            .max_by_key(|(charge, _)| charge.created_at)
    })
}
