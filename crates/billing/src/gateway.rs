//! The payment providers as billing sees them: card payments (Stripe), PayPal, and their webhooks.
//! The adapters (`crates/payments`) speak the providers' APIs; every amount they are given was
//! made by `pricing::quote`.

use crate::model::{Cents, Interval};
use crate::subscription::ProviderSnapshot;
use kernel::{Timestamp, UserId};

/// A one-time card payment (lifetime, gift, seats, a book, quiz results).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneTimePayment {
    pub amount: Cents,
    /// The receipt goes here.
    pub email: String,
    /// The buyer's account. The provider's customer is the one made for this member (or, for a
    /// guest, one made for guests), never one found by an address anyone could have typed
    /// (Security III §9).
    pub member: Option<UserId>,
    /// The PaymentMethod the browser made with the provider's script (never card numbers).
    pub payment_method: String,
    /// What the buyer's statement and the provider's dashboard show, e.g. "Gistbook Premium Lifetime".
    pub description: String,
    /// Our charge id. The same key for a retried request makes no second charge, and the
    /// provider keeps it with the payment (metadata `charge_id`), so a payment whose answer was
    /// lost is found again (`look_up_purchase`).
    pub idempotency_key: String,
}

/// A renewing subscription that starts with a free trial (or at once when `trial_days` is 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionRequest {
    pub email: String,
    /// The buyer's account, as for `OneTimePayment`.
    pub member: Option<UserId>,
    pub payment_method: String,
    pub plan_id: String,
    pub plan_name: String,
    /// Each period's price, after the coupon.
    pub amount: Cents,
    /// Charged once, with the first invoice (add-ons bought with the subscription).
    pub one_time: Cents,
    pub interval: Interval,
    pub trial_days: u32,
    /// Our charge id, as for `OneTimePayment` (kept as the subscription's metadata `charge_id`).
    pub idempotency_key: String,
}

/// What a payment attempt came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentOutcome {
    Paid {
        reference: String,
    },
    /// Accepted, but the money has not arrived (a bank debit): nothing is given until the
    /// provider's event says it succeeded.
    Processing {
        reference: String,
    },
    /// The bank wants 3-D Secure: the page completes it with `client_secret`, then asks again.
    RequiresAction {
        reference: String,
        client_secret: String,
    },
    /// Refused; the provider's message for the buyer when it gave one.
    Declined {
        message: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubscriptionOutcome {
    Started {
        subscription: String,
        snapshot: ProviderSnapshot,
    },
    /// The first payment (or the card's setup for the trial) needs 3-D Secure.
    RequiresAction {
        subscription: String,
        client_secret: String,
    },
    Declined {
        message: Option<String>,
    },
}

/// The provider could not be reached or answered nonsense: nothing is known to have happened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("payment provider unavailable: {0}")]
pub struct GatewayUnavailable(pub String);

/// A purchase to find at the provider: by its reference when it has one, else by our charge id
/// (the metadata every payment and subscription is made with) among its customer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PurchaseLookup<'a> {
    pub charge_id: &'a str,
    /// The buyer's address and account (the provider's customer is found by both).
    pub email: &'a str,
    pub member: Option<UserId>,
    /// Empty when the provider has not named it yet.
    pub reference: &'a str,
    pub subscription: bool,
}

/// What the provider says a purchase came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FoundPurchase {
    Payment(PaymentOutcome),
    Subscription { subscription: String, snapshot: ProviderSnapshot },
}

/// What every provider does for a subscription it runs.
pub trait RenewingSubscriptions: Send + Sync {
    /// A subscription's state now.
    fn subscription(&self, subscription: &str) -> Result<Option<ProviderSnapshot>, GatewayUnavailable>;
    /// Turns auto-renewal off: the subscription ends at its period end.
    fn cancel_at_period_end(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable>;
    /// Ends the subscription at once, with no further charge (a trial a better purchase replaced).
    fn cancel_now(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable>;
}

/// Card payments through the provider.
pub trait CardPayments: RenewingSubscriptions {
    fn pay_once(&self, payment: &OneTimePayment) -> Result<PaymentOutcome, GatewayUnavailable>;
    fn subscribe(&self, request: &SubscriptionRequest) -> Result<SubscriptionOutcome, GatewayUnavailable>;
    /// A payment's state now (after the page completed 3-D Secure).
    fn payment(&self, reference: &str) -> Result<PaymentOutcome, GatewayUnavailable>;
    /// The fingerprint of the card behind a PaymentMethod (the same for every copy of one card),
    /// `None` when it is not a card or the provider does not say.
    fn card_fingerprint(&self, payment_method: &str) -> Result<Option<String>, GatewayUnavailable>;
    /// Starts saving a new card for the customer of `subscription` (a SetupIntent the page
    /// completes in the browser, 3-D Secure included).
    fn start_card_setup(&self, subscription: &str) -> Result<CardSetup, GatewayUnavailable>;
    /// Makes the card the completed setup saved the one `subscription` charges, and retries its
    /// unpaid invoice if it has one. The setup must belong to the subscription's customer.
    fn use_new_card(&self, subscription: &str, setup: &str) -> Result<CardUpdate, GatewayUnavailable>;
    /// What became of a purchase, read only (nothing is confirmed or charged); `None` when the
    /// provider has no such payment or subscription.
    fn look_up_purchase(&self, lookup: &PurchaseLookup<'_>) -> Result<Option<FoundPurchase>, GatewayUnavailable>;
}

/// A card being saved: the page completes `client_secret` with Stripe.js (`confirmCardSetup`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSetup {
    pub id: String,
    pub client_secret: String,
}

/// What replacing a subscription's card came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardUpdate {
    /// The card is the subscription's now (an unpaid invoice was paid with it); the snapshot shows
    /// the subscription after it.
    Updated { snapshot: ProviderSnapshot },
    /// The card is saved, but the unpaid invoice retried with it was declined.
    PaymentDeclined { snapshot: ProviderSnapshot, message: Option<String> },
    /// The setup is not completed (or is not this subscription's customer's): nothing changed.
    NotCompleted,
}

/// A PayPal order for a one-time purchase (capture intent), priced by billing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayPalOrderRequest {
    pub amount: Cents,
    pub description: String,
    /// Our charge id, kept by PayPal beside the order.
    pub charge_id: String,
}

/// A PayPal subscription to the plan's PayPal billing plan, its price set to billing's amount.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayPalSubscriptionRequest {
    pub paypal_plan: String,
    /// Each period's price, after the coupon.
    pub amount: Cents,
    /// Charged once when the subscription starts (PayPal's setup fee: add-ons).
    pub setup_fee: Cents,
    pub interval: Interval,
    pub trial_days: u32,
    pub email: Option<String>,
    pub charge_id: String,
}

/// What capturing an approved order came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaptureOutcome {
    /// Captured: `amount` is what PayPal says it took.
    Captured { capture: String, amount: Cents },
    /// Not approved by the buyer (yet), or refused by PayPal.
    Refused { message: Option<String> },
}

/// A PayPal subscription as PayPal reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayPalSubscription {
    /// The billing plan it runs on.
    pub paypal_plan: String,
    /// Our charge id, as given when it was made.
    pub custom_id: Option<String>,
    /// The PayPal account that approved it (`subscriber.payer_id`), once approved.
    pub payer_id: Option<String>,
    /// `None` while the buyer has not approved it.
    pub snapshot: Option<ProviderSnapshot>,
}

/// PayPal's REST API as billing uses it.
pub trait PayPalPayments: RenewingSubscriptions {
    /// Makes an order the buyer approves in PayPal's window; its id.
    fn create_order(&self, order: &PayPalOrderRequest) -> Result<String, GatewayUnavailable>;
    /// Takes the money of an approved order.
    fn capture_order(&self, order_id: &str) -> Result<CaptureOutcome, GatewayUnavailable>;
    /// Makes a subscription the buyer approves in PayPal's window; its id.
    fn create_subscription(&self, request: &PayPalSubscriptionRequest) -> Result<String, GatewayUnavailable>;
    /// A subscription with its plan, for checking what the buyer approved.
    fn paypal_subscription(&self, id: &str) -> Result<Option<PayPalSubscription>, GatewayUnavailable>;
}

/// The payment providers that are configured.
#[derive(Clone, Copy, Default)]
pub struct Gateways<'g> {
    pub card: Option<&'g dyn CardPayments>,
    pub paypal: Option<&'g dyn PayPalPayments>,
}

/// An object id the page got from the provider's script (a PaymentMethod, a SetupIntent), when it
/// looks like one: letters, digits, `_` and `-`, at most 255. Anything else is refused as bad input
/// before the provider is asked: such an id cannot name anything there, and cannot even be put in
/// the path of a request to it.
pub fn provider_object_id(sent: Option<&str>) -> Option<&str> {
    sent.map(str::trim).filter(|id| !id.is_empty() && id.len() <= 255 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
}

/// The provider names stored with each charge.
pub const STRIPE: &str = "stripe";
pub const PAYPAL: &str = "paypal";

impl<'g> Gateways<'g> {
    /// The provider that runs a charge's subscription.
    pub fn renewals(&self, provider: &str) -> Option<&'g dyn RenewingSubscriptions> {
        match provider {
            STRIPE => self.card.map(|c| c as &dyn RenewingSubscriptions),
            PAYPAL => self.paypal.map(|p| p as &dyn RenewingSubscriptions),
            _ => None,
        }
    }
}

/// What a verified provider event means for billing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderEvent {
    /// The subscription object as of the event (created, renewed, past due, cancelled, ended).
    Subscription { subscription: String, snapshot: ProviderSnapshot },
    /// Something happened to a subscription whose new state the event does not carry (a PayPal
    /// renewal payment, which it then carries): ask the provider.
    SubscriptionTouched { subscription: String, payment: Option<SubscriptionPayment> },
    /// A subscription's invoice was paid (a renewal, or the first payment after a trial).
    SubscriptionPaid { subscription: String, payment: SubscriptionPayment },
    /// A payment was refunded: a one-time payment's or a subscription payment's provider
    /// reference.
    Refunded { reference: String },
    /// A chargeback took a payment's money back (for now: a won dispute reinstates it).
    Disputed { reference: String },
    /// A won dispute: the money of a disputed payment came back.
    DisputeWon { reference: String },
    /// A one-time payment succeeded (at once, or after processing or the buyer's bank).
    /// `charge_id` is ours, from the payment's metadata: it finds a charge whose checkout never
    /// heard the provider's answer.
    PaymentSucceeded { reference: String, charge_id: Option<String> },
    /// A subscription's renewal could not be charged; the provider retries.
    RenewalFailed { subscription: String },
    /// An event billing does not act on.
    Other,
}

/// One payment of a subscription, as the provider reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionPayment {
    /// The provider's id for the payment (an invoice or a sale).
    pub id: String,
    pub amount: Cents,
    /// What a refund of it names (Stripe: the invoice's PaymentIntent).
    pub reference: Option<String>,
    /// The subscription's first invoice: paid at checkout and recorded as the purchase itself.
    pub first: bool,
    pub paid_at: Timestamp,
}

impl SubscriptionPayment {
    /// Whether this is the money the purchase itself took (recorded with its charge at checkout):
    /// the first invoice, or, for a plan without a trial (whose first period is paid at checkout),
    /// a payment within a day of the purchase. Renewals and the first payment after a trial are not.
    pub fn is_the_purchase(&self, plan: &crate::model::Plan, charge: &crate::checkout::Charge) -> bool {
        let paid_at_checkout = matches!(plan.kind, crate::model::PlanKind::Subscription { trial_days: 0, .. });
        self.first || (paid_at_checkout && self.paid_at < charge.created_at + chrono::Duration::days(1))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedEvent {
    /// The provider's event id: each is processed once.
    pub id: String,
    pub event: ProviderEvent,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookRejected {
    #[error("the webhook signature is not valid")]
    BadSignature,
    #[error("the webhook is too old (or from the future)")]
    StaleTimestamp,
    #[error("the webhook body is not an event")]
    Malformed,
    #[error("the webhook could not be checked now: {0}")]
    Unavailable(String),
}

/// A webhook request's headers (names in lower case).
pub trait WebhookHeaders {
    fn header(&self, name: &str) -> Option<&str>;
}

impl<const N: usize> WebhookHeaders for [(&str, &str); N] {
    fn header(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| *v)
    }
}

impl WebhookHeaders for Vec<(String, String)> {
    fn header(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// Checks a webhook's signature (Stripe: the configured secret and a 300-second tolerance; PayPal:
/// its verify-webhook-signature call) and reads it. `Unavailable` when the check itself could not
/// be made (the provider retries the delivery).
pub trait WebhookVerifier: Send + Sync {
    /// The provider's name as stored with charges (`stripe`, `paypal`).
    fn provider(&self) -> &'static str;
    fn verify(&self, payload: &str, headers: &dyn WebhookHeaders) -> Result<VerifiedEvent, WebhookRejected>;
    /// Whether checking a delivery costs a call to the provider (PayPal's verify-webhook-signature)
    /// rather than a local signature check: such deliveries are limited per address.
    fn checks_with_provider(&self) -> bool {
        false
    }
}
