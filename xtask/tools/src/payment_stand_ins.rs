//! Stripe and PayPal played by the local stand-ins (`crates/stand-ins`) for `cargo xtask run`
//! without keys and for the browser tests: the server gets the settings that point its real
//! clients at them, and they deliver their webhooks to the server.

use stand_ins::paypal::PayPalStandIn;
use stand_ins::stripe::StripeStandIn;

pub struct PaymentStandIns {
    pub stripe: Option<StripeStandIn>,
    pub paypal: Option<PayPalStandIn>,
}

impl PaymentStandIns {
    /// Starts a stand-in for each provider without keys in the environment (`STRIPE_SECRET_KEY`,
    /// `PAYPAL_CLIENT_ID`), delivering webhooks to the server at `server_url`.
    pub fn start_missing(server_url: &str) -> std::io::Result<PaymentStandIns> {
        let configured = |name: &str| std::env::var(name).is_ok_and(|v| !v.trim().is_empty());
        let stripe = if configured("STRIPE_SECRET_KEY") {
            None
        } else {
            let stripe = StripeStandIn::start()?;
            stripe.set_webhook(&format!("{server_url}/api/webhooks/stripe"), stand_ins::stripe::WEBHOOK_SECRET);
            Some(stripe)
        };
        let paypal = if configured("PAYPAL_CLIENT_ID") {
            None
        } else {
            let paypal = PayPalStandIn::start()?;
            paypal.set_webhook(&format!("{server_url}/api/webhooks/paypal"));
            Some(paypal)
        };
        Ok(PaymentStandIns { stripe, paypal })
    }

    /// Starts both stand-ins whatever the environment holds (the browser tests).
    pub fn start_all(server_url: &str) -> std::io::Result<PaymentStandIns> {
        let stripe = StripeStandIn::start()?;
        stripe.set_webhook(&format!("{server_url}/api/webhooks/stripe"), stand_ins::stripe::WEBHOOK_SECRET);
        let paypal = PayPalStandIn::start()?;
        paypal.set_webhook(&format!("{server_url}/api/webhooks/paypal"));
        Ok(PaymentStandIns { stripe: Some(stripe), paypal: Some(paypal) })
    }

    /// The server's environment for the stand-ins started (nothing for providers with keys).
    pub fn env(&self) -> Vec<(String, String)> {
        let mut env = Vec::new();
        if let Some(stripe) = &self.stripe {
            env.extend([
                ("STRIPE_SECRET_KEY".to_owned(), stand_ins::stripe::SECRET_KEY.to_owned()),
                ("STRIPE_PUBLISHABLE_KEY".to_owned(), stand_ins::stripe::PUBLISHABLE_KEY.to_owned()),
                ("STRIPE_WEBHOOK_SECRET".to_owned(), stand_ins::stripe::WEBHOOK_SECRET.to_owned()),
                ("STRIPE_API_BASE".to_owned(), stripe.base_url.clone()),
                ("STRIPE_JS_URL".to_owned(), format!("{}/v3/", stripe.base_url)),
            ]);
        }
        if let Some(paypal) = &self.paypal {
            env.extend([
                ("PAYPAL_CLIENT_ID".to_owned(), stand_ins::paypal::CLIENT_ID.to_owned()),
                ("PAYPAL_CLIENT_SECRET".to_owned(), stand_ins::paypal::CLIENT_SECRET.to_owned()),
                ("PAYPAL_WEBHOOK_ID".to_owned(), stand_ins::paypal::WEBHOOK_ID.to_owned()),
                ("PAYPAL_API_BASE".to_owned(), paypal.base_url.clone()),
                ("PAYPAL_SDK_URL".to_owned(), format!("{}/sdk/js", paypal.base_url)),
            ]);
        }
        if self.stripe.is_some() || self.paypal.is_some() {
            env.push(("PAYMENTS_TEST_MODE".to_owned(), "true".to_owned()));
        }
        env
    }

    /// What to tell the person running the server.
    pub fn describe(&self) -> Option<String> {
        let mut lines = Vec::new();
        if let Some(stripe) = &self.stripe {
            lines.push(format!(
                "Card payments: a local Stripe stand-in at {} (test mode). Cards: 4242 4242 4242 4242 pays, \
                 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 asks for 3-D Secure.",
                stripe.base_url
            ));
        }
        if let Some(paypal) = &self.paypal {
            lines.push(format!("PayPal: a local stand-in at {} (test mode); its window has an Approve button.", paypal.base_url));
        }
        (!lines.is_empty()).then(|| lines.join("\n"))
    }
}
