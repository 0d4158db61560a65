//! Card checkout and attaching a guest's purchase to an account.

use super::{Basket, Billing};
use crate::checkout::*;
use crate::codes::GiftDetails;
use crate::error::BillingError;
use crate::gateway::{Gateways, OneTimePayment, PaymentOutcome, SubscriptionOutcome, SubscriptionRequest, STRIPE};
use crate::model::{Plan, PlanKind};
use crate::ports::{BillingStore, RenewalEnding, Secrets, TrialKeys};
use crate::receipt::receipt;
use crate::standing::Standing;
use crate::subscription::SubscriptionState;
use kernel::{Session, UserId};

/// Checkout as the page sends it.
#[derive(Debug, Clone)]
pub struct CardCheckout<'a> {
    pub basket: Basket<'a>,
    pub buyer: Buyer,
    /// The PaymentMethod the provider's script made in the browser.
    pub payment_method: Option<&'a str>,
    /// For a gift: who it is for (the code goes to the recipient, or to the buyer).
    pub gift: Option<GiftDetails>,
    /// The buyer was told their free trial was used and agreed to be charged at once.
    pub without_trial: bool,
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// What buying `plan_id` means for the caller before paying: refused (Premium for life, or a
    /// subscription as good that renews), the subscription it replaces and how that ends, and
    /// whether a free trial comes with it.
    pub fn purchase_standing(&self, plan_id: Option<&str>, session: Option<Session>) -> Result<Standing, BillingError> {
        let plan = self.plan(plan_id)?;
        let payer = session.map(|s| self.store.live_payer(s)).transpose()?.flatten();
        let keys = TrialKeys { user: payer.as_ref().map(|p| p.user), email: payer.as_ref().map(|p| normalised(&p.email)), ..TrialKeys::default() };
        self.decide(&plan, payer.map(|p| p.user), &keys)
    }

    /// Charges a card for a basket priced here: a subscription with its trial (once per buyer), or
    /// a one-time payment. A purchase that would give nothing is refused before any charge; a
    /// decline changes nothing and answers the provider's message.
    pub fn pay_by_card(&self, gateways: Gateways<'_>, secrets: &dyn Secrets, checkout: &CardCheckout<'_>) -> Result<CheckoutResult, BillingError> {
        let cards = gateways.card.ok_or(BillingError::NotConfigured)?;
        let quote = self.quote(&checkout.basket)?;
        let plan = self.plan(checkout.basket.plan_id)?;
        if plan.needs_account() && matches!(checkout.buyer, Buyer::Guest { .. }) {
            return Err(BillingError::AccountNeeded);
        }
        let gift = checkout.gift.as_ref();
        let (user, email) = self.buyer_email_for(&plan, &checkout.buyer, gift)?;
        Self::check_gift(&plan, gift, Some(&email))?;
        let payment_method = checkout.payment_method.map(str::trim).filter(|p| !p.is_empty()).ok_or(BillingError::CardNotCreated)?;
        let card_fingerprint = cards.card_fingerprint(payment_method).map_err(|e| BillingError::ProviderUnavailable(e.0))?;
        let keys = TrialKeys { user, email: Some(normalised(&email)).filter(|e| !e.is_empty()), card: card_fingerprint.clone(), paypal_payer: None };
        let decided = self.decide(&plan, user, &keys)?;
        decided.check(checkout.without_trial)?;
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
            card_fingerprint,
        };
        let result = match plan.kind {
            PlanKind::Subscription { interval, .. } => {
                let request = SubscriptionRequest {
                    email,
                    payment_method: payment_method.to_owned(),
                    plan_id: plan.id.clone(),
                    plan_name: plan.name.clone(),
                    amount: quote.recurring.unwrap_or(quote.total),
                    one_time: quote.one_time_extra(),
                    interval,
                    trial_days: decided.trial_days,
                    idempotency_key: charge_id.clone(),
                };
                match cards.subscribe(&request).map_err(|e| BillingError::ProviderUnavailable(e.0))? {
                    SubscriptionOutcome::Started { subscription, snapshot } => {
                        charge.reference = subscription;
                        let state = SubscriptionState::from_snapshot(snapshot);
                        let plan_now = self.record_paid(secrets, &charge, &plan, Some(&state), gift, &decided, &keys)?;
                        CheckoutResult::Complete { charge_id, plan: plan_now }
                    }
                    SubscriptionOutcome::RequiresAction { subscription, client_secret } => {
                        charge.reference = subscription;
                        charge.status = ChargeStatus::RequiresAction;
                        self.record_waiting(&charge, gift)?;
                        CheckoutResult::RequiresAction { charge_id, client_secret }
                    }
                    SubscriptionOutcome::Declined { message } => return Err(BillingError::Declined(message)),
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
                        let plan_now = self.record_paid(secrets, &charge, &plan, None, gift, &decided, &keys)?;
                        CheckoutResult::Complete { charge_id, plan: plan_now }
                    }
                    PaymentOutcome::Processing { reference } => {
                        charge.reference = reference;
                        charge.status = ChargeStatus::Processing;
                        self.record_waiting(&charge, gift)?;
                        CheckoutResult::Processing { charge_id }
                    }
                    PaymentOutcome::RequiresAction { reference, client_secret } => {
                        charge.reference = reference;
                        charge.status = ChargeStatus::RequiresAction;
                        self.record_waiting(&charge, gift)?;
                        CheckoutResult::RequiresAction { charge_id, client_secret }
                    }
                    PaymentOutcome::Declined { message } => return Err(BillingError::Declined(message)),
                }
            }
        };
        // The subscriptions this purchase replaced stop renewing now (or at the next housekeeping
        // round when a provider cannot be reached).
        if !decided.replaces.is_empty() {
            self.end_renewals(gateways)?;
        }
        Ok(result)
    }

    /// After the page completed 3-D Secure: asks the provider (never the browser) whether the
    /// charge is paid now, and if so records it as `pay_by_card` would have. `member` is the
    /// caller, who must be the buyer when the charge has one.
    pub fn confirm_card_payment(
        &self,
        gateways: Gateways<'_>,
        secrets: &dyn Secrets,
        charge_id: Option<&str>,
        session: Option<Session>,
    ) -> Result<CheckoutResult, BillingError> {
        let cards = gateways.card.ok_or(BillingError::NotConfigured)?;
        let member = session.map(|s| self.member(s)).transpose()?;
        let charge_id = charge_id.map(str::trim).filter(|c| !c.is_empty()).ok_or(BillingError::UnknownCharge)?;
        let charge = self.store.find_charge(charge_id)?.ok_or(BillingError::UnknownCharge)?;
        if charge.user.is_some() && charge.user != member {
            return Err(BillingError::UnknownCharge);
        }
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        if charge.status == ChargeStatus::Paid {
            let plan_now = charge.user.map(|user| self.plan_of(user)).transpose()?.flatten();
            return Ok(CheckoutResult::Complete { charge_id: charge.id, plan: plan_now });
        }
        if !charge.status.is_waiting() {
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
                PaymentOutcome::Processing { .. } => return Ok(CheckoutResult::Processing { charge_id: charge.id }),
                PaymentOutcome::RequiresAction { .. } => return Err(BillingError::StillRequiresAction),
                PaymentOutcome::Declined { message } => return Err(BillingError::Declined(message)),
            }
        };
        let plan_now = self.complete_waiting(secrets, &charge, &plan, state.as_ref())?;
        self.end_renewals(gateways)?;
        Ok(CheckoutResult::Complete { charge_id: charge.id, plan: plan_now })
    }

    /// Records a charge waiting for the buyer (3-D Secure, PayPal's window) or for the money (a
    /// processing payment), with its gift form.
    pub(crate) fn record_waiting(&self, charge: &Charge, gift: Option<&GiftDetails>) -> Result<(), BillingError> {
        self.store.atomically(&mut || {
            self.store.record_charge(charge, None)?;
            if let Some(gift) = gift {
                self.store.save_gift(&charge.id, gift)?;
            }
            Ok(())
        })
    }

    /// Records a paid charge with its effects in one transaction: its grant, the trial it used,
    /// the subscriptions it replaces, what it delivers (a gift's code) and its receipt. Answers
    /// the member's plan after it.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn record_paid(
        &self,
        secrets: &dyn Secrets,
        charge: &Charge,
        plan: &Plan,
        state: Option<&SubscriptionState>,
        gift: Option<&GiftDetails>,
        decided: &Standing,
        keys: &TrialKeys,
    ) -> Result<Option<crate::access::MemberPlan>, BillingError> {
        let mut plan_now = None;
        self.store.atomically(&mut || {
            self.store.record_charge(charge, state)?;
            if let Some(gift) = gift {
                self.store.save_gift(&charge.id, gift)?;
            }
            if decided.trial_days > 0 {
                self.store.record_trial(keys, &charge.id, self.now)?;
            }
            self.replace_renewals(decided)?;
            plan_now = self.give_purchase(charge, plan, state)?;
            self.deliver(secrets, charge, plan, state)
        })?;
        Ok(plan_now)
    }

    /// Marks a waiting charge paid (once) with its effects, deliveries and receipt, in one
    /// transaction. Answers the member's plan after it.
    pub(crate) fn complete_waiting(
        &self,
        secrets: &dyn Secrets,
        charge: &Charge,
        plan: &Plan,
        state: Option<&SubscriptionState>,
    ) -> Result<Option<crate::access::MemberPlan>, BillingError> {
        let mut plan_now = None;
        self.store.atomically(&mut || {
            let paid = Charge { status: ChargeStatus::Paid, ..charge.clone() };
            if let Some(user) = charge.user {
                self.settle_overlaps(charge, plan, state, user)?;
            }
            if self.store.complete_charge(&charge.id, state)? {
                plan_now = self.give_purchase(&paid, plan, state)?;
                self.deliver(secrets, &paid, plan, state)?;
            } else if let Some(user) = charge.user {
                plan_now = self.plan_of(user)?;
            }
            Ok(())
        })?;
        Ok(plan_now)
    }

    /// For a purchase paid before it could be checked against the member's other Premium (3-D
    /// Secure finished later, a guest's purchase attached): the subscriptions it betters stop
    /// renewing, and if the member holds better already, its own subscription stops instead (its
    /// trial at once). Called before the purchase is the member's.
    fn settle_overlaps(&self, charge: &Charge, plan: &Plan, state: Option<&SubscriptionState>, user: UserId) -> Result<(), BillingError> {
        if crate::standing::tier(&plan.kind).is_none() {
            return Ok(());
        }
        let decided = self.decide(plan, Some(user), &TrialKeys::default())?;
        match (&decided.refusal, state) {
            (Some(_), Some(state)) if state.renews() => {
                let ending = if state.status == crate::subscription::SubscriptionStatus::Trialing { RenewalEnding::Now } else { RenewalEnding::AtPeriodEnd };
                self.store.request_renewal_end(&charge.id, ending, self.now)?;
                Ok(())
            }
            (Some(_), _) => Ok(()),
            (None, _) => self.replace_renewals(&decided),
        }
    }

    /// The grant a paid purchase gives its member (none for guests until they attach it), and the
    /// member's plan after it.
    fn give_purchase(&self, charge: &Charge, plan: &Plan, state: Option<&SubscriptionState>) -> Result<Option<crate::access::MemberPlan>, BillingError> {
        let Some(user) = charge.user else { return Ok(None) };
        match purchase_grant(plan, charge, user, state, self.now) {
            Some(grant) => self.add_grant(&grant),
            None => self.plan_of(user),
        }
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

    /// `mark-as-paid`: a guest's paid purchase becomes the signed-in member's, once, and adds its
    /// grant. The money is taken already, so nothing is refused here: a subscription it makes
    /// redundant stops renewing, or it stops itself when the member holds better.
    pub fn attach_charge(&self, charge_id: Option<&str>, session: Session) -> Result<Option<crate::access::MemberPlan>, BillingError> {
        let member = self.member(session)?;
        let charge_id = charge_id.map(str::trim).filter(|c| !c.is_empty()).ok_or(BillingError::UnknownCharge)?;
        let charge = self.store.find_charge(charge_id)?.ok_or(BillingError::UnknownCharge)?;
        match charge.user {
            Some(owner) if owner == member => return self.plan_of(member),
            Some(_) => return Err(BillingError::ChargeTaken),
            None => {}
        }
        if charge.status != ChargeStatus::Paid {
            return Err(BillingError::UnknownCharge);
        }
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        let state = self.store.subscription_of(&charge.id)?;
        let mut plan_now = None;
        self.store.atomically(&mut || {
            self.settle_overlaps(&charge, &plan, state.as_ref(), member)?;
            if !self.store.attach_charge(&charge.id, member, self.now)? {
                return Err(BillingError::ChargeTaken);
            }
            if state.is_some_and(|s| s.status == crate::subscription::SubscriptionStatus::Trialing) {
                self.store.record_trial(&TrialKeys { user: Some(member), ..TrialKeys::default() }, &charge.id, self.now)?;
            }
            let attached = Charge { user: Some(member), ..charge.clone() };
            plan_now = self.give_purchase(&attached, &plan, state.as_ref())?;
            Ok(())
        })?;
        Ok(plan_now)
    }
}

/// An e-mail address as trials are counted by: parsed and lower-cased, or as given.
pub(crate) fn normalised(email: &str) -> String {
    kernel::Email::parse(email.trim()).map_or_else(|_| email.trim().to_ascii_lowercase(), |e| e.as_str().to_owned())
}
