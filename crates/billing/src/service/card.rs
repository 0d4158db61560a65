//! Updating the card a subscription charges: after a failed renewal (the mail links here) or any
//! time. The provider saves the new card in the browser (3-D Secure included); the server makes it
//! the subscription's and retries the unpaid invoice, and the state that comes back is applied.

use super::Billing;
use crate::cancel::SubscriptionSummary;
use crate::checkout::Charge;
use crate::error::BillingError;
use crate::gateway::{CardSetup, CardUpdate, Gateways, STRIPE};
use crate::ports::BillingStore;
use crate::subscription::{SubscriptionState, SubscriptionStatus};
use kernel::Session;

/// What updating the card came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardUpdated {
    /// The subscription charges the new card (and is paid up).
    Done(SubscriptionSummary),
    /// The card is saved, but the payment retried with it was declined: the provider's message.
    Declined(SubscriptionSummary, Option<String>),
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// The member's subscription whose card can be replaced: the newest that still renews or
    /// could again (unpaid, paused). A PayPal subscription's card lives in PayPal.
    fn card_subscription(&self, session: Session) -> Result<(Charge, SubscriptionState), BillingError> {
        let member = self.member(session)?;
        let recoverable = |s: &SubscriptionState| s.renews() || matches!(s.status, SubscriptionStatus::Unpaid | SubscriptionStatus::Paused);
        let (charge, state) = self.store.subscriptions_of(member)?.into_iter().find(|(_, state)| recoverable(state)).ok_or(BillingError::NoCardToUpdate)?;
        if charge.provider != STRIPE {
            return Err(BillingError::PayPalCard);
        }
        Ok((charge, state))
    }

    /// Starts saving a new card for the member's subscription: what the page completes.
    pub fn start_card_update(&self, gateways: Gateways<'_>, session: Session) -> Result<CardSetup, BillingError> {
        let cards = gateways.card.ok_or(BillingError::NotConfigured)?;
        let (charge, _) = self.card_subscription(session)?;
        cards.start_card_setup(&charge.reference).map_err(|e| BillingError::ProviderUnavailable(e.0))
    }

    /// After the page saved the card: it becomes the subscription's, the unpaid invoice is
    /// retried, and the subscription's state (and the member's access) follows.
    pub fn finish_card_update(&self, gateways: Gateways<'_>, session: Session, setup: Option<&str>) -> Result<CardUpdated, BillingError> {
        let cards = gateways.card.ok_or(BillingError::NotConfigured)?;
        let setup = crate::gateway::provider_object_id(setup).ok_or(BillingError::CardNotCreated)?;
        let (charge, _) = self.card_subscription(session)?;
        let (snapshot, declined) = match cards.use_new_card(&charge.reference, setup).map_err(|e| BillingError::ProviderUnavailable(e.0))? {
            CardUpdate::Updated { snapshot } => (snapshot, None),
            CardUpdate::PaymentDeclined { snapshot, message } => (snapshot, Some(message)),
            CardUpdate::NotCompleted => return Err(BillingError::CardNotCreated),
        };
        // Read from the provider just now: it is as of now.
        let snapshot = crate::subscription::ProviderSnapshot { as_of: self.now.max(snapshot.as_of), ..snapshot };
        self.store.atomically(&mut || {
            self.apply_snapshot(&charge.provider, &charge.reference, snapshot)?;
            Ok(())
        })?;
        // The member is shown what the provider says now; the store follows with its events when
        // it holds a report stamped later than this read.
        let state = SubscriptionState::from_snapshot(snapshot);
        let plan_name = self.store.find_plan(&charge.plan_id)?.map_or_else(|| charge.plan_id.clone(), |p| p.name);
        let summary = SubscriptionSummary::new(&charge, plan_name, &state);
        Ok(match declined {
            None => CardUpdated::Done(summary),
            Some(message) => CardUpdated::Declined(summary, message),
        })
    }
}
