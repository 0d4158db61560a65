use crate::gateway::WebhookRejected;
use kernel::{PortError, Timestamp};

/// "November 25, 2026", as the pages write dates.
pub fn long_date(at: Timestamp) -> String {
    at.format("%B %-d, %Y").to_string()
}

/// Everything a billing call can answer besides success. Messages are shown to people as they
/// are; the server maps each variant to an HTTP status and uses [`BillingError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BillingError {
    #[error("Invalid plan id")]
    InvalidPlan,
    #[error("Please choose a quantity >= 20")]
    TooFewSeats,
    #[error("Please choose a quantity from 1 to 200.")]
    InvalidQuantity,
    #[error("Infographics come in packs of 20 or 50.")]
    InvalidAddOn,
    #[error("Please enter a coupon code.")]
    MissingCoupon,
    #[error("This coupon code is not valid.")]
    UnknownCoupon,
    #[error("This coupon is not valid yet.")]
    CouponNotYetValid,
    #[error("This coupon has expired.")]
    CouponExpired,
    #[error("This coupon has been used up.")]
    CouponUsedUp,
    #[error("This coupon does not apply to this plan.")]
    CouponNotForPlan,
    #[error("You have already used this coupon.")]
    CouponAlreadyUsed,
    #[error("Too many wrong coupon codes. Please wait 15 minutes and try again.")]
    TooManyCouponGuesses,
    #[error("Please input an email address. We will send your payment receipt to that email.")]
    MissingEmail,
    #[error("Please specify a valid email address.")]
    InvalidEmail,
    #[error("There was an error processing your request. Please make sure your card number is valid.")]
    CardNotCreated,
    /// The provider's message for the buyer, or the spec's fallback.
    #[error("{}", .0.as_deref().unwrap_or("There was an error processing your request. Please make sure your card number is valid."))]
    Declined(Option<String>),
    #[error("Please finish the check with your bank, then try again.")]
    StillRequiresAction,
    #[error("Please log in or sign up to buy your full report.")]
    AccountNeeded,
    #[error("Please confirm your e-mail address first: open the link we e-mailed you (your account page can send it again).")]
    EmailNotConfirmed,
    #[error("We could not find this payment.")]
    UnknownCharge,
    /// A payment whose answer was lost, and of which the provider has no trace after a while.
    #[error("The payment did not go through. Nothing was charged; please try again.")]
    NotCharged,
    #[error("This payment is already attached to another account.")]
    ChargeTaken,
    #[error("We could not reach the payment provider. Nothing was charged; please try again in a moment.")]
    ProviderUnavailable(String),
    #[error("This payment method is not available right now. Please choose another one.")]
    NotConfigured,
    #[error("Error processing Paypal payment. Please try again.")]
    PayPalNotApproved,
    /// PayPal's message for the buyer, or the spec's fallback.
    #[error("{}", .0.as_deref().unwrap_or("There was an error processing your PayPal payment. Please try again later."))]
    PayPalRefused(Option<String>),
    #[error("{0}")]
    WebhookRejected(WebhookRejected),
    #[error("Please log in again.")]
    NotSignedIn,
    #[error("Please provide a valid redemption code.")]
    MissingCode,
    #[error("This code is invalid or has already been used.")]
    InvalidCode,
    #[error("Your Premium is for life already: pass this code on to someone else.")]
    AlreadyForLife,
    #[error("{0}")]
    GiftTooLong(&'static str),
    #[error("Please give the recipient's e-mail address or yours, so the gift can be sent.")]
    GiftNeedsAddress,
    #[error("Too many attempts. Please wait a few minutes and try again.")]
    Throttled,
    #[error("You have sent many invitations today. Please try again tomorrow.")]
    TooManySeatInvites,
    #[error("We could not find this seat.")]
    SeatNotFound,
    #[error("This seat has been taken already.")]
    SeatTaken,
    #[error("You have Premium for life already: there is nothing more to buy.")]
    HasLifetime,
    #[error("You subscribe to {plan_name} already (it renews on {}). You can manage it on your account page.", long_date(*.renews_on))]
    AlreadySubscribed { plan_name: String, renews_on: Timestamp },
    #[error("Your free trial was used on {}: this subscription starts at once and is charged today.", long_date(*.on))]
    TrialUsed { on: Timestamp },
    #[error("You have no subscription paid by card to update.")]
    NoCardToUpdate,
    #[error("Your subscription is paid with PayPal: update the card or bank account in your PayPal wallet.")]
    PayPalCard,
    #[error("Please choose a reason.")]
    MissingCancelReason,
    #[error("You have no subscription that renews, so there is nothing to turn off.")]
    NothingToCancel,
    #[error("The service is busy right now. Please try again in a moment.")]
    Unavailable,
    #[error("There was an error processing your request. Please try again later.")]
    Internal(String),
}

impl BillingError {
    pub fn code(&self) -> &'static str {
        match self {
            BillingError::InvalidPlan => "invalid_plan",
            BillingError::TooFewSeats | BillingError::InvalidQuantity => "invalid_quantity",
            BillingError::InvalidAddOn => "invalid_add_on",
            BillingError::MissingCoupon => "missing_fields",
            BillingError::UnknownCoupon
            | BillingError::CouponNotYetValid
            | BillingError::CouponExpired
            | BillingError::CouponUsedUp
            | BillingError::CouponNotForPlan
            | BillingError::CouponAlreadyUsed => "invalid_coupon",
            BillingError::TooManyCouponGuesses => "throttled",
            BillingError::MissingEmail => "missing_fields",
            BillingError::InvalidEmail => "invalid_email",
            BillingError::CardNotCreated | BillingError::Declined(_) => "payment_declined",
            BillingError::StillRequiresAction => "requires_action",
            BillingError::AccountNeeded => "account_needed",
            BillingError::EmailNotConfirmed => "email_not_confirmed",
            BillingError::UnknownCharge => "unknown_charge",
            BillingError::NotCharged => "not_charged",
            BillingError::ChargeTaken => "charge_taken",
            BillingError::ProviderUnavailable(_) => "provider_unavailable",
            BillingError::NotConfigured => "not_configured",
            BillingError::PayPalNotApproved | BillingError::PayPalRefused(_) => "payment_declined",
            BillingError::WebhookRejected(WebhookRejected::StaleTimestamp) => "stale_webhook",
            BillingError::WebhookRejected(_) => "bad_webhook",
            BillingError::MissingCancelReason => "missing_fields",
            BillingError::NotSignedIn => "not_logged_in",
            BillingError::MissingCode => "missing_fields",
            BillingError::InvalidCode => "invalid_code",
            BillingError::AlreadyForLife | BillingError::HasLifetime => "already_for_life",
            BillingError::AlreadySubscribed { .. } => "already_subscribed",
            BillingError::TrialUsed { .. } => "trial_used",
            BillingError::GiftTooLong(_) | BillingError::GiftNeedsAddress => "invalid_gift",
            BillingError::Throttled => "throttled",
            BillingError::TooManySeatInvites => "too_many_invites",
            BillingError::SeatNotFound => "not_found",
            BillingError::SeatTaken => "seat_taken",
            BillingError::NothingToCancel => "nothing_to_cancel",
            BillingError::NoCardToUpdate => "no_card_subscription",
            BillingError::PayPalCard => "paypal_subscription",
            BillingError::Unavailable => "unavailable",
            BillingError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for BillingError {
    fn from(err: PortError) -> Self {
        match err {
            PortError::Unavailable => BillingError::Unavailable,
            PortError::Failed(cause) => BillingError::Internal(cause),
        }
    }
}
