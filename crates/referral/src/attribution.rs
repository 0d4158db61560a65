//! Who a payment credits, and at what rate. One payment credits at most one person:
//!
//! 1. The link the purchase came through (the checkout's `rId`), when it is an approved
//!    affiliate's and the purchase is Premium: the affiliate earns `AFFILIATE_RATE` (the last
//!    click wins, as affiliate programmes do).
//! 2. Otherwise the member who referred the payer at sign-up: `REFERRER_RATE`, or, when that
//!    referrer is an approved affiliate, `AFFILIATE_RATE` of Premium purchases only.
//! 3. Otherwise the checkout link's owner, as a referrer (a guest, or a member who signed up
//!    without a link, bought through a friend's link).
//!
//! Nobody earns from their own payments: not as the paying account, not with their own e-mail
//! address at a guest checkout, not with a card they paid with themselves.

use crate::commission::{Rate, AFFILIATE_RATE, REFERRER_RATE};
use kernel::UserId;

/// A member who may earn from a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promoter {
    pub member: UserId,
    /// An approved affiliate (when the payment is settled).
    pub affiliate: bool,
    /// Their account's address (normalised).
    pub email: String,
    /// The fingerprints of the cards they paid with themselves.
    pub cards: Vec<String>,
}

impl Promoter {
    /// Whether the payment is (or may be) the promoter's own: their account paid, or a checkout
    /// gave their address or used a card they pay with.
    pub fn is_the_payer(&self, payment: &PaymentFacts) -> bool {
        payment.payer == Some(self.member)
            || payment.payer_email.as_deref().is_some_and(|email| email.eq_ignore_ascii_case(&self.email))
            || payment.payer_card.as_ref().is_some_and(|card| self.cards.contains(card))
    }
}

/// What the ledger job knows of a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentFacts {
    pub charge_id: String,
    pub paid_cents: i64,
    /// Billing's kind of plan (`subscription`, `lifetime`, `gift`, `bulk`, `book`, `quiz`).
    pub plan_kind: String,
    /// The paying member (none for a guest purchase not attached to an account yet).
    pub payer: Option<UserId>,
    /// The address the checkout gave (a guest's, or the member's own).
    pub payer_email: Option<String>,
    /// The fingerprint of the card that paid, when a card did.
    pub payer_card: Option<String>,
    /// The owner of the checkout's referral link.
    pub link_owner: Option<Promoter>,
    /// Who referred the payer at sign-up.
    pub referrer: Option<Promoter>,
}

/// Plans that give Premium (a subscription, lifetime, a gift or team seats), as opposed to a
/// single book or a quiz report: what an affiliate earns from.
pub const PREMIUM_PLAN_KINDS: [&str; 4] = ["subscription", "lifetime", "gift", "bulk"];

impl PaymentFacts {
    pub fn is_premium(&self) -> bool {
        PREMIUM_PLAN_KINDS.contains(&self.plan_kind.as_str())
    }
}

/// Who the payment credits and at what rate; none when nobody earns from it.
pub fn beneficiary(payment: &PaymentFacts) -> Option<(UserId, Rate)> {
    let premium = payment.is_premium();
    let not_the_payer = |p: &&Promoter| !p.is_the_payer(payment);
    let link = payment.link_owner.as_ref().filter(not_the_payer);
    let referrer = payment.referrer.as_ref().filter(not_the_payer);
    if let Some(affiliate) = link.filter(|l| l.affiliate && premium) {
        return Some((affiliate.member, AFFILIATE_RATE));
    }
    let rate_for = |p: &Promoter| match (p.affiliate, premium) {
        (false, _) => Some((p.member, REFERRER_RATE)),
        (true, true) => Some((p.member, AFFILIATE_RATE)),
        (true, false) => None,
    };
    match (referrer, link) {
        (Some(referrer), _) => rate_for(referrer),
        (None, Some(link)) if !link.affiliate => Some((link.member, REFERRER_RATE)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAYER: UserId = UserId(1);
    const FRIEND: UserId = UserId(2);
    const AFFILIATE: UserId = UserId(3);

    fn member(id: UserId) -> Option<Promoter> {
        Some(Promoter { member: id, affiliate: false, email: format!("member{}@example.com", id.0), cards: vec![format!("fp_{}", id.0)] })
    }
    fn affiliate(id: UserId) -> Option<Promoter> {
        Some(Promoter { affiliate: true, ..member(id).unwrap() })
    }
    fn payment(premium: bool, link_owner: Option<Promoter>, referrer: Option<Promoter>) -> PaymentFacts {
        PaymentFacts {
            charge_id: "ch_1".into(),
            paid_cents: 9_999,
            plan_kind: if premium { "lifetime" } else { "book" }.into(),
            payer: Some(PAYER),
            payer_email: Some("payer@example.com".into()),
            payer_card: Some("fp_payer".into()),
            link_owner,
            referrer,
        }
    }

    #[test]
    fn an_affiliate_link_at_checkout_earns_ten_percent_of_premium_over_the_referrer() {
        assert_eq!(beneficiary(&payment(true, affiliate(AFFILIATE), member(FRIEND))), Some((AFFILIATE, AFFILIATE_RATE)));
        assert_eq!(beneficiary(&payment(true, affiliate(AFFILIATE), None)), Some((AFFILIATE, AFFILIATE_RATE)));
    }

    #[test]
    fn a_single_book_through_an_affiliate_link_credits_the_referrer_or_nobody() {
        assert_eq!(beneficiary(&payment(false, affiliate(AFFILIATE), member(FRIEND))), Some((FRIEND, REFERRER_RATE)));
        assert_eq!(beneficiary(&payment(false, affiliate(AFFILIATE), None)), None);
    }

    #[test]
    fn the_sign_up_referrer_earns_a_quarter_and_an_affiliate_referrer_ten_percent_of_premium() {
        assert_eq!(beneficiary(&payment(true, None, member(FRIEND))), Some((FRIEND, REFERRER_RATE)));
        assert_eq!(beneficiary(&payment(false, None, member(FRIEND))), Some((FRIEND, REFERRER_RATE)));
        assert_eq!(beneficiary(&payment(true, member(AFFILIATE), member(FRIEND))), Some((FRIEND, REFERRER_RATE)), "a member's link does not take over");
        assert_eq!(beneficiary(&payment(true, None, affiliate(AFFILIATE))), Some((AFFILIATE, AFFILIATE_RATE)));
        assert_eq!(beneficiary(&payment(false, None, affiliate(AFFILIATE))), None);
    }

    #[test]
    fn a_friend_s_link_at_checkout_credits_them_when_nobody_referred_the_payer() {
        assert_eq!(beneficiary(&payment(true, member(FRIEND), None)), Some((FRIEND, REFERRER_RATE)));
        let guest = PaymentFacts { payer: None, ..payment(true, member(FRIEND), None) };
        assert_eq!(beneficiary(&guest), Some((FRIEND, REFERRER_RATE)));
    }

    #[test]
    fn nobody_earns_from_their_own_payments() {
        assert_eq!(beneficiary(&payment(true, affiliate(PAYER), None)), None);
        assert_eq!(beneficiary(&payment(true, member(PAYER), None)), None);
        assert_eq!(beneficiary(&payment(true, affiliate(PAYER), member(FRIEND))), Some((FRIEND, REFERRER_RATE)));
        assert_eq!(beneficiary(&payment(true, None, None)), None);
    }

    #[test]
    fn a_guest_checkout_through_ones_own_link_earns_nothing_by_address_or_card() {
        // Paid as a guest (no account yet) through the friend's own link: their address...
        let own_address = PaymentFacts { payer: None, payer_email: Some("MEMBER2@example.com".into()), ..payment(true, member(FRIEND), None) };
        assert_eq!(beneficiary(&own_address), None);
        // ... or their own card under another address.
        let own_card = PaymentFacts { payer: None, payer_card: Some("fp_2".into()), ..payment(true, affiliate(FRIEND), None) };
        assert_eq!(beneficiary(&own_card), None);
        // A stranger's guest purchase through the link still earns.
        let stranger = PaymentFacts { payer: None, ..payment(true, member(FRIEND), None) };
        assert_eq!(beneficiary(&stranger), Some((FRIEND, REFERRER_RATE)));
        assert!(member(FRIEND).unwrap().is_the_payer(&PaymentFacts { payer: Some(FRIEND), ..payment(true, None, None) }));
    }
}
