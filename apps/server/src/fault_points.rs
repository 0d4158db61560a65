//! Test-only fault points (`FAULT_POINT`, refused unless payments run in test mode): the server
//! stops where a crash would hurt most, says so on stderr, and waits to be killed. The crash-safety
//! tests kill it there (SIGKILL) and start it again.

use billing::gateway::{
    CardPayments, CardSetup, CardUpdate, FoundPurchase, GatewayUnavailable, OneTimePayment, PaymentOutcome, PurchaseLookup, RenewingSubscriptions,
    SubscriptionOutcome, SubscriptionRequest,
};
use billing::subscription::ProviderSnapshot;

/// What the tests wait for on the server's stderr before they kill it.
pub const REACHED: &str = "FAULT POINT REACHED";

/// Card payments that stop the process once the provider has taken the money, before checkout's
/// transaction could record it.
pub struct StopAfterCardCharge<G> {
    pub inner: G,
}

pub fn stop_here(what: &str) -> ! {
    tracing::error!(what, "fault point reached: waiting to be killed");
    eprintln!("{REACHED}: {what}");
    loop {
        std::thread::park();
    }
}

impl<G: CardPayments> CardPayments for StopAfterCardCharge<G> {
    fn pay_once(&self, payment: &OneTimePayment) -> Result<PaymentOutcome, GatewayUnavailable> {
        let outcome = self.inner.pay_once(payment)?;
        if let PaymentOutcome::Paid { reference } = &outcome {
            stop_here(reference);
        }
        Ok(outcome)
    }

    fn subscribe(&self, request: &SubscriptionRequest) -> Result<SubscriptionOutcome, GatewayUnavailable> {
        let outcome = self.inner.subscribe(request)?;
        if let SubscriptionOutcome::Started { subscription, .. } = &outcome {
            stop_here(subscription);
        }
        Ok(outcome)
    }

    fn payment(&self, reference: &str) -> Result<PaymentOutcome, GatewayUnavailable> {
        self.inner.payment(reference)
    }

    fn card_fingerprint(&self, payment_method: &str) -> Result<Option<String>, GatewayUnavailable> {
        self.inner.card_fingerprint(payment_method)
    }

    fn start_card_setup(&self, subscription: &str) -> Result<CardSetup, GatewayUnavailable> {
        self.inner.start_card_setup(subscription)
    }

    fn use_new_card(&self, subscription: &str, setup: &str) -> Result<CardUpdate, GatewayUnavailable> {
        self.inner.use_new_card(subscription, setup)
    }

    fn look_up_purchase(&self, lookup: &PurchaseLookup<'_>) -> Result<Option<FoundPurchase>, GatewayUnavailable> {
        self.inner.look_up_purchase(lookup)
    }
}

impl<G: CardPayments> RenewingSubscriptions for StopAfterCardCharge<G> {
    fn subscription(&self, subscription: &str) -> Result<Option<ProviderSnapshot>, GatewayUnavailable> {
        self.inner.subscription(subscription)
    }

    fn cancel_at_period_end(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        self.inner.cancel_at_period_end(subscription)
    }

    fn cancel_now(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        self.inner.cancel_now(subscription)
    }
}
