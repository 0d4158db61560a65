//! Paying with PayPal. The server makes the order (or the subscription) at billing's price before
//! the buyer sees PayPal's window, and afterwards believes only what PayPal's API says: an order is
//! captured here and its captured amount compared; a subscription is fetched and its plan checked.

use super::{Basket, Billing};
use crate::checkout::*;
use crate::codes::GiftDetails;
use crate::error::BillingError;
use crate::gateway::{CaptureOutcome, Gateways, PayPalOrderRequest, PayPalPayments, PayPalSubscriptionRequest, PAYPAL};
use crate::model::{Plan, PlanKind};
use crate::ports::{BillingStore, Secrets, TrialKeys};
use crate::subscription::{SubscriptionState, SubscriptionStatus};
use kernel::{Session, UserId};

/// What the page gets to open PayPal's window with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayPalStart {
    /// A one-time purchase: the order to approve.
    Order { order_id: String },
    /// A subscription: the subscription to approve.
    Subscription { subscription_id: String },
}

/// What the page sends back once the buyer approved in PayPal's window.
#[derive(Debug, Clone, Copy)]
pub struct PayPalApproval<'a> {
    pub order_id: Option<&'a str>,
    pub subscription_id: Option<&'a str>,
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// Prices the basket and makes the PayPal order or subscription for it, kept as a charge that
    /// waits for the buyer's approval.
    #[allow(clippy::too_many_arguments)]
    pub fn start_paypal(
        &self,
        paypal: &dyn PayPalPayments,
        secrets: &dyn Secrets,
        basket: &Basket<'_>,
        buyer: &Buyer,
        gift: Option<&GiftDetails>,
        without_trial: bool,
    ) -> Result<PayPalStart, BillingError> {
        let quote = self.quote(basket)?;
        let plan = self.plan(basket.plan_id)?;
        if plan.needs_account() && matches!(buyer, Buyer::Guest { .. }) {
            return Err(BillingError::AccountNeeded);
        }
        let (user, email) = self.buyer_email_for(&plan, buyer, gift)?;
        Self::check_gift(&plan, gift, Some(&email))?;
        let keys = TrialKeys { user, email: Some(super::checkout::normalised(&email)).filter(|e| !e.is_empty()), ..TrialKeys::default() };
        let decided = self.decide(&plan, user, &keys)?;
        decided.check(without_trial)?;
        let charge_id = secrets.new_charge_id();
        let unavailable = |e: crate::gateway::GatewayUnavailable| BillingError::ProviderUnavailable(e.0);
        let (reference, start) = match plan.kind {
            PlanKind::Subscription { interval, .. } => {
                let paypal_plan = plan.paypal_plan.clone().ok_or(BillingError::NotConfigured)?;
                let request = PayPalSubscriptionRequest {
                    paypal_plan,
                    amount: quote.recurring.unwrap_or(quote.total),
                    setup_fee: quote.one_time_extra(),
                    interval,
                    trial_days: decided.trial_days,
                    email: Some(email.clone()),
                    charge_id: charge_id.clone(),
                };
                let id = paypal.create_subscription(&request).map_err(unavailable)?;
                (id.clone(), PayPalStart::Subscription { subscription_id: id })
            }
            _ => {
                let order = PayPalOrderRequest { amount: quote.total, description: format!("Gistbook {}", plan.name), charge_id: charge_id.clone() };
                let id = paypal.create_order(&order).map_err(unavailable)?;
                (id.clone(), PayPalStart::Order { order_id: id })
            }
        };
        let charge = Charge {
            id: charge_id,
            user,
            email,
            plan_id: plan.id.clone(),
            quantity: quote.quantity,
            amount: quote.total,
            coupon: quote.coupon.clone(),
            provider: PAYPAL.into(),
            reference,
            status: ChargeStatus::RequiresAction,
            created_at: self.now,
            referral_id: basket.referral(),
            card_fingerprint: None,
            add_on: quote.add_on,
        };
        self.record_waiting(&charge, gift)?;
        Ok(start)
    }

    /// After the buyer approved: captures the order (and checks PayPal took the amount billing
    /// priced) or checks the subscription PayPal reports, then records the purchase once.
    /// `member` must be the buyer when the charge has one.
    pub fn complete_paypal(
        &self,
        gateways: Gateways<'_>,
        secrets: &dyn Secrets,
        approval: PayPalApproval<'_>,
        session: Option<Session>,
    ) -> Result<CheckoutResult, BillingError> {
        let paypal = gateways.paypal.ok_or(BillingError::NotConfigured)?;
        let member = session.map(|s| self.member(s)).transpose()?;
        let reference = approval.subscription_id.or(approval.order_id).map(str::trim).filter(|r| !r.is_empty()).ok_or(BillingError::UnknownCharge)?;
        let charge = self.store.find_charge_by_reference(PAYPAL, reference)?.ok_or(BillingError::UnknownCharge)?;
        if charge.user.is_some() && charge.user != member {
            return Err(BillingError::UnknownCharge);
        }
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        if charge.status == ChargeStatus::Paid {
            let plan_now = charge.user.map(|user| self.plan_after(user, &charge.id)).transpose()?.flatten();
            return Ok(CheckoutResult::Complete { add_on: charge.add_on, charge_id: charge.id, plan: plan_now });
        }
        if charge.status != ChargeStatus::RequiresAction {
            return Err(BillingError::UnknownCharge);
        }
        let unavailable = |e: crate::gateway::GatewayUnavailable| BillingError::ProviderUnavailable(e.0);
        let state = if plan.kind.is_subscription() {
            let found = paypal.paypal_subscription(&charge.reference).map_err(unavailable)?.ok_or(BillingError::PayPalNotApproved)?;
            if Some(&found.paypal_plan) != plan.paypal_plan.as_ref() || found.custom_id.as_deref().is_some_and(|id| id != charge.id) {
                return Err(BillingError::PayPalNotApproved);
            }
            let state = match found.snapshot.map(SubscriptionState::from_snapshot) {
                Some(state) if state.renews() => state,
                _ => return Err(BillingError::PayPalNotApproved),
            };
            if state.status == SubscriptionStatus::Trialing {
                // PayPal names its payer only now: a payer who had a trial before gets none.
                let keys = TrialKeys { paypal_payer: found.payer_id.clone(), ..TrialKeys::default() };
                if let (Some(_), Some(on)) = (&keys.paypal_payer, self.store.trial_given(&keys)?) {
                    paypal.cancel_now(&charge.reference).map_err(unavailable)?;
                    return Err(BillingError::TrialUsed { on });
                }
                let keys = TrialKeys {
                    user: charge.user,
                    email: Some(super::checkout::normalised(&charge.email)).filter(|e| !e.is_empty()),
                    paypal_payer: found.payer_id.clone(),
                    card: None,
                };
                self.store.atomically(&mut || Ok(self.store.record_trial(&keys, &charge.id, self.now)?))?;
            }
            Some(state)
        } else {
            match paypal.capture_order(&charge.reference).map_err(unavailable)? {
                CaptureOutcome::Captured { amount, .. } if amount == charge.amount => None,
                CaptureOutcome::Captured { amount, capture } => {
                    return Err(BillingError::Internal(format!("PayPal capture {capture} took {amount}, billing priced {}", charge.amount)))
                }
                CaptureOutcome::Refused { message } => return Err(BillingError::PayPalRefused(message)),
            }
        };
        let plan_now = self.complete_waiting(secrets, &charge, &plan, state.as_ref())?;
        self.end_renewals(gateways)?;
        Ok(CheckoutResult::Complete { add_on: charge.add_on, charge_id: charge.id, plan: plan_now })
    }
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// The buyer's account and receipt address: a live member's own, or the address a guest typed.
    pub(crate) fn buyer_email(&self, buyer: &Buyer) -> Result<(Option<UserId>, String), BillingError> {
        match buyer {
            Buyer::Member(session) => {
                let payer = self.store.live_payer(*session)?.ok_or(BillingError::NotSignedIn)?;
                if !payer.email_verified {
                    return Err(BillingError::EmailNotConfirmed);
                }
                Ok((Some(payer.user), payer.email))
            }
            Buyer::Guest { email } => {
                let email = email.as_deref().map(str::trim).filter(|e| !e.is_empty()).ok_or(BillingError::MissingEmail)?;
                let email = kernel::Email::parse(email).map_err(|_| BillingError::InvalidEmail)?;
                Ok((None, email.as_str().to_owned()))
            }
        }
    }

    /// The buyer's account and receipt address for `plan`: a guest buying a gift may leave their
    /// own address out when the recipient's is given (their receipt then goes nowhere).
    pub(crate) fn buyer_email_for(&self, plan: &Plan, buyer: &Buyer, gift: Option<&GiftDetails>) -> Result<(Option<UserId>, String), BillingError> {
        match buyer {
            Buyer::Guest { email } if plan.kind == PlanKind::Gift && email.as_deref().map(str::trim).is_none_or(str::is_empty) => {
                if gift.and_then(|g| g.recipient_email.as_ref()).is_none() {
                    return Err(BillingError::GiftNeedsAddress);
                }
                Ok((None, String::new()))
            }
            _ => self.buyer_email(buyer),
        }
    }

    /// The member of a live session, or `NotSignedIn`.
    pub(crate) fn member(&self, session: Session) -> Result<UserId, BillingError> {
        Ok(self.store.live_payer(session)?.ok_or(BillingError::NotSignedIn)?.user)
    }
}
