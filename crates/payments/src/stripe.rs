//! Stripe: `StripePayments` (billing's `CardPayments`) and `StripeWebhooks` (its
//! `WebhookVerifier`).
//!
//! billing's ports are synchronous and are called from actix's blocking threads, never inside an
//! async context: the adapter owns a small tokio runtime and blocks on each call. Every amount
//! comes from billing (`pricing::quote`); prices are sent inline (`price_data`), never looked up.

use billing::gateway::{
    CardPayments, CardSetup, CardUpdate, FoundPurchase, GatewayUnavailable, OneTimePayment, PaymentOutcome, ProviderEvent, PurchaseLookup,
    RenewingSubscriptions, SubscriptionOutcome, SubscriptionPayment, SubscriptionRequest, VerifiedEvent, WebhookHeaders, WebhookRejected, WebhookVerifier,
    STRIPE,
};
use billing::model::Interval;
use billing::subscription::{ProviderSnapshot, SubscriptionStatus};
use kernel::{Timestamp, UserId};
use std::future::Future;
use std::time::Duration;
use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError, StripeRequest};
use stripe_billing::invoice::PayInvoice;
use stripe_billing::subscription::{
    CancelSubscription, CreateSubscription, CreateSubscriptionAddInvoiceItems, CreateSubscriptionAddInvoiceItemsPriceData, CreateSubscriptionItems,
    CreateSubscriptionItemsPriceData, CreateSubscriptionItemsPriceDataRecurring, CreateSubscriptionItemsPriceDataRecurringInterval, ListSubscription,
    ListSubscriptionStatus, RetrieveSubscription, UpdateSubscription,
};
use stripe_core::customer::{CreateCustomer, ListCustomer};
use stripe_core::payment_intent::{
    CreatePaymentIntent, CreatePaymentIntentAutomaticPaymentMethods, CreatePaymentIntentAutomaticPaymentMethodsAllowRedirects, ListPaymentIntent,
    RetrievePaymentIntent,
};
use stripe_core::setup_intent::{CreateSetupIntent, CreateSetupIntentUsage, RetrieveSetupIntent};
use stripe_payment::payment_method::{AttachPaymentMethod, RetrievePaymentMethod};
use stripe_product::product::{CreateProduct, RetrieveProduct};
use stripe_shared::{ApiErrorsCode, ApiErrorsType, PaymentIntent, PaymentIntentStatus, Subscription};
use stripe_webhook::{EventObject, Webhook, WebhookError};

/// The customer's metadata naming the member it was made for.
const MEMBER_METADATA: &str = "gistbook_member";

/// Where Stripe is and the keys to use.
#[derive(Debug, Clone)]
pub struct StripeSettings {
    /// `sk_live_...` / `sk_test_...`.
    pub secret_key: String,
    /// `https://api.stripe.com/` in production; a stand-in's base URL in tests and local runs.
    pub api_base: String,
    /// `whsec_...`: the signing secret of the webhook endpoint.
    pub webhook_secret: String,
}

/// The metadata key every payment and subscription carries our charge id under.
const CHARGE_ID: &str = "charge_id";
/// The Stripe API version every request names (`Stripe-Version`, set by async-stripe, which pins
/// it): the webhook endpoint must be created with the same version (docs/configuration.md).
pub const STRIPE_API_VERSION: &str = "2026-09-30.endive";

fn charge_metadata(charge_id: &str) -> std::collections::HashMap<String, String> {
    std::collections::HashMap::from([(CHARGE_ID.to_owned(), charge_id.to_owned())])
}

/// Amounts are US cents.
const CURRENCY: stripe_types::Currency = stripe_types::Currency::USD;

pub struct StripePayments {
    client: Client,
    /// Always `Some` until dropped (see `Drop`).
    runtime: Option<tokio::runtime::Runtime>,
}

/// The server drops its state (and this adapter) inside its own async runtime when it stops; a
/// runtime dropped there the usual way waits for its threads and panics ("Cannot drop a runtime
/// in a context where blocking is not allowed"). It is let go without waiting instead.
impl Drop for StripePayments {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl StripePayments {
    pub fn new(settings: &StripeSettings) -> Result<StripePayments, GatewayUnavailable> {
        crate::tls::install_crypto_provider();
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("stripe-client")
            .enable_all()
            .build()
            .map_err(|e| GatewayUnavailable(format!("no runtime for the Stripe client: {e}")))?;
        // The client's connector is made inside the runtime it will run on.
        let client = runtime
            .block_on(async { ClientBuilder::new(settings.secret_key.clone()).url(settings.api_base.clone()).timeout(Duration::from_secs(20)).build() })
            .map_err(|e| GatewayUnavailable(format!("the Stripe client: {e}")))?;
        Ok(StripePayments { client, runtime: Some(runtime) })
    }

    fn run<T>(&self, future: impl Future<Output = T>) -> T {
        self.runtime.as_ref().expect("the runtime lives until the adapter is dropped").block_on(future)
    }

    /// The customer Stripe has for this member (by the `gistbook_member` we gave it), or for a
    /// guest with this address, if any (nothing is made). Never another member's, nor one a
    /// guest made with a member's address: an address is what anyone can type (Security III §9).
    fn existing_customer(&self, email: &str, member: Option<UserId>) -> Result<Option<String>, StripeError> {
        let found = self.run(ListCustomer::new().email(email).limit(100).send(&self.client))?;
        let wanted = member.map(|m| m.0.to_string());
        let owner = |customer: &stripe_shared::Customer| customer.metadata.as_ref().and_then(|m| m.get(MEMBER_METADATA)).cloned();
        Ok(found.data.into_iter().find(|customer| owner(customer) == wanted).map(|customer| customer.id.to_string()))
    }

    fn customer_for(&self, email: &str, member: Option<UserId>, key: &str) -> Result<String, StripeError> {
        if let Some(customer) = self.existing_customer(email, member)? {
            return Ok(customer);
        }
        let mut create = CreateCustomer::new().email(email);
        if let Some(member) = member {
            create = create.metadata([(MEMBER_METADATA.to_owned(), member.0.to_string())]);
        }
        let created = self.run(create.customize().request_strategy(idempotent(&format!("{key}-customer"))).send(&self.client))?;
        Ok(created.id.to_string())
    }

    /// The Product a subscription's inline price belongs to (Stripe requires one): one per plan,
    /// `gistbook_<plan id>`, made the first time it is needed.
    fn product_for_plan(&self, plan_id: &str, plan_name: &str) -> Result<String, StripeError> {
        let id: String = format!("gistbook_{plan_id}").chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect();
        self.run(async {
            match RetrieveProduct::new(id.as_str()).send(&self.client).await {
                Ok(product) => return Ok(product.id.to_string()),
                Err(StripeError::Stripe(error, 404)) if error.code == Some(ApiErrorsCode::ResourceMissing) => {}
                Err(other) => return Err(other),
            }
            match CreateProduct::new(plan_name).id(id.as_str()).send(&self.client).await {
                Ok(product) => Ok(product.id.to_string()),
                // Made meanwhile by another request.
                Err(StripeError::Stripe(error, 400)) if error.code == Some(ApiErrorsCode::ResourceAlreadyExists) => Ok(id.clone()),
                Err(other) => Err(other),
            }
        })
    }
}

fn idempotent(key: &str) -> RequestStrategy {
    match IdempotencyKey::new(key) {
        Ok(key) => RequestStrategy::Idempotent(key),
        Err(_) => RequestStrategy::Once,
    }
}

/// What a failed call means: the card was refused (the buyer's message), or nothing is known.
enum Failure {
    Declined(Option<String>),
    Unavailable(GatewayUnavailable),
}

fn classify(error: StripeError) -> Failure {
    match error {
        StripeError::Stripe(api, status) if api.type_ == ApiErrorsType::CardError || status == 402 => Failure::Declined(api.message.clone()),
        // The card the page sent names no PaymentMethod (400 with the parameter, or 404 on its own
        // URL): the buyer's card is the problem, not Stripe; the spec's fallback message asks for it again.
        StripeError::Stripe(api, _) if names_no_payment_method(&api) => Failure::Declined(None),
        StripeError::Stripe(api, status) => {
            Failure::Unavailable(GatewayUnavailable(format!("Stripe answered {status}: {}", api.message.as_deref().unwrap_or("no message"))))
        }
        other => Failure::Unavailable(GatewayUnavailable(other.to_string())),
    }
}

fn names_no_payment_method(api: &stripe_shared::ApiErrors) -> bool {
    api.code == Some(ApiErrorsCode::ResourceMissing)
        && (api.param.as_deref().is_some_and(|param| param.ends_with("payment_method"))
            || api.message.as_deref().is_some_and(|message| message.starts_with("No such PaymentMethod") || message.starts_with("No such payment_method")))
}

fn unavailable(error: StripeError) -> GatewayUnavailable {
    match classify(error) {
        Failure::Unavailable(e) => e,
        Failure::Declined(message) => GatewayUnavailable(format!("refused: {}", message.unwrap_or_default())),
    }
}

fn intent_outcome(intent: &PaymentIntent) -> PaymentOutcome {
    let reference = intent.id.to_string();
    match intent.status {
        PaymentIntentStatus::Succeeded => PaymentOutcome::Paid { reference },
        // Accepted, but the money is not there yet: `payment_intent.succeeded` completes it.
        PaymentIntentStatus::Processing => PaymentOutcome::Processing { reference },
        PaymentIntentStatus::RequiresAction | PaymentIntentStatus::RequiresConfirmation => {
            PaymentOutcome::RequiresAction { reference, client_secret: intent.client_secret.clone().unwrap_or_default() }
        }
        _ => PaymentOutcome::Declined { message: intent.last_payment_error.as_ref().and_then(|e| e.message.clone()) },
    }
}

/// A paid subscription invoice as billing records it: its subscription, and the payment with the
/// PaymentIntent a refund of it names. Invoices of no subscription are not billing's concern.
fn invoice_payment(invoice: &stripe_shared::Invoice, as_of: Timestamp) -> Option<(String, SubscriptionPayment)> {
    let subscription = invoice
        .parent
        .as_ref()
        .and_then(|parent| parent.subscription_details.as_ref())
        .map(|details| details.subscription.id().to_string())
        .or_else(|| invoice.subscription.as_ref().map(|s| s.id().to_string()))?;
    let reference = invoice
        .payments
        .as_ref()
        .and_then(|payments| payments.data.iter().find_map(|p| p.payment.payment_intent.as_ref()))
        .map(|intent| intent.id().to_string());
    let payment = SubscriptionPayment {
        id: invoice.id.as_ref()?.to_string(),
        amount: billing::model::Cents(invoice.amount_paid),
        reference,
        first: matches!(invoice.billing_reason, Some(stripe_shared::InvoiceBillingReason::SubscriptionCreate)),
        paid_at: invoice.status_transitions.paid_at.map_or(as_of, timestamp),
    };
    Some((subscription, payment))
}

fn timestamp(seconds: i64) -> Timestamp {
    chrono::DateTime::from_timestamp(seconds, 0).unwrap_or_default()
}

/// The subscription as billing sees it, as of `as_of`: every Stripe status has its state
/// (`docs/billing.md`); a renewal turned off while it still runs is `Canceled`.
pub fn snapshot(subscription: &Subscription, as_of: Timestamp) -> ProviderSnapshot {
    use stripe_shared::SubscriptionStatus as S;
    let renewal_off = subscription.cancel_at_period_end || subscription.cancel_at.is_some();
    let status = match subscription.status {
        S::Incomplete => SubscriptionStatus::Incomplete,
        S::IncompleteExpired => SubscriptionStatus::IncompleteExpired,
        S::Canceled => SubscriptionStatus::Expired,
        S::Unpaid => SubscriptionStatus::Unpaid,
        S::Paused => SubscriptionStatus::Paused,
        // The card's authentication (a trial's 3-D Secure) is not done: nothing is given yet.
        S::Trialing if subscription.pending_setup_intent.is_some() => SubscriptionStatus::Incomplete,
        S::Trialing | S::Active | S::PastDue if renewal_off => SubscriptionStatus::Canceled,
        S::Trialing => SubscriptionStatus::Trialing,
        S::PastDue => SubscriptionStatus::PastDue,
        S::Active => SubscriptionStatus::Active,
        // A status newer than this client: nothing is given for what is not understood.
        _ => SubscriptionStatus::Incomplete,
    };
    // In API versions from 2025-03 the period lives on the items.
    let period_end = subscription
        .items
        .data
        .iter()
        .map(|item| item.current_period_end)
        .max()
        .or(subscription.trial_end)
        .or(subscription.ended_at)
        .unwrap_or(subscription.start_date);
    let period_end = match status {
        SubscriptionStatus::Expired => subscription.ended_at.map_or(period_end, |ended| ended.min(period_end)),
        _ => period_end,
    };
    ProviderSnapshot { status, current_period_end: timestamp(period_end), as_of }
}

impl CardPayments for StripePayments {
    fn pay_once(&self, payment: &OneTimePayment) -> Result<PaymentOutcome, GatewayUnavailable> {
        let customer = self.customer_for(&payment.email, payment.member, &payment.idempotency_key).map_err(unavailable)?;
        let request = CreatePaymentIntent::new(payment.amount.0, CURRENCY)
            .customer(customer)
            .payment_method(payment.payment_method.as_str())
            .description(payment.description.as_str())
            .receipt_email(payment.email.as_str())
            .metadata(charge_metadata(&payment.idempotency_key))
            .automatic_payment_methods(CreatePaymentIntentAutomaticPaymentMethods {
                allow_redirects: Some(CreatePaymentIntentAutomaticPaymentMethodsAllowRedirects::Never),
                enabled: true,
            })
            .confirm(true);
        let answer = self.run(request.customize().request_strategy(idempotent(&payment.idempotency_key)).send(&self.client));
        match answer {
            Ok(intent) => Ok(intent_outcome(&intent)),
            Err(error) => match classify(error) {
                Failure::Declined(message) => Ok(PaymentOutcome::Declined { message }),
                Failure::Unavailable(e) => Err(e),
            },
        }
    }

    fn subscribe(&self, request: &SubscriptionRequest) -> Result<SubscriptionOutcome, GatewayUnavailable> {
        let key = &request.idempotency_key;
        let customer = self.customer_for(&request.email, request.member, key).map_err(unavailable)?;
        let attached = self.run(
            AttachPaymentMethod::new(request.payment_method.as_str())
                .customer(customer.as_str())
                .customize()
                .request_strategy(idempotent(&format!("{key}-attach")))
                .send(&self.client),
        );
        if let Err(error) = attached {
            return match classify(error) {
                Failure::Declined(message) => Ok(SubscriptionOutcome::Declined { message }),
                Failure::Unavailable(e) => Err(e),
            };
        }
        let product = self.product_for_plan(&request.plan_id, &request.plan_name).map_err(unavailable)?;
        let interval = match request.interval {
            Interval::Month => CreateSubscriptionItemsPriceDataRecurringInterval::Month,
            Interval::Year => CreateSubscriptionItemsPriceDataRecurringInterval::Year,
        };
        let mut price = CreateSubscriptionItemsPriceData::new(CURRENCY, product, CreateSubscriptionItemsPriceDataRecurring::new(interval));
        price.unit_amount = Some(request.amount.0);
        let mut item = CreateSubscriptionItems::new();
        item.price_data = Some(price);
        let mut create = CreateSubscription::new()
            .customer(customer)
            .items(vec![item])
            .default_payment_method(request.payment_method.as_str())
            .metadata(charge_metadata(key))
            .expand(vec!["latest_invoice.confirmation_secret".to_string(), "pending_setup_intent".to_string()]);
        if request.trial_days > 0 {
            create = create.trial_period_days(request.trial_days);
        }
        if request.one_time.0 > 0 {
            // Add-ons are bought once: an item on the first invoice, not part of the renewing price.
            let product = self.product_for_plan("add-ons", "Gistbook add-ons").map_err(unavailable)?;
            let mut price = CreateSubscriptionAddInvoiceItemsPriceData::new(CURRENCY, product);
            price.unit_amount = Some(request.one_time.0);
            let mut item = CreateSubscriptionAddInvoiceItems::new();
            item.price_data = Some(price);
            create = create.add_invoice_items(vec![item]);
        }
        let answer = self.run(create.customize().request_strategy(idempotent(key)).send(&self.client));
        let subscription = match answer {
            Ok(subscription) => subscription,
            Err(error) => {
                return match classify(error) {
                    Failure::Declined(message) => Ok(SubscriptionOutcome::Declined { message }),
                    Failure::Unavailable(e) => Err(e),
                }
            }
        };
        let id = subscription.id.to_string();
        if subscription.status == stripe_shared::SubscriptionStatus::Incomplete {
            let secret = subscription
                .latest_invoice
                .as_ref()
                .and_then(|invoice| invoice.as_object())
                .and_then(|invoice| invoice.confirmation_secret.as_ref())
                .map(|secret| secret.client_secret.clone());
            return Ok(match secret {
                Some(client_secret) => SubscriptionOutcome::RequiresAction { subscription: id, client_secret },
                None => SubscriptionOutcome::Declined { message: None },
            });
        }
        // A trial whose card asks for 3-D Secure: the page completes the SetupIntent
        // (`confirmCardSetup`), or the first renewal would fail.
        let pending_secret = subscription
            .pending_setup_intent
            .as_ref()
            .and_then(|setup| setup.as_object())
            .filter(|setup| matches!(setup.status, stripe_shared::SetupIntentStatus::RequiresAction | stripe_shared::SetupIntentStatus::RequiresConfirmation))
            .and_then(|setup| setup.client_secret.clone());
        if let Some(client_secret) = pending_secret {
            return Ok(SubscriptionOutcome::RequiresAction { subscription: id, client_secret });
        }
        let snapshot = snapshot(&subscription, chrono::Utc::now());
        Ok(SubscriptionOutcome::Started { subscription: id, snapshot })
    }

    fn card_fingerprint(&self, payment_method: &str) -> Result<Option<String>, GatewayUnavailable> {
        match self.run(RetrievePaymentMethod::new(payment_method).send(&self.client)) {
            Ok(method) => Ok(method.card.and_then(|card| card.fingerprint)),
            // An unknown PaymentMethod: checkout's own call refuses it with the card's message.
            Err(StripeError::Stripe(_, 404)) => Ok(None),
            Err(error) => Err(unavailable(error)),
        }
    }

    fn start_card_setup(&self, subscription: &str) -> Result<CardSetup, GatewayUnavailable> {
        let found = self.run(RetrieveSubscription::new(subscription).send(&self.client)).map_err(unavailable)?;
        let setup = CreateSetupIntent::new().customer(found.customer.id().to_string()).usage(CreateSetupIntentUsage::OffSession);
        let setup = self.run(setup.send(&self.client)).map_err(unavailable)?;
        let client_secret = setup.client_secret.ok_or_else(|| GatewayUnavailable("Stripe's SetupIntent came without a client secret".into()))?;
        Ok(CardSetup { id: setup.id.to_string(), client_secret })
    }

    fn use_new_card(&self, subscription: &str, setup: &str) -> Result<CardUpdate, GatewayUnavailable> {
        let found = self.run(RetrieveSubscription::new(subscription).send(&self.client)).map_err(unavailable)?;
        let setup = match self.run(RetrieveSetupIntent::new(setup).send(&self.client)) {
            Ok(setup) => setup,
            Err(StripeError::Stripe(_, 404)) => return Ok(CardUpdate::NotCompleted),
            Err(error) => return Err(unavailable(error)),
        };
        // Only a completed setup of this subscription's own customer: a member cannot attach a
        // card saved for someone else.
        let own = setup.customer.as_ref().is_some_and(|customer| customer.id() == found.customer.id());
        let card = setup.payment_method.as_ref().map(|method| method.id().to_string());
        let (true, stripe_shared::SetupIntentStatus::Succeeded, Some(card)) = (own, &setup.status, card) else { return Ok(CardUpdate::NotCompleted) };
        let updated = self.run(UpdateSubscription::new(subscription).default_payment_method(card.as_str()).send(&self.client)).map_err(unavailable)?;
        let unpaid_invoice = match (&updated.status, &updated.latest_invoice) {
            (stripe_shared::SubscriptionStatus::PastDue | stripe_shared::SubscriptionStatus::Unpaid, Some(invoice)) => {
                invoice.id().as_ref().map(ToString::to_string)
            }
            _ => None,
        };
        let Some(invoice) = unpaid_invoice else { return Ok(CardUpdate::Updated { snapshot: snapshot(&updated, chrono::Utc::now()) }) };
        // Keyed by the invoice and the new card: a retry after a timeout cannot pay twice.
        let pay = PayInvoice::new(invoice.as_str()).payment_method(card.as_str()).customize().request_strategy(idempotent(&format!("{invoice}-pay-{card}")));
        let declined = match self.run(pay.send(&self.client)) {
            Ok(_) => None,
            Err(error) => match classify(error) {
                Failure::Declined(message) => Some(message),
                Failure::Unavailable(e) => return Err(e),
            },
        };
        let after = self.run(RetrieveSubscription::new(subscription).send(&self.client)).map_err(unavailable)?;
        let snapshot = snapshot(&after, chrono::Utc::now());
        Ok(match declined {
            None => CardUpdate::Updated { snapshot },
            Some(message) => CardUpdate::PaymentDeclined { snapshot, message },
        })
    }

    fn look_up_purchase(&self, lookup: &PurchaseLookup<'_>) -> Result<Option<FoundPurchase>, GatewayUnavailable> {
        let as_found = |subscription: &Subscription| FoundPurchase::Subscription {
            subscription: subscription.id.to_string(),
            snapshot: snapshot(subscription, chrono::Utc::now()),
        };
        if !lookup.reference.is_empty() {
            return if lookup.subscription {
                match self.run(RetrieveSubscription::new(lookup.reference).send(&self.client)) {
                    Ok(found) => Ok(Some(as_found(&found))),
                    Err(StripeError::Stripe(_, 404)) => Ok(None),
                    Err(error) => Err(unavailable(error)),
                }
            } else {
                match self.run(RetrievePaymentIntent::new(lookup.reference).send(&self.client)) {
                    Ok(intent) => Ok(Some(FoundPurchase::Payment(intent_outcome(&intent)))),
                    Err(StripeError::Stripe(_, 404)) => Ok(None),
                    Err(error) => Err(unavailable(error)),
                }
            };
        }
        // Never named: among the customer's newest, the one made with our charge id.
        let Some(customer) = self.existing_customer(lookup.email, lookup.member).map_err(unavailable)? else { return Ok(None) };
        let ours = |metadata: &std::collections::HashMap<String, String>| metadata.get(CHARGE_ID).is_some_and(|id| id == lookup.charge_id);
        if lookup.subscription {
            let list = ListSubscription::new().customer(customer).status(ListSubscriptionStatus::All).limit(100);
            let found = self.run(list.send(&self.client)).map_err(unavailable)?;
            Ok(found.data.iter().find(|subscription| ours(&subscription.metadata)).map(as_found))
        } else {
            let found = self.run(ListPaymentIntent::new().customer(customer).limit(100).send(&self.client)).map_err(unavailable)?;
            Ok(found.data.iter().find(|intent| ours(&intent.metadata)).map(|intent| FoundPurchase::Payment(intent_outcome(intent))))
        }
    }

    /// Read only: our intents confirm automatically, so after the page's `confirmCardPayment`
    /// Stripe has the result (nothing is confirmed from here).
    fn payment(&self, reference: &str) -> Result<PaymentOutcome, GatewayUnavailable> {
        let intent = self.run(RetrievePaymentIntent::new(reference).send(&self.client)).map_err(unavailable)?;
        Ok(intent_outcome(&intent))
    }
}

impl RenewingSubscriptions for StripePayments {
    fn subscription(&self, subscription: &str) -> Result<Option<ProviderSnapshot>, GatewayUnavailable> {
        match self.run(RetrieveSubscription::new(subscription).send(&self.client)) {
            Ok(found) => Ok(Some(snapshot(&found, chrono::Utc::now()))),
            Err(StripeError::Stripe(_, 404)) => Ok(None),
            Err(error) => Err(unavailable(error)),
        }
    }

    fn cancel_at_period_end(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        let updated = self.run(UpdateSubscription::new(subscription).cancel_at_period_end(true).send(&self.client)).map_err(unavailable)?;
        Ok(snapshot(&updated, chrono::Utc::now()))
    }

    fn cancel_now(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        let ended = self.run(CancelSubscription::new(subscription).send(&self.client)).map_err(unavailable)?;
        Ok(snapshot(&ended, chrono::Utc::now()))
    }
}

/// Verifies Stripe's `Stripe-Signature` header (300 s tolerance) and reads the event.
pub struct StripeWebhooks {
    secret: String,
}

impl StripeWebhooks {
    pub fn new(settings: &StripeSettings) -> StripeWebhooks {
        StripeWebhooks { secret: settings.webhook_secret.clone() }
    }
}

impl WebhookVerifier for StripeWebhooks {
    fn provider(&self) -> &'static str {
        STRIPE
    }

    fn verify(&self, payload: &str, headers: &dyn WebhookHeaders) -> Result<VerifiedEvent, WebhookRejected> {
        let signature_header = headers.header("stripe-signature").ok_or(WebhookRejected::BadSignature)?;
        let event = Webhook::construct_event(payload, signature_header, &self.secret).map_err(|error| match error {
            WebhookError::BadSignature | WebhookError::BadHeader(_) | WebhookError::BadKey => WebhookRejected::BadSignature,
            WebhookError::BadTimestamp(_) => WebhookRejected::StaleTimestamp,
            _ => WebhookRejected::Malformed,
        })?;
        let as_of = timestamp(event.created);
        let provider_event = match &event.data.object {
            EventObject::CustomerSubscriptionCreated(sub)
            | EventObject::CustomerSubscriptionUpdated(sub)
            | EventObject::CustomerSubscriptionDeleted(sub)
            | EventObject::CustomerSubscriptionPaused(sub)
            | EventObject::CustomerSubscriptionResumed(sub) => ProviderEvent::Subscription { subscription: sub.id.to_string(), snapshot: snapshot(sub, as_of) },
            EventObject::InvoicePaid(invoice) => match invoice_payment(invoice, as_of) {
                Some((subscription, payment)) => ProviderEvent::SubscriptionPaid { subscription, payment },
                None => ProviderEvent::Other,
            },
            // A chargeback takes the money for now; a won dispute brings it back.
            EventObject::ChargeDisputeFundsWithdrawn(dispute) => match &dispute.payment_intent {
                Some(intent) => ProviderEvent::Disputed { reference: intent.id().to_string() },
                None => ProviderEvent::Other,
            },
            EventObject::ChargeDisputeFundsReinstated(dispute) => match &dispute.payment_intent {
                Some(intent) => ProviderEvent::DisputeWon { reference: intent.id().to_string() },
                None => ProviderEvent::Other,
            },
            EventObject::ChargeDisputeClosed(dispute) if dispute.status == stripe_shared::DisputeStatus::Won => match &dispute.payment_intent {
                Some(intent) => ProviderEvent::DisputeWon { reference: intent.id().to_string() },
                None => ProviderEvent::Other,
            },
            EventObject::PaymentIntentSucceeded(intent) => {
                ProviderEvent::PaymentSucceeded { reference: intent.id.to_string(), charge_id: intent.metadata.get(CHARGE_ID).cloned() }
            }
            EventObject::InvoicePaymentFailed(invoice) => match invoice_payment(invoice, as_of) {
                Some((subscription, _)) => ProviderEvent::RenewalFailed { subscription },
                None => ProviderEvent::Other,
            },
            EventObject::ChargeRefunded(charge) => match &charge.payment_intent {
                Some(intent) => ProviderEvent::Refunded { reference: intent.id().to_string() },
                None => ProviderEvent::Other,
            },
            _ => ProviderEvent::Other,
        };
        Ok(VerifiedEvent { id: event.id.to_string(), event: provider_event })
    }
}

#[cfg(test)]
mod version_tests {
    #[test]
    fn the_documented_api_version_is_the_one_async_stripe_sends() {
        assert_eq!(super::STRIPE_API_VERSION, stripe_shared::version::VERSION.as_str());
    }
}

#[cfg(test)]
mod drop_tests {
    use super::*;

    #[test]
    fn the_adapter_is_dropped_inside_an_async_runtime_without_a_panic() {
        // As the server does when it stops: its state goes inside its own runtime.
        let settings = StripeSettings { secret_key: "sk_test_x".into(), api_base: "http://127.0.0.1:9/".into(), webhook_secret: "whsec_x".into() };
        let adapter = StripePayments::new(&settings).expect("the adapter");
        let server = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
        server.block_on(async move { drop(adapter) });
    }
}
