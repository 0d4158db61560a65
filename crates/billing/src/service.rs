//! Billing's use cases, one per call, over the store at the call's instant.

use crate::error::BillingError;
use crate::model::{normalise_coupon_code, AddOn, Coupon, Plan};
use crate::ports::BillingStore;
use crate::pricing::{quote, Quote};
use kernel::Timestamp;

pub struct Billing<'s, S: ?Sized> {
    pub(crate) store: &'s S,
    pub(crate) now: Timestamp,
    /// The site's address, for links in receipts.
    pub(crate) site: &'s str,
}

/// What checkout asks for, as the client sent it (every number re-checked here).
#[derive(Debug, Clone, Default)]
pub struct Basket<'a> {
    pub plan_id: Option<&'a str>,
    pub quantity: Option<i64>,
    /// 0, 20 or 50.
    pub add_infographics: Option<i64>,
    pub coupon_code: Option<&'a str>,
    /// The referral link the buyer came through (`rId`), kept with the purchase for the referral
    /// programme to credit.
    pub referral_id: Option<&'a str>,
    /// Who typed the coupon code, when a person did: wrong codes are counted against them.
    pub guesser: Option<CouponGuesser<'a>>,
}

/// Who types coupon codes: wrong ones are counted per address and per member, and past
/// [`COUPON_GUESSES`] in [`COUPON_GUESS_WINDOW_MINUTES`] no code is looked up for them.
#[derive(Debug, Clone, Copy, Default)]
pub struct CouponGuesser<'a> {
    pub address: &'a str,
    pub member: Option<kernel::UserId>,
}

impl CouponGuesser<'_> {
    fn keys(&self) -> Vec<String> {
        let mut keys = vec![format!("coupon:ip:{}", self.address)];
        keys.extend(self.member.map(|m| format!("coupon:member:{}", m.0)));
        keys
    }
}

/// Wrong coupon codes one address (or one member) may type in the window.
pub const COUPON_GUESSES: u32 = 10;
pub const COUPON_GUESS_WINDOW_MINUTES: i64 = 15;

impl Basket<'_> {
    /// The referral id as kept: trimmed, and only when it looks like one (letters and digits).
    pub fn referral(&self) -> Option<String> {
        let id = self.referral_id?.trim();
        (!id.is_empty() && id.len() <= 40 && id.bytes().all(|b| b.is_ascii_alphanumeric())).then(|| id.to_owned())
    }
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    pub fn new(store: &'s S, now: Timestamp) -> Self {
        Billing { store, now, site: "" }
    }

    /// Links in receipts point at `site` (the public URL).
    pub fn with_site(self, site: &'s str) -> Self {
        Billing { site, ..self }
    }

    /// The plans on sale, for the pricing page.
    pub fn plans(&self) -> Result<Vec<Plan>, BillingError> {
        Ok(self.store.active_plans()?)
    }

    /// A plan on sale, by the id the page names; anything else is 'Invalid plan id'.
    pub fn plan(&self, plan_id: Option<&str>) -> Result<Plan, BillingError> {
        let id = plan_id.map(str::trim).filter(|id| !id.is_empty()).ok_or(BillingError::InvalidPlan)?;
        self.store.find_plan(id)?.filter(|p| p.active).ok_or(BillingError::InvalidPlan)
    }

    /// Checks a coupon typed at checkout for a plan: the coupon when it applies (for a signed-in
    /// member, also that they have not used a once-per-member coupon).
    pub fn coupon(&self, code: Option<&str>, plan_id: Option<&str>, guesser: CouponGuesser<'_>) -> Result<(Coupon, Plan), BillingError> {
        let plan = self.plan(plan_id)?;
        let code = code.map(normalise_coupon_code).filter(|c| !c.is_empty()).ok_or(BillingError::MissingCoupon)?;
        let coupon = self.typed_coupon(&code, Some(guesser))?;
        coupon.check(&plan.id, self.now)?;
        if let Some(member) = guesser.member.filter(|_| coupon.once_per_member) {
            let email = self.store.member_email(member)?.unwrap_or_default();
            if self.store.coupon_claimed_by(&coupon.code, &checkout::normalised(&email))? {
                return Err(BillingError::CouponAlreadyUsed);
            }
        }
        Ok((coupon, plan))
    }

    /// The site's offer while it runs: the banner's percentage or amount and its end.
    pub fn site_offer(&self) -> Result<Option<Coupon>, BillingError> {
        Ok(self.store.site_offer()?.filter(|c| c.is_running(self.now) && c.valid_from.is_none_or(|from| from <= self.now)))
    }

    /// The stored coupon for a typed (normalised) code. A person who typed too many wrong codes
    /// lately is refused before any lookup, so a right guess tells them nothing either.
    fn typed_coupon(&self, code: &str, guesser: Option<CouponGuesser<'_>>) -> Result<Coupon, BillingError> {
        let keys = guesser.map(|g| g.keys()).unwrap_or_default();
        let since = self.now - chrono::Duration::minutes(COUPON_GUESS_WINDOW_MINUTES);
        for key in &keys {
            if self.store.attempts_since(key, since)? >= COUPON_GUESSES {
                return Err(BillingError::TooManyCouponGuesses);
            }
        }
        match self.store.find_coupon(code)? {
            Some(coupon) => Ok(coupon),
            None => {
                for key in &keys {
                    self.store.record_attempt(key, self.now, since)?;
                }
                Err(BillingError::UnknownCoupon)
            }
        }
    }

    /// What a basket costs. The client's own figures are never read: only its choices (plan,
    /// quantity, add-on, coupon), each checked.
    pub fn quote(&self, basket: &Basket<'_>) -> Result<Quote, BillingError> {
        let plan = self.plan(basket.plan_id)?;
        let quantity = match basket.quantity {
            None => *plan.quantities().start(),
            Some(q) => u32::try_from(q).map_err(|_| BillingError::InvalidQuantity)?,
        };
        let add_on = AddOn::parse(basket.add_infographics)?;
        let coupon = match basket.coupon_code.map(normalise_coupon_code).filter(|c| !c.is_empty()) {
            Some(code) => Some(self.typed_coupon(&code, basket.guesser)?),
            None => None,
        };
        quote(&plan, quantity, add_on, coupon.as_ref(), self.now)
    }
}

mod access;
mod add_ons;
mod cancel;
mod card;
mod checkout;
mod codes;
mod events;
mod paypal;
mod reconcile;

pub use access::RENEWALS_PER_ROUND;
pub use add_ons::InfographicPurchase;
pub use card::CardUpdated;
pub use checkout::CardCheckout;
pub use codes::{Deliveries, Redeemed};
pub use events::WebhookOutcome;
pub use paypal::{PayPalApproval, PayPalStart};

#[cfg(test)]
mod tests;
