//! Card checkout and attaching a guest's purchase to an account.

use super::{Basket, Billing};
use crate::checkout::*;
use crate::codes::GiftDetails;
use crate::error::BillingError;
use crate::gateway::{CardPayments, OneTimePayment, PaymentOutcome, SubscriptionOutcome, SubscriptionRequest, STRIPE};
use crate::model::{Plan, PlanKind};
use crate::ports::{BillingStore, Secrets};
use crate::receipt::receipt;
use crate::subscription::SubscriptionState;
use kernel::Session;

/// Checkout as the page sends it.
#[derive(Debug, Clone)]
pub struct CardCheckout<'a> {
    pub basket: Basket<'a>,
    pub buyer: Buyer,
    /// The PaymentMethod the provider's script made in the browser.
    pub payment_method: Option<&'a str>,
    /// For a gift: who it is for (the code goes to the recipient, or to the buyer).
    pub gift: Option<GiftDetails>,
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// Charges a card for a basket priced here: a subscription with its trial, or a one-time
    /// payment. A decline changes nothing and answers the provider's message.
    pub fn pay_by_card(&self, cards: &dyn CardPayments, secrets: &dyn Secrets, checkout: &CardCheckout<'_>) -> Result<CheckoutResult, BillingError> {
        let quote = self.quote(&checkout.basket)?;
        let plan = self.plan(checkout.basket.plan_id)?;
        if plan.needs_account() && matches!(checkout.buyer, Buyer::Guest { .. }) {
            return Err(BillingError::AccountNeeded);
        }
        let gift = checkout.gift.as_ref();
        let (user, email) = self.buyer_email_for(&plan, &checkout.buyer, gift)?;
        Self::check_gift(&plan, gift, Some(&email))?;
        let payment_method = checkout.payment_method.map(str::trim).filter(|p| !p.is_empty()).ok_or(BillingError::CardNotCreated)?;
        let charge_id = secrets.new_charge_id();
        let mut charge = Charge {
            id: charge_id.clone(),
            user,
            email: email.clone(),
            plan_id: plan.id.clone(),
            quantity: quote.quantity,
            amount: quote.total,
            coupon: quote.coupon.clone(),
            provider: STRIPE.into(),
            reference: String::new(),
            status: ChargeStatus::Paid,
            created_at: self.now,
            referral_id: checkout.basket.referral(),
        };
        match plan.kind {
            PlanKind::Subscription { interval, trial_days } => {
                let request = SubscriptionRequest {
                    email,
                    payment_method: payment_method.to_owned(),
                    plan_id: plan.id.clone(),
                    plan_name: plan.name.clone(),
                    amount: quote.recurring.unwrap_or(quote.total),
                    one_time: quote.one_time_extra(),
                    interval,
                    trial_days,
                    idempotency_key: charge_id.clone(),
                };
                match cards.subscribe(&request).map_err(|e| BillingError::ProviderUnavailable(e.0))? {
                    SubscriptionOutcome::Started { subscription, snapshot } => {
                        charge.reference = subscription;
                        let state = SubscriptionState::from_snapshot(snapshot);
                        let grant = user.and_then(|_| Grant::for_purchase(&plan, Some(&state), self.now));
                        self.record_paid(secrets, &charge, &plan, Some(&state), grant.as_ref(), gift)?;
                        Ok(CheckoutResult::Complete { charge_id, granted: grant })
                    }
                    SubscriptionOutcome::RequiresAction { subscription, client_secret } => {
                        charge.reference = subscription;
                        charge.status = ChargeStatus::RequiresAction;
                        self.record_waiting(&charge, gift)?;
                        Ok(CheckoutResult::RequiresAction { charge_id, client_secret })
                    }
                    SubscriptionOutcome::Declined { message } => Err(BillingError::Declined(message)),
                }
            }
            _ => {
                let payment = OneTimePayment {
                    amount: quote.total,
                    email,
                    payment_method: payment_method.to_owned(),
                    description: format!("Gistbook {}", plan.name),
                    idempotency_key: charge_id.clone(),
                };
                match cards.pay_once(&payment).map_err(|e| BillingError::ProviderUnavailable(e.0))? {
                    PaymentOutcome::Paid { reference } => {
                        charge.reference = reference;
                        let grant = user.and_then(|_| Grant::for_purchase(&plan, None, self.now));
                        self.record_paid(secrets, &charge, &plan, None, grant.as_ref(), gift)?;
                        Ok(CheckoutResult::Complete { charge_id, granted: grant })
                    }
                    PaymentOutcome::RequiresAction { reference, client_secret } => {
                        charge.reference = reference;
                        charge.status = ChargeStatus::RequiresAction;
                        self.record_waiting(&charge, gift)?;
                        Ok(CheckoutResult::RequiresAction { charge_id, client_secret })
                    }
                    PaymentOutcome::Declined { message } => Err(BillingError::Declined(message)),
                }
            }
        }
    }

    /// After the page completed 3-D Secure: asks the provider (never the browser) whether the
    /// charge is paid now, and if so records it as `pay_by_card` would have. `member` is the
    /// caller, who must be the buyer when the charge has one.
    pub fn confirm_card_payment(
        &self,
        cards: &dyn CardPayments,
        secrets: &dyn Secrets,
        charge_id: Option<&str>,
        session: Option<Session>,
    ) -> Result<CheckoutResult, BillingError> {
        let member = session.map(|s| self.member(s)).transpose()?;
        let charge_id = charge_id.map(str::trim).filter(|c| !c.is_empty()).ok_or(BillingError::UnknownCharge)?;
        let charge = self.store.find_charge(charge_id)?.ok_or(BillingError::UnknownCharge)?;
        if charge.user.is_some() && charge.user != member {
            return Err(BillingError::UnknownCharge);
        }
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        if charge.status == ChargeStatus::Paid {
            let state = self.store.subscription_of(&charge.id)?;
            let grant = charge.user.and_then(|_| Grant::for_purchase(&plan, state.as_ref(), charge.created_at));
            return Ok(CheckoutResult::Complete { charge_id: charge.id, granted: grant });
        }
        if charge.status != ChargeStatus::RequiresAction {
            return Err(BillingError::UnknownCharge);
        }
        let state = if plan.kind.is_subscription() {
            let snapshot = cards.subscription(&charge.reference).map_err(|e| BillingError::ProviderUnavailable(e.0))?;
            match snapshot.map(SubscriptionState::from_snapshot) {
                Some(state) if state.renews() => Some(state),
                _ => return Err(BillingError::Declined(None)),
            }
        } else {
            match cards.payment(&charge.reference).map_err(|e| BillingError::ProviderUnavailable(e.0))? {
                PaymentOutcome::Paid { .. } => None,
                PaymentOutcome::RequiresAction { .. } => return Err(BillingError::StillRequiresAction),
                PaymentOutcome::Declined { message } => return Err(BillingError::Declined(message)),
            }
        };
        let grant = charge.user.and_then(|_| Grant::for_purchase(&plan, state.as_ref(), self.now));
        self.complete_waiting(secrets, &charge, &plan, state.as_ref(), grant.as_ref())?;
        Ok(CheckoutResult::Complete { charge_id: charge.id, granted: grant })
    }

    /// Records a charge waiting for the buyer (3-D Secure, PayPal's window), with its gift form.
    pub(crate) fn record_waiting(&self, charge: &Charge, gift: Option<&GiftDetails>) -> Result<(), BillingError> {
        self.store.atomically(&mut || {
            self.store.record_charge(charge, None, None)?;
            if let Some(gift) = gift {
                self.store.save_gift(&charge.id, gift)?;
            }
            Ok(())
        })
    }

    /// Records a paid charge with its effects, what it delivers (a gift's code) and its receipt, in
    /// one transaction.
    pub(crate) fn record_paid(
        &self,
        secrets: &dyn Secrets,
        charge: &Charge,
        plan: &Plan,
        state: Option<&SubscriptionState>,
        grant: Option<&Grant>,
        gift: Option<&GiftDetails>,
    ) -> Result<(), BillingError> {
        self.store.atomically(&mut || {
            self.store.record_charge(charge, state, grant)?;
            if let Some(gift) = gift {
                self.store.save_gift(&charge.id, gift)?;
            }
            self.deliver(secrets, charge, plan, state)
        })
    }

    /// Marks a waiting charge paid (once) with its effects, deliveries and receipt, in one
    /// transaction.
    pub(crate) fn complete_waiting(
        &self,
        secrets: &dyn Secrets,
        charge: &Charge,
        plan: &Plan,
        state: Option<&SubscriptionState>,
        grant: Option<&Grant>,
    ) -> Result<(), BillingError> {
        self.store.atomically(&mut || {
            if self.store.complete_charge(&charge.id, state, grant)? {
                let paid = Charge { status: ChargeStatus::Paid, ..charge.clone() };
                self.deliver(secrets, &paid, plan, state)?;
            }
            Ok(())
        })
    }

    /// Inside the paying transaction: the purchase's deliveries and the receipt (when the buyer
    /// gave an address).
    fn deliver(&self, secrets: &dyn Secrets, charge: &Charge, plan: &Plan, state: Option<&SubscriptionState>) -> Result<(), BillingError> {
        let deliveries = self.deliveries(secrets, charge, plan)?;
        if !deliveries.codes.is_empty() {
            self.store.insert_codes(&deliveries.codes, self.now)?;
        }
        for mail in &deliveries.mail {
            self.store.queue_mail(mail, self.now)?;
        }
        if !charge.email.is_empty() {
            self.store.queue_mail(&receipt(self.site, charge, plan, state), self.now)?;
        }
        Ok(())
    }

    /// `mark-as-paid`: a guest's paid purchase becomes the signed-in member's, once.
    pub fn attach_charge(&self, charge_id: Option<&str>, session: Session) -> Result<Option<Grant>, BillingError> {
        let member = self.member(session)?;
        let charge_id = charge_id.map(str::trim).filter(|c| !c.is_empty()).ok_or(BillingError::UnknownCharge)?;
        let charge = self.store.find_charge(charge_id)?.ok_or(BillingError::UnknownCharge)?;
        match charge.user {
            Some(owner) if owner == member => return Ok(None),
            Some(_) => return Err(BillingError::ChargeTaken),
            None => {}
        }
        if charge.status != ChargeStatus::Paid {
            return Err(BillingError::UnknownCharge);
        }
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        let state = self.store.subscription_of(&charge.id)?;
        let grant = Grant::for_purchase(&plan, state.as_ref(), self.now);
        if !self.store.attach_charge(&charge.id, member, grant.as_ref(), self.now)? {
            return Err(BillingError::ChargeTaken);
        }
        Ok(grant)
    }
}
