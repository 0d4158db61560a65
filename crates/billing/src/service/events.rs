//! Provider webhooks: each event once, in one transaction with its effects, and in any order.

use super::Billing;
use crate::access::Revocation;
use crate::checkout::ChargeStatus;
use crate::error::BillingError;
use crate::gateway::{Gateways, ProviderEvent, SubscriptionPayment, WebhookHeaders, WebhookRejected, WebhookVerifier};
use crate::ports::{BillingStore, Secrets};
use crate::subscription::{ProviderSnapshot, SubscriptionState};

/// What became of a delivered event (every one is answered 200: the provider stops retrying).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookOutcome {
    /// Its effects are recorded.
    Applied,
    /// Seen before: nothing changed.
    Duplicate,
    /// Not about anything of ours (or nothing billing acts on): recorded, nothing changed.
    Ignored,
}

/// Deliveries one address may send a minute when each costs a call to the provider.
pub const PROVIDER_CHECKS_PER_ADDRESS_PER_MINUTE: u32 = 120;

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// A delivery from `client`: when checking it costs a call to the provider, one address may
    /// send `PROVIDER_CHECKS_PER_ADDRESS_PER_MINUTE` a minute, so an unauthenticated flood costs
    /// us a bounded number of outbound calls (the provider retries a refused genuine delivery).
    pub fn handle_webhook_from(
        &self,
        client: &str,
        verifier: &dyn WebhookVerifier,
        gateways: Gateways<'_>,
        secrets: &dyn Secrets,
        payload: &str,
        headers: &dyn WebhookHeaders,
    ) -> Result<WebhookOutcome, BillingError> {
        if verifier.checks_with_provider() {
            let since = self.now - chrono::Duration::minutes(1);
            let key = format!("webhook:{}:ip:{client}", verifier.provider());
            if self.store.record_attempt(&key, self.now, since)? > PROVIDER_CHECKS_PER_ADDRESS_PER_MINUTE {
                return Err(BillingError::Throttled);
            }
        }
        self.handle_webhook(verifier, gateways, secrets, payload, headers)
    }

    /// Verifies a webhook and applies it once. A subscription event moves the subscription's state
    /// only when it is newer than what was applied (`SubscriptionState::apply`), and its grant
    /// follows; a refund or a chargeback ends what the purchase gave (its codes included), a won
    /// dispute gives it back; a payment that was processing completes; a failed renewal mails the
    /// member.
    pub fn handle_webhook(
        &self,
        verifier: &dyn WebhookVerifier,
        gateways: Gateways<'_>,
        secrets: &dyn Secrets,
        payload: &str,
        headers: &dyn WebhookHeaders,
    ) -> Result<WebhookOutcome, BillingError> {
        let provider = verifier.provider();
        let event = verifier.verify(payload, headers).map_err(|rejected| match rejected {
            WebhookRejected::Unavailable(cause) => BillingError::ProviderUnavailable(cause),
            other => BillingError::WebhookRejected(other),
        })?;
        // An event that only says "look again" (or whose subscription's state matters with it: a
        // failed renewal) is looked up before the transaction, so no lock is held while the
        // provider answers.
        let look_up = |subscription: &str| -> Result<ProviderEvent, BillingError> {
            let gateway = gateways.renewals(provider).ok_or(BillingError::NotConfigured)?;
            Ok(match gateway.subscription(subscription).map_err(|e| BillingError::ProviderUnavailable(e.0))? {
                Some(snapshot) => ProviderEvent::Subscription {
                    subscription: subscription.to_owned(),
                    snapshot: ProviderSnapshot { as_of: self.now.max(snapshot.as_of), ..snapshot },
                },
                None => ProviderEvent::Other,
            })
        };
        let (event_body, touched_payment, failed_renewal) = match event.event {
            ProviderEvent::SubscriptionTouched { subscription, payment } => (look_up(&subscription)?, payment.map(|payment| (subscription, payment)), None),
            ProviderEvent::RenewalFailed { subscription } => (look_up(&subscription)?, None, Some(subscription)),
            other => (other, None, None),
        };
        let mut outcome = WebhookOutcome::Ignored;
        self.store.atomically(&mut || {
            if !self.store.first_delivery(provider, &event.id, self.now)? {
                outcome = WebhookOutcome::Duplicate;
                return Ok(());
            }
            outcome = match &event_body {
                ProviderEvent::Subscription { subscription, snapshot } => known(self.apply_snapshot(provider, subscription, *snapshot)?),
                ProviderEvent::SubscriptionPaid { subscription, payment } => self.apply_subscription_payment(provider, subscription, payment)?,
                ProviderEvent::Refunded { reference } => self.apply_taking_back(provider, reference, Revocation::Refund)?,
                ProviderEvent::Disputed { reference } => self.apply_taking_back(provider, reference, Revocation::Dispute)?,
                ProviderEvent::DisputeWon { reference } => self.apply_dispute_won(provider, reference)?,
                ProviderEvent::PaymentSucceeded { reference, charge_id } => self.apply_payment_succeeded(secrets, provider, reference, charge_id.as_deref())?,
                ProviderEvent::SubscriptionTouched { .. } | ProviderEvent::RenewalFailed { .. } | ProviderEvent::Other => WebhookOutcome::Ignored,
            };
            if let Some((subscription, payment)) = &touched_payment {
                if self.apply_subscription_payment(provider, subscription, payment)? == WebhookOutcome::Applied {
                    outcome = WebhookOutcome::Applied;
                }
            }
            if let Some(subscription) = &failed_renewal {
                if self.apply_renewal_failed(provider, subscription)? == WebhookOutcome::Applied {
                    outcome = WebhookOutcome::Applied;
                }
            }
            Ok(())
        })?;
        Ok(outcome)
    }

    /// A subscription's payment after its purchase (renewals, the first payment after a trial) is
    /// recorded for the accounts and the referral programme. The first invoice of a subscription
    /// without a trial is the purchase itself, recorded at checkout: it is not recorded twice.
    fn apply_subscription_payment(&self, provider: &str, subscription: &str, payment: &SubscriptionPayment) -> Result<WebhookOutcome, BillingError> {
        let Some((charge, Some(_))) = self.store.lock_charge_by_reference(provider, subscription)? else { return Ok(WebhookOutcome::Ignored) };
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        if payment.amount.0 <= 0 || payment.is_the_purchase(&plan, &charge) {
            return Ok(WebhookOutcome::Ignored);
        }
        self.store.record_subscription_payment(&charge.id, provider, payment)?;
        Ok(WebhookOutcome::Applied)
    }

    /// A refund or a chargeback of a purchase ends what it gave, codes included (a refunded
    /// subscription payment is marked refunded: the subscription's own events say what access
    /// remains).
    fn apply_taking_back(&self, provider: &str, reference: &str, why: Revocation) -> Result<WebhookOutcome, BillingError> {
        let Some((charge, _)) = self.store.lock_charge_by_reference(provider, reference)? else {
            let refunded = self.store.refund_subscription_payment(provider, reference)?;
            return Ok(if refunded { WebhookOutcome::Applied } else { WebhookOutcome::Ignored });
        };
        if matches!(charge.status, ChargeStatus::Paid | ChargeStatus::Disputed) {
            // A refund after a chargeback is final; a second chargeback changes nothing.
            if !(charge.status == ChargeStatus::Disputed && why == Revocation::Dispute) {
                self.take_back(&charge, why)?;
            }
        }
        Ok(WebhookOutcome::Applied)
    }

    /// A won dispute gives back what the chargeback took.
    fn apply_dispute_won(&self, provider: &str, reference: &str) -> Result<WebhookOutcome, BillingError> {
        let Some((charge, _)) = self.store.lock_charge_by_reference(provider, reference)? else { return Ok(WebhookOutcome::Ignored) };
        self.give_back(&charge)?;
        Ok(WebhookOutcome::Applied)
    }

    /// A payment succeeded: one that was processing, waiting for the buyer's bank when the page
    /// was closed, or whose checkout never heard the provider's answer (found by our charge id).
    /// It is recorded now as checkout would have, once.
    fn apply_payment_succeeded(&self, secrets: &dyn Secrets, provider: &str, reference: &str, charge_id: Option<&str>) -> Result<WebhookOutcome, BillingError> {
        let found = match self.store.lock_charge_by_reference(provider, reference)? {
            Some(found) => Some(found),
            None => match charge_id {
                Some(id) => self.store.lock_charge(id)?.filter(|(charge, _)| charge.provider == provider && charge.status == ChargeStatus::Initiated),
                None => None,
            },
        };
        let Some((mut charge, state)) = found else { return Ok(WebhookOutcome::Ignored) };
        if !charge.status.is_waiting() {
            return Ok(WebhookOutcome::Applied);
        }
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        if plan.kind.is_subscription() {
            // A subscription's payments are its invoices' (their own events say so).
            return Ok(WebhookOutcome::Ignored);
        }
        if charge.reference.is_empty() {
            self.store.name_reference(&charge.id, reference, ChargeStatus::Initiated)?;
            charge.reference = reference.to_owned();
        }
        self.settle_paid(secrets, &charge, &plan, state.as_ref())?;
        Ok(WebhookOutcome::Applied)
    }

    /// A renewal could not be charged: the member is mailed a link to update their card (the
    /// subscription's `past_due` state keeps their access through the grace period).
    fn apply_renewal_failed(&self, provider: &str, subscription: &str) -> Result<WebhookOutcome, BillingError> {
        let Some((charge, Some(state))) = self.store.lock_charge_by_reference(provider, subscription)? else { return Ok(WebhookOutcome::Ignored) };
        let Some(user) = charge.user else { return Ok(WebhookOutcome::Ignored) };
        let Some(email) = self.store.member_email(user)? else { return Ok(WebhookOutcome::Ignored) };
        let plan_name = self.store.find_plan(&charge.plan_id)?.map_or_else(|| charge.plan_id.clone(), |p| p.name);
        self.store.queue_mail(&payment_failed_mail(self.site, &email, &plan_name, &charge.provider, &state), self.now)?;
        Ok(WebhookOutcome::Applied)
    }
}

/// known: an event about one of ours is applied even when it changed nothing (older than what
/// was applied); one about nothing of ours is ignored.
fn known(ours: bool) -> WebhookOutcome {
    if ours {
        WebhookOutcome::Applied
    } else {
        WebhookOutcome::Ignored
    }
}

/// "Your payment failed": the link to update the card (or PayPal's page), and how long access
/// lasts meanwhile.
fn payment_failed_mail(site: &str, to: &str, plan_name: &str, provider: &str, state: &SubscriptionState) -> kernel::OutgoingMail {
    let site = site.trim_end_matches('/');
    let grace = crate::error::long_date(state.past_due_since.unwrap_or(state.as_of) + chrono::Duration::days(crate::subscription::PAST_DUE_GRACE_DAYS));
    let how = if provider == crate::gateway::PAYPAL {
        "Please check the card or bank account in your PayPal wallet (https://www.paypal.com/myaccount/autopay/); PayPal tries again on its own.".to_owned()
    } else {
        format!("Please update your card here: {site}/account/payment-method\nWe try the payment again on its own over the next days.")
    };
    kernel::OutgoingMail {
        to: to.to_owned(),
        subject: "Your Gistbook payment failed: please update your card".to_owned(),
        text_body: format!(
            "Hello,\n\nWe could not take the renewal payment for your {plan_name} subscription.\n\n{how}\n\n\
             Your Premium stays on until {grace} while we retry. If no payment goes through by then, it ends; your library and \
             progress stay for when you come back.\n\nThe Gistbook team\n"
        ),
        attachment: None,
    }
}
