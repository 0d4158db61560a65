//! The payment providers the server was configured with, behind billing's ports. Each adapter is
//! made the first time a request needs it, on a blocking thread (the Stripe client owns a small
//! runtime of its own, which cannot be made inside the server's async context).

use crate::config::{FaultPoint, PaymentSettings};
use billing::gateway::{CardPayments, Gateways, PayPalPayments, WebhookVerifier};
use payments::paypal::{PayPalClient, PayPalWebhooks};
use payments::stripe::{StripePayments, StripeWebhooks};
use std::sync::OnceLock;

pub struct PaymentProviders {
    settings: PaymentSettings,
    fault_point: Option<FaultPoint>,
    /// The site's public address (PayPal's return and cancel addresses).
    site: String,
    stripe: OnceLock<Option<Box<dyn CardPayments>>>,
    paypal: OnceLock<Option<PayPalClient>>,
    stripe_webhooks: Option<StripeWebhooks>,
    paypal_webhooks: OnceLock<Option<PayPalWebhooks>>,
    pub secrets: payments::BillingSecrets,
}

impl PaymentProviders {
    pub fn new(settings: PaymentSettings, fault_point: Option<FaultPoint>, site: &str) -> PaymentProviders {
        PaymentProviders {
            site: site.to_owned(),
            stripe_webhooks: settings.stripe.as_ref().map(StripeWebhooks::new),
            settings,
            fault_point,
            stripe: OnceLock::new(),
            paypal: OnceLock::new(),
            paypal_webhooks: OnceLock::new(),
            secrets: payments::BillingSecrets,
        }
    }

    pub fn settings(&self) -> &PaymentSettings {
        &self.settings
    }

    /// Card payments, if Stripe is configured. Call from a blocking thread.
    pub fn card(&self) -> Option<&dyn CardPayments> {
        self.stripe
            .get_or_init(|| {
                let settings = self.settings.stripe.as_ref()?;
                let stripe = StripePayments::new(settings).map_err(|e| tracing::error!(cause = %e, "the Stripe client could not be made")).ok()?;
                Some(match self.fault_point {
                    Some(FaultPoint::AfterCardCharge) => Box::new(crate::fault_points::StopAfterCardCharge { inner: stripe }) as Box<dyn CardPayments>,
                    Some(FaultPoint::AfterSignUp) | None => Box::new(stripe),
                })
            })
            .as_deref()
    }

    /// PayPal, if configured. Call from a blocking thread.
    pub fn paypal(&self) -> Option<&dyn PayPalPayments> {
        self.paypal
            .get_or_init(|| {
                let settings = self.settings.paypal.as_ref()?;
                let client = PayPalClient::new(settings).map_err(|e| tracing::error!(cause = %e, "the PayPal client could not be made")).ok()?;
                Some(client.returning_to(&self.site))
            })
            .as_ref()
            .map(|p| p as &dyn PayPalPayments)
    }

    /// PayPal's billing plans for the back office's plan edits. Without PayPal, no PayPal plan is
    /// in use, so the current one stays. Call from a blocking thread.
    pub fn paypal_plans(&self) -> PayPalPlanBook<'_> {
        self.paypal();
        PayPalPlanBook { client: self.paypal.get().and_then(Option::as_ref) }
    }

    /// Both providers, for use cases that act on whichever runs a subscription.
    pub fn gateways(&self) -> Gateways<'_> {
        Gateways { card: self.card(), paypal: self.paypal() }
    }

    /// The webhook verifier of `provider` (`stripe`, `paypal`), if configured.
    pub fn webhooks(&self, provider: &str) -> Option<&dyn WebhookVerifier> {
        match provider {
            billing::gateway::STRIPE => self.stripe_webhooks.as_ref().map(|w| w as &dyn WebhookVerifier),
            billing::gateway::PAYPAL => self
                .paypal_webhooks
                .get_or_init(|| {
                    let settings = self.settings.paypal.as_ref()?;
                    PayPalWebhooks::new(settings).map_err(|e| tracing::error!(cause = %e, "the PayPal client could not be made")).ok()
                })
                .as_ref()
                .map(|w| w as &dyn WebhookVerifier),
            _ => None,
        }
    }
}

/// The back office's `PayPalPlans` port over PayPal's API.
pub struct PayPalPlanBook<'a> {
    client: Option<&'a PayPalClient>,
}

impl admin::ports::PayPalPlans for PayPalPlanBook<'_> {
    fn plan_with(&self, current: &str, name: &str, interval: billing::model::Interval, trial_days: u32, price: billing::Cents) -> Result<String, String> {
        match self.client {
            Some(client) => client.plan_for(current, name, payments::paypal::PlanTerms { interval, trial_days }, price).map_err(|e| e.0),
            None => Ok(current.to_owned()),
        }
    }
}
