//! Card checkout and attaching a guest's purchase to an account.

use super::{Basket, Billing};
use crate::checkout::*;
use crate::codes::GiftDetails;
use crate::error::BillingError;
use crate::gateway::{FoundPurchase, Gateways, OneTimePayment, PaymentOutcome, PurchaseLookup, SubscriptionOutcome, SubscriptionRequest, STRIPE};
use crate::model::{Plan, PlanKind};
use crate::ports::{BillingStore, CouponClaim, RenewalEnding, Secrets, TrialKeys};
use crate::receipt::receipt;
use crate::standing::{Refusal, Standing};
use crate::subscription::{SubscriptionState, SubscriptionStatus};
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
        let unconfirmed = payer.as_ref().is_some_and(|p| !p.email_verified);
        let decided = self.decide(&plan, payer.map(|p| p.user), &keys)?;
        // Said before the card form: an account whose address is not confirmed cannot buy yet.
        Ok(if unconfirmed { Standing { refusal: Some(Refusal::EmailNotConfirmed), ..decided } } else { decided })
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
        let payment_method = crate::gateway::provider_object_id(checkout.payment_method).ok_or(BillingError::CardNotCreated)?;
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
            status: ChargeStatus::Initiated,
            created_at: self.now,
            referral_id: checkout.basket.referral(),
            card_fingerprint,
            add_on: quote.add_on,
        };
        // Recorded before the provider is asked: when its answer is lost (the process dies, the
        // connection times out) the provider's event or reconcile finds the payment by this id.
        self.record_waiting(&charge, gift)?;
        let result = match plan.kind {
            PlanKind::Subscription { interval, .. } => {
                let request = SubscriptionRequest {
                    email,
                    member: user,
                    payment_method: payment_method.to_owned(),
                    plan_id: plan.id.clone(),
                    plan_name: plan.name.clone(),
                    amount: quote.recurring.unwrap_or(quote.total),
                    one_time: quote.one_time_extra(),
                    interval,
                    trial_days: decided.trial_days,
                    idempotency_key: charge_id.clone(),
                };
                let outcome = match cards.subscribe(&request) {
                    Ok(outcome) => outcome,
                    Err(_) => return self.after_lost_answer(gateways, secrets, &charge, &plan),
                };
                match outcome {
                    SubscriptionOutcome::Started { subscription, snapshot } => {
                        charge.reference = subscription;
                        let state = SubscriptionState::from_snapshot(snapshot);
                        let plan_now = self.record_paid(secrets, &charge, &plan, Some(&state))?;
                        CheckoutResult::Complete { charge_id, plan: plan_now, add_on: charge.add_on }
                    }
                    SubscriptionOutcome::RequiresAction { subscription, client_secret } => {
                        self.name_reference(&charge.id, &subscription, ChargeStatus::RequiresAction)?;
                        CheckoutResult::RequiresAction { charge_id, client_secret }
                    }
                    SubscriptionOutcome::Declined { message } => return self.declined(&charge.id, message),
                }
            }
            _ => {
                let payment = OneTimePayment {
                    amount: quote.total,
                    email,
                    member: user,
                    payment_method: payment_method.to_owned(),
                    description: format!("Gistbook {}", plan.name),
                    idempotency_key: charge_id.clone(),
                };
                let outcome = match cards.pay_once(&payment) {
                    Ok(outcome) => outcome,
                    Err(_) => return self.after_lost_answer(gateways, secrets, &charge, &plan),
                };
                match outcome {
                    PaymentOutcome::Paid { reference } => {
                        charge.reference = reference;
                        let plan_now = self.record_paid(secrets, &charge, &plan, None)?;
                        CheckoutResult::Complete { charge_id, plan: plan_now, add_on: charge.add_on }
                    }
                    PaymentOutcome::Processing { reference } => {
                        self.name_reference(&charge.id, &reference, ChargeStatus::Processing)?;
                        CheckoutResult::Processing { charge_id }
                    }
                    PaymentOutcome::RequiresAction { reference, client_secret } => {
                        self.name_reference(&charge.id, &reference, ChargeStatus::RequiresAction)?;
                        CheckoutResult::RequiresAction { charge_id, client_secret }
                    }
                    PaymentOutcome::Declined { message } => return self.declined(&charge.id, message),
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
            let plan_now = charge.user.map(|user| self.plan_after(user, &charge.id)).transpose()?.flatten();
            return Ok(CheckoutResult::Complete { add_on: charge.add_on, charge_id: charge.id, plan: plan_now });
        }
        if !charge.status.is_waiting() {
            return Err(BillingError::UnknownCharge);
        }
        // The provider's answer to the checkout was lost: ask it again by our charge id.
        if charge.reference.is_empty() {
            return self.after_lost_answer(gateways, secrets, &charge, &plan);
        }
        let state = if plan.kind.is_subscription() {
            let snapshot = cards.subscription(&charge.reference).map_err(|e| BillingError::ProviderUnavailable(e.0))?;
            match snapshot.map(SubscriptionState::from_snapshot) {
                Some(state) if state.renews() => Some(state),
                // The first payment or the trial card's 3-D Secure is not done yet.
                Some(state) if state.status == SubscriptionStatus::Incomplete => return Err(BillingError::StillRequiresAction),
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
        Ok(CheckoutResult::Complete { add_on: charge.add_on, charge_id: charge.id, plan: plan_now })
    }

    /// The provider's answer to a checkout was lost (a timeout, a dropped connection) after it may
    /// have taken the money; the checkout and the page's later asks come here. Never "nothing was
    /// charged" at once: the provider is asked by our charge id (its idempotency key and metadata)
    /// and what it says is recorded now; while it cannot say, the page is told the payment is being
    /// confirmed and keeps asking, and the provider's event or the reconcile job may settle the
    /// charge meanwhile. After `CONFIRMING_FOR_SECONDS` with no trace of it, the page is told
    /// nothing was taken (the charge stays initiated for reconcile, which drops it once it is
    /// surely abandoned).
    fn after_lost_answer(&self, gateways: Gateways<'_>, secrets: &dyn Secrets, charge: &Charge, plan: &Plan) -> Result<CheckoutResult, BillingError> {
        let cards = gateways.card.ok_or(BillingError::NotConfigured)?;
        let lookup =
            PurchaseLookup { charge_id: &charge.id, email: &charge.email, member: charge.user, reference: "", subscription: plan.kind.is_subscription() };
        match cards.look_up_purchase(&lookup) {
            Ok(Some(found)) => {
                let result = self.settle_found(secrets, charge, plan, found)?;
                // The subscriptions this purchase replaced stop renewing now.
                if matches!(result, CheckoutResult::Complete { .. }) {
                    self.end_renewals(gateways)?;
                }
                Ok(result)
            }
            Ok(None) if charge.created_at + chrono::Duration::seconds(crate::checkout::CONFIRMING_FOR_SECONDS) < self.now => Err(BillingError::NotCharged),
            Ok(None) | Err(_) => Ok(CheckoutResult::Confirming { charge_id: charge.id.clone() }),
        }
    }

    /// Records what the provider says became of an initiated charge, as the checkout would have.
    fn settle_found(&self, secrets: &dyn Secrets, charge: &Charge, plan: &Plan, found: FoundPurchase) -> Result<CheckoutResult, BillingError> {
        let charge_id = charge.id.clone();
        let named = |reference: String| Charge { reference, ..charge.clone() };
        match found {
            FoundPurchase::Payment(PaymentOutcome::Paid { reference }) => {
                let plan_now = self.record_paid(secrets, &named(reference), plan, None)?;
                Ok(CheckoutResult::Complete { charge_id, plan: plan_now, add_on: charge.add_on })
            }
            FoundPurchase::Payment(PaymentOutcome::Processing { reference }) => {
                self.name_reference(&charge.id, &reference, ChargeStatus::Processing)?;
                Ok(CheckoutResult::Processing { charge_id })
            }
            FoundPurchase::Payment(PaymentOutcome::RequiresAction { reference, client_secret }) => {
                self.name_reference(&charge.id, &reference, ChargeStatus::RequiresAction)?;
                Ok(CheckoutResult::RequiresAction { charge_id, client_secret })
            }
            FoundPurchase::Payment(PaymentOutcome::Declined { message }) => self.declined(&charge.id, message),
            FoundPurchase::Subscription { subscription, snapshot } => {
                let state = SubscriptionState::from_snapshot(snapshot);
                if state.renews() {
                    let plan_now = self.record_paid(secrets, &named(subscription), plan, Some(&state))?;
                    Ok(CheckoutResult::Complete { charge_id, plan: plan_now, add_on: charge.add_on })
                } else if state.status == SubscriptionStatus::Incomplete {
                    // Its first payment waits for the buyer; the page keeps asking.
                    self.name_reference(&charge.id, &subscription, ChargeStatus::RequiresAction)?;
                    Ok(CheckoutResult::Confirming { charge_id })
                } else {
                    self.declined(&charge.id, None)
                }
            }
        }
    }

    /// Records a charge waiting for the provider's answer, the buyer (3-D Secure, PayPal's window)
    /// or the money (a processing payment), with its gift form and its coupon's use (refused, and
    /// nothing recorded, when the coupon's last use went to another checkout meanwhile).
    pub(crate) fn record_waiting(&self, charge: &Charge, gift: Option<&GiftDetails>) -> Result<(), BillingError> {
        self.store.atomically(&mut || {
            self.store.record_charge(charge, None)?;
            if let Some(code) = &charge.coupon {
                match self.store.claim_coupon(code, &charge.id, &normalised(&charge.email), self.now)? {
                    CouponClaim::Claimed => {}
                    CouponClaim::UsedUp => return Err(BillingError::CouponUsedUp),
                    CouponClaim::AlreadyUsed => return Err(BillingError::CouponAlreadyUsed),
                }
            }
            if let Some(gift) = gift {
                self.store.save_gift(&charge.id, gift)?;
            }
            Ok(())
        })
    }

    /// The provider named an initiated charge that now waits (for the buyer or the money).
    fn name_reference(&self, charge_id: &str, reference: &str, status: ChargeStatus) -> Result<(), BillingError> {
        self.store.atomically(&mut || {
            self.store.name_reference(charge_id, reference, status)?;
            Ok(())
        })
    }

    /// A declined payment leaves nothing behind.
    fn declined<T>(&self, charge_id: &str, message: Option<String>) -> Result<T, BillingError> {
        self.store.atomically(&mut || {
            self.store.drop_initiated(charge_id)?;
            Ok(())
        })?;
        Err(BillingError::Declined(message))
    }

    /// Records an initiated charge the provider says is paid, with its effects, in one
    /// transaction (once: its event or reconcile may have done it meanwhile). Answers the
    /// member's plan after it.
    pub(crate) fn record_paid(
        &self,
        secrets: &dyn Secrets,
        charge: &Charge,
        plan: &Plan,
        state: Option<&SubscriptionState>,
    ) -> Result<Option<crate::access::MemberPlan>, BillingError> {
        let mut plan_now = None;
        self.store.atomically(&mut || {
            self.store.name_reference(&charge.id, &charge.reference, ChargeStatus::Initiated)?;
            plan_now = self.settle_paid(secrets, charge, plan, state)?;
            Ok(())
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
            // The charge first, then the member (as the provider's event takes them): a page
            // confirming and the event settling at the same moment queue, never deadlock.
            let still_waiting = self.store.lock_charge(&charge.id)?.is_some_and(|(locked, _)| locked.status.is_waiting());
            plan_now = if still_waiting {
                self.settle_paid(secrets, charge, plan, state)?
            } else {
                charge.user.map(|user| self.plan_after(user, &charge.id)).transpose()?.flatten()
            };
            Ok(())
        })?;
        Ok(plan_now)
    }

    /// Inside the caller's transaction: a waiting charge becomes paid, once, with what it gives:
    /// the subscriptions it betters stop renewing, the trial it used is recorded, its grant, its
    /// deliveries (a gift's code) and its receipt. The member's plan after it.
    pub(crate) fn settle_paid(
        &self,
        secrets: &dyn Secrets,
        charge: &Charge,
        plan: &Plan,
        state: Option<&SubscriptionState>,
    ) -> Result<Option<crate::access::MemberPlan>, BillingError> {
        if let Some(user) = charge.user {
            self.settle_overlaps(charge, plan, state, user)?;
        }
        if !self.store.complete_charge(&charge.id, state)? {
            return Ok(match charge.user {
                Some(user) => self.plan_after(user, &charge.id)?,
                None => None,
            });
        }
        // PayPal's trial is recorded with its payer when the buyer comes back (`complete_paypal`).
        if state.is_some_and(|s| s.status == SubscriptionStatus::Trialing) && charge.provider != crate::gateway::PAYPAL {
            let keys = TrialKeys {
                user: charge.user,
                email: Some(normalised(&charge.email)).filter(|e| !e.is_empty()),
                card: charge.card_fingerprint.clone(),
                paypal_payer: None,
            };
            self.store.record_trial(&keys, &charge.id, self.now)?;
        }
        let paid = Charge { status: ChargeStatus::Paid, ..charge.clone() };
        let plan_now = self.give_purchase(&paid, plan, state)?;
        self.deliver(secrets, &paid, plan, state)?;
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
                let ending = if state.status == SubscriptionStatus::Trialing { RenewalEnding::Now } else { RenewalEnding::AtPeriodEnd };
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
            let renewal = match &charge.coupon {
                _ if !plan.kind.is_subscription() => None,
                Some(code) => Some(self.store.find_coupon(code)?.map_or(plan.amount, |c| crate::model::Cents(plan.amount.0 - c.discount_on(plan.amount).0))),
                None => Some(plan.amount),
            };
            self.store.queue_mail(&receipt(self.site, charge, plan, state, renewal), self.now)?;
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
            Some(owner) if owner == member => return self.plan_after(member, &charge.id),
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
            if state.is_some_and(|s| s.status == SubscriptionStatus::Trialing) {
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
