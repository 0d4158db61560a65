//! Random sequences of purchases, attachments, renewals, failed payments, refunds, disputes, code
//! redemptions and duplicated or late webhooks, over the in-memory store, checked after every step
//! against the money invariants:
//! - a member's access is the union of their live grants (the stored plan fields agree with
//!   `MemberPlan::from_grants` on whether, and until when, the member reads Premium);
//! - no paid purchase of a member is without its grant, and a refunded or disputed one gives
//!   nothing (its grants revoked, its unredeemed codes dead);
//! - Premium for life held is never traded for a subscription that still renews;
//! - a code is redeemed at most once.

use billing::access::{GrantSource, MemberPlan};
use billing::checkout::{Buyer, ChargeStatus};
use billing::codes::CodeKind;
use billing::fakes::*;
use billing::gateway::{Gateways, ProviderEvent, VerifiedEvent, STRIPE};
use billing::ports::{BillingLedger, GrantBook};
use billing::service::{Basket, Billing, CardCheckout};
use billing::standing::tier;
use billing::subscription::{ProviderSnapshot, SubscriptionStatus};
use chrono::{Duration, TimeZone, Utc};
use kernel::{Timestamp, UserId};
use proptest::prelude::*;

const MEMBERS: [UserId; 2] = [UserId(1), UserId(2)];
const CARDS: [&str; 3] = ["pm_visa", "pm_visa_copy", "pm_other_card"];
const PLANS: [&str; 4] = ["monthly", "yearly", "lifetime", "gift"];

#[derive(Debug, Clone)]
enum Step {
    /// A member (0, 1) or a guest (2) buys a plan with a card.
    Buy {
        who: usize,
        plan: usize,
        card: usize,
    },
    /// A guest's purchase is attached to a member.
    Attach {
        charge: usize,
        who: usize,
    },
    /// A subscription renews (paid), fails to renew, or ends, as of now.
    Renew {
        charge: usize,
    },
    Fail {
        charge: usize,
    },
    End {
        charge: usize,
    },
    Refund {
        charge: usize,
    },
    Dispute {
        charge: usize,
    },
    DisputeWon {
        charge: usize,
    },
    /// A member redeems one of the gift codes bought so far.
    Redeem {
        code: usize,
        who: usize,
    },
    /// An event delivered earlier arrives again (a retry), or late.
    Redeliver {
        event: usize,
    },
    /// Time passes; the housekeeping job runs.
    Tick {
        hours: i64,
    },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..3usize, 0..4usize, 0..3usize).prop_map(|(who, plan, card)| Step::Buy { who, plan, card }),
        1 => (0..8usize, 0..2usize).prop_map(|(charge, who)| Step::Attach { charge, who }),
        2 => (0..8usize).prop_map(|charge| Step::Renew { charge }),
        1 => (0..8usize).prop_map(|charge| Step::Fail { charge }),
        1 => (0..8usize).prop_map(|charge| Step::End { charge }),
        1 => (0..8usize).prop_map(|charge| Step::Refund { charge }),
        1 => (0..8usize).prop_map(|charge| Step::Dispute { charge }),
        1 => (0..8usize).prop_map(|charge| Step::DisputeWon { charge }),
        1 => (0..4usize, 0..2usize).prop_map(|(code, who)| Step::Redeem { code, who }),
        1 => (0..16usize).prop_map(|event| Step::Redeliver { event }),
        2 => (1..800i64).prop_map(|hours| Step::Tick { hours }),
    ]
}

struct World {
    store: InMemoryBilling,
    cards: FakeCards,
    hooks: FakeWebhooks,
    secrets: CountingSecrets,
    now: Timestamp,
    events: Vec<String>,
    next_event: u64,
}

impl World {
    fn new() -> World {
        let start = Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap();
        let store = InMemoryBilling::with_standard_plans();
        for (member, email) in MEMBERS.iter().zip(["ada@example.com", "bob@example.com"]) {
            store.sign_in(*member, email);
        }
        World {
            store,
            cards: FakeCards::new(start),
            hooks: FakeWebhooks::new(STRIPE),
            secrets: CountingSecrets::default(),
            now: start,
            events: Vec::new(),
            next_event: 0,
        }
    }

    fn billing(&self) -> Billing<'_, InMemoryBilling> {
        Billing::new(&self.store, self.now).with_site("https://gistbook.test")
    }

    fn gateways(&self) -> Gateways<'_> {
        Gateways { card: Some(&self.cards), paypal: None }
    }

    fn session(&self, who: usize) -> kernel::Session {
        self.store.sign_in(MEMBERS[who], ["ada@example.com", "bob@example.com"][who])
    }

    fn charge(&self, index: usize) -> Option<billing::checkout::Charge> {
        let charges = self.store.charges();
        (!charges.is_empty()).then(|| charges[index % charges.len()].clone())
    }

    fn deliver(&mut self, event: ProviderEvent) {
        self.next_event += 1;
        let payload = self.hooks.payload_for(VerifiedEvent { id: format!("evt_{}", self.next_event), event });
        self.events.push(payload.clone());
        self.handle(&payload);
    }

    fn handle(&self, payload: &str) {
        let answer = self.billing().handle_webhook(&self.hooks, self.gateways(), &self.secrets, payload, &[("Signature", "good")]);
        assert!(answer.is_ok(), "{answer:?}");
    }

    fn subscription_event(&mut self, index: usize, status: SubscriptionStatus) {
        let Some(charge) = self.charge(index) else { return };
        let Some(state) = self.store.state_of(&charge.id) else { return };
        let period_end = match status {
            SubscriptionStatus::Active => state.current_period_end.max(self.now) + Duration::days(30),
            _ => state.current_period_end,
        };
        let snapshot = ProviderSnapshot { status, current_period_end: period_end, as_of: self.now };
        self.deliver(ProviderEvent::Subscription { subscription: charge.reference, snapshot });
    }

    fn run(&mut self, step: &Step) {
        match step {
            Step::Buy { who, plan, card } => {
                let buyer = if *who < 2 { Buyer::Member(self.session(*who)) } else { Buyer::Guest { email: Some("guest@example.com".into()) } };
                let gift =
                    (PLANS[*plan] == "gift").then(|| billing::codes::GiftDetails { recipient_email: Some("friend@example.com".into()), ..Default::default() });
                let checkout = CardCheckout {
                    basket: Basket { plan_id: Some(PLANS[*plan]), ..Basket::default() },
                    buyer,
                    payment_method: Some(CARDS[*card]),
                    gift,
                    without_trial: true,
                };
                // Refusals (Premium for life, a subscription as good) are expected; nothing is charged then.
                let before = self.store.charges().len();
                if self.billing().pay_by_card(self.gateways(), &self.secrets, &checkout).is_err() {
                    assert_eq!(self.store.charges().len(), before, "a refused purchase records nothing");
                }
            }
            Step::Attach { charge, who } => {
                if let Some(charge) = self.charge(*charge) {
                    let _ = self.billing().attach_charge(Some(&charge.id), self.session(*who));
                }
            }
            Step::Renew { charge } => self.subscription_event(*charge, SubscriptionStatus::Active),
            Step::Fail { charge } => self.subscription_event(*charge, SubscriptionStatus::PastDue),
            Step::End { charge } => self.subscription_event(*charge, SubscriptionStatus::Expired),
            Step::Refund { charge } | Step::Dispute { charge } | Step::DisputeWon { charge } => {
                // Refunds and disputes are of one-time payments here (a subscription's are of its invoices).
                let Some(charge) = self.charge(*charge).filter(|c| self.store.state_of(&c.id).is_none()) else { return };
                let reference = charge.reference;
                self.deliver(match step {
                    Step::Refund { .. } => ProviderEvent::Refunded { reference },
                    Step::Dispute { .. } => ProviderEvent::Disputed { reference },
                    _ => ProviderEvent::DisputeWon { reference },
                });
            }
            Step::Redeem { code, who } => {
                let codes: Vec<String> =
                    self.store.mail().iter().filter_map(|m| m.text_body.lines().find_map(|l| l.strip_prefix("Your gift code: ")).map(str::to_owned)).collect();
                if let Some(code) = codes.get(code % codes.len().max(1)) {
                    let _ = self.billing().redeem(&self.secrets, self.session(*who), Some(code), None, "10.0.0.1");
                }
            }
            Step::Redeliver { event } => {
                if !self.events.is_empty() {
                    let payload = self.events[event % self.events.len()].clone();
                    self.handle(&payload);
                }
            }
            Step::Tick { hours } => {
                self.now += Duration::hours(*hours);
                self.billing().end_renewals(self.gateways()).unwrap();
            }
        }
    }

    fn check(&self) {
        for member in MEMBERS {
            let grants = self.store.lock_grants_of(member).unwrap();
            let derived = MemberPlan::from_grants(&grants, self.now);
            let stored = self.store.plan_of(member);
            let reads = |plan: &Option<MemberPlan>| plan.as_ref().is_some_and(|p| p.gives_access(self.now));
            assert_eq!(reads(&stored), reads(&derived), "member {member:?}: stored {stored:?}, grants {grants:#?}");
            if reads(&derived) {
                assert_eq!(stored.as_ref().unwrap().end_paid_date, derived.as_ref().unwrap().end_paid_date, "member {member:?}: {grants:#?}");
            }
            // For life held: no subscription of the member renews after housekeeping.
            let for_life = grants.iter().any(|g| g.is_live(self.now) && g.is_for_life());
            if for_life {
                let renewing: Vec<_> = self.store.subscriptions_of(member).unwrap().into_iter().filter(|(_, s)| s.renews()).collect();
                let ending = self.store.renewal_ends();
                assert!(renewing.iter().all(|(c, _)| ending.contains_key(&c.id)), "member {member:?} for life still renews {renewing:#?}");
            }
        }
        let codes = self.store.codes();
        for charge in self.store.charges() {
            let Some(plan) = self.store_plan(&charge.plan_id) else { continue };
            let own_grants: Vec<_> =
                self.store.grants().into_iter().filter(|g| matches!(&g.source, GrantSource::Purchase { charge_id } if *charge_id == charge.id)).collect();
            let paid_once = matches!(charge.status, ChargeStatus::Paid | ChargeStatus::Refunded | ChargeStatus::Disputed);
            if charge.user.is_some() && paid_once && tier(&plan.kind).is_some() {
                assert_eq!(own_grants.len(), 1, "paid charge {charge:?} without (or with more than) its grant");
            }
            if matches!(charge.status, ChargeStatus::Refunded | ChargeStatus::Disputed) {
                assert!(own_grants.iter().all(|g| g.revoked.is_some()), "refunded charge {charge:?} still gives {own_grants:#?}");
                let unredeemed_alive =
                    codes.iter().any(|(new, record)| new.charge_id.as_deref() == Some(charge.id.as_str()) && record.usable() && new.kind == CodeKind::Gift);
                assert!(!unredeemed_alive, "a code of refunded charge {} still works", charge.id);
            }
        }
        // A code gives one grant at most.
        let mut code_grants: Vec<i64> =
            self.store.grants().iter().filter_map(|g| if let GrantSource::Code { code_id } = g.source { Some(code_id) } else { None }).collect();
        let all = code_grants.len();
        code_grants.sort_unstable();
        code_grants.dedup();
        assert_eq!(all, code_grants.len(), "a code redeemed twice");
    }

    fn store_plan(&self, id: &str) -> Option<billing::Plan> {
        billing::ports::PlanCatalog::find_plan(&self.store, id).unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn money_invariants_hold_after_every_step(steps in proptest::collection::vec(step(), 1..40)) {
        let mut world = World::new();
        for step in &steps {
            world.run(step);
            world.check();
        }
    }
}
