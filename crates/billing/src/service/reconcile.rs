//! `reconcile`: every charge held against its provider, its grants, and every member's plan
//! fields held against their grants (see `crate::reconcile`).

use super::Billing;
use crate::access::{GrantSource, MemberPlan};
use crate::checkout::{purchase_grant, Charge, ChargeStatus};
use crate::error::BillingError;
use crate::gateway::{FoundPurchase, GatewayUnavailable, Gateways, PaymentOutcome, PurchaseLookup, PAYPAL, STRIPE};
use crate::model::{Plan, PlanKind};
use crate::ports::{BillingStore, Secrets};
use crate::reconcile::{Problem, ProblemKind, ReconcileReport, ABANDONED_AFTER_MINUTES, PAGE};
use crate::subscription::{ProviderSnapshot, SubscriptionState};
use kernel::UserId;

/// What the provider says of one charge.
enum Seen {
    Found(FoundPurchase),
    Nothing,
    /// Not asked: the provider is not configured here, or has no read call for it.
    NotAsked,
}

impl<'s, S: BillingStore + ?Sized> Billing<'s, S> {
    /// Checks every charge with its provider and its grants, and every member's plan fields;
    /// with `fix`, repairs what is safe to repair (records a payment the provider took, applies
    /// the provider's subscription state, adds a missing grant, re-derives plan fields, drops
    /// abandoned charges). The report is stored for the back office and returned.
    pub fn reconcile(&self, gateways: Gateways<'_>, secrets: &dyn Secrets, fix: bool) -> Result<ReconcileReport, BillingError> {
        let mut report = ReconcileReport { finished_at: self.now, charges_checked: 0, members_checked: 0, problems: Vec::new() };
        let mut after: Option<String> = None;
        loop {
            let page = self.store.charges_after(after.as_deref(), PAGE)?;
            let Some((last, _)) = page.last() else { break };
            after = Some(last.id.clone());
            for (charge, state) in &page {
                report.charges_checked += 1;
                self.reconcile_charge(gateways, secrets, fix, charge, state.as_ref(), &mut report.problems)?;
            }
        }
        let mut after: Option<UserId> = None;
        loop {
            let page = self.store.members_with_plans_after(after, PAGE)?;
            let Some(last) = page.last() else { break };
            after = Some(*last);
            for user in page {
                report.members_checked += 1;
                self.reconcile_member(fix, user, &mut report.problems)?;
            }
        }
        self.store.save_reconcile_report(&report)?;
        Ok(report)
    }

    /// The last report (of the periodic job or the command), for the back office.
    pub fn last_reconcile(&self) -> Result<Option<ReconcileReport>, BillingError> {
        Ok(self.store.last_reconcile_report()?)
    }

    fn reconcile_charge(
        &self,
        gateways: Gateways<'_>,
        secrets: &dyn Secrets,
        fix: bool,
        charge: &Charge,
        state: Option<&SubscriptionState>,
        problems: &mut Vec<Problem>,
    ) -> Result<(), BillingError> {
        let plan = self.store.find_plan(&charge.plan_id)?.ok_or(BillingError::InvalidPlan)?;
        let problem = |kind: ProblemKind, detail: String, fixed: bool| Problem { kind, charge_id: Some(charge.id.clone()), user: charge.user, detail, fixed };
        let seen = match self.ask_provider(gateways, charge, &plan) {
            Ok(seen) => seen,
            Err(GatewayUnavailable(cause)) => {
                problems.push(problem(ProblemKind::Unchecked, format!("{} could not be asked: {cause}", charge.provider), false));
                Seen::NotAsked
            }
        };
        match (charge.status, seen) {
            (ChargeStatus::Initiated | ChargeStatus::RequiresAction | ChargeStatus::Processing, Seen::Found(found)) => {
                self.reconcile_waiting(secrets, fix, charge, &plan, found, problems)?;
            }
            (ChargeStatus::Initiated, Seen::Nothing) if self.abandoned(charge) => {
                if fix {
                    self.store.atomically(&mut || {
                        self.store.drop_initiated(&charge.id)?;
                        Ok(())
                    })?;
                }
                problems.push(problem(ProblemKind::Abandoned, format!("initiated {}, never charged", charge.created_at.format("%Y-%m-%d %H:%M")), fix));
            }
            (ChargeStatus::Paid, Seen::Found(FoundPurchase::Payment(outcome))) if !matches!(outcome, PaymentOutcome::Paid { .. }) => {
                problems.push(problem(ProblemKind::PaidHereOnly, format!("paid here, {} at {}", outcome_word(&outcome), charge.provider), false));
            }
            (ChargeStatus::Paid, Seen::Nothing) => {
                let (kind, what) = if state.is_some() { (ProblemKind::SubscriptionUnknown, "subscription") } else { (ProblemKind::PaidHereOnly, "payment") };
                problems.push(problem(kind, format!("{} does not know {what} {}", charge.provider, charge.reference), false));
            }
            (ChargeStatus::Paid | ChargeStatus::Refunded | ChargeStatus::Disputed, Seen::Found(FoundPurchase::Subscription { snapshot, .. })) => {
                if let Some(state) = state {
                    self.reconcile_subscription(fix, charge, state, snapshot, problems)?;
                }
            }
            _ => {}
        }
        self.reconcile_grants(fix, charge, &plan, problems)
    }

    /// Reads what the provider says of a charge: by its reference, or (initiated) by our id.
    fn ask_provider(&self, gateways: Gateways<'_>, charge: &Charge, plan: &Plan) -> Result<Seen, GatewayUnavailable> {
        let lookup = PurchaseLookup {
            charge_id: &charge.id,
            email: &charge.email,
            member: charge.user,
            reference: &charge.reference,
            subscription: plan.kind.is_subscription(),
        };
        match charge.provider.as_str() {
            STRIPE => match gateways.card {
                Some(cards) => Ok(cards.look_up_purchase(&lookup)?.map_or(Seen::Nothing, Seen::Found)),
                None => Err(GatewayUnavailable("Stripe is not configured".into())),
            },
            // PayPal is read for subscriptions; its orders are settled by the buyer's return and
            // its capture events.
            PAYPAL if plan.kind.is_subscription() && !charge.reference.is_empty() => match gateways.paypal {
                Some(paypal) => Ok(match paypal.paypal_subscription(&charge.reference)? {
                    Some(found) => match found.snapshot {
                        Some(snapshot) => Seen::Found(FoundPurchase::Subscription { subscription: charge.reference.clone(), snapshot }),
                        None => Seen::NotAsked,
                    },
                    None => Seen::Nothing,
                }),
                None => Err(GatewayUnavailable("PayPal is not configured".into())),
            },
            _ => Ok(Seen::NotAsked),
        }
    }

    fn abandoned(&self, charge: &Charge) -> bool {
        charge.created_at + chrono::Duration::minutes(ABANDONED_AFTER_MINUTES) < self.now
    }

    /// A charge we have as waiting (or never heard back about) that the provider knows.
    fn reconcile_waiting(
        &self,
        secrets: &dyn Secrets,
        fix: bool,
        charge: &Charge,
        plan: &Plan,
        found: FoundPurchase,
        problems: &mut Vec<Problem>,
    ) -> Result<(), BillingError> {
        let problem = |kind: ProblemKind, detail: String, fixed: bool| Problem { kind, charge_id: Some(charge.id.clone()), user: charge.user, detail, fixed };
        let (reference, paid_state, waiting) = match found {
            FoundPurchase::Payment(PaymentOutcome::Paid { reference }) => (reference, Some(None), None),
            FoundPurchase::Payment(PaymentOutcome::Processing { reference }) => (reference, None, Some(ChargeStatus::Processing)),
            FoundPurchase::Payment(PaymentOutcome::RequiresAction { reference, .. }) => (reference, None, Some(ChargeStatus::RequiresAction)),
            FoundPurchase::Payment(PaymentOutcome::Declined { .. }) => {
                if charge.status == ChargeStatus::Initiated && self.abandoned(charge) {
                    if fix {
                        self.store.atomically(&mut || {
                            self.store.drop_initiated(&charge.id)?;
                            Ok(())
                        })?;
                    }
                    problems.push(problem(ProblemKind::Abandoned, format!("declined at {}", charge.provider), fix));
                }
                return Ok(());
            }
            FoundPurchase::Subscription { subscription, snapshot } => {
                let state = SubscriptionState::from_snapshot(snapshot);
                if state.renews() {
                    (subscription, Some(Some(state)), None)
                } else {
                    (subscription, None, Some(ChargeStatus::RequiresAction))
                }
            }
        };
        if let Some(state) = paid_state {
            if fix {
                self.store.atomically(&mut || {
                    if charge.reference.is_empty() {
                        self.store.name_reference(&charge.id, &reference, ChargeStatus::Initiated)?;
                    }
                    let named = Charge { reference: reference.clone(), ..charge.clone() };
                    self.settle_paid(secrets, &named, plan, state.as_ref())?;
                    Ok(())
                })?;
            }
            let detail = format!("{} took the money ({reference}); recorded as {}", charge.provider, charge.status.as_str());
            problems.push(problem(ProblemKind::PaidButNotRecorded, detail, fix));
        } else if let (ChargeStatus::Initiated, Some(status)) = (charge.status, waiting) {
            if fix {
                self.store.atomically(&mut || {
                    self.store.name_reference(&charge.id, &reference, status)?;
                    Ok(())
                })?;
            }
            problems.push(problem(ProblemKind::ReferenceMissing, format!("{} has it as {reference}, {}", charge.provider, status.as_str()), fix));
        }
        Ok(())
    }

    /// Our subscription state against the provider's object read now.
    fn reconcile_subscription(
        &self,
        fix: bool,
        charge: &Charge,
        state: &SubscriptionState,
        snapshot: ProviderSnapshot,
        problems: &mut Vec<Problem>,
    ) -> Result<(), BillingError> {
        let same_period = (state.current_period_end - snapshot.current_period_end).num_seconds().abs() <= 60;
        if state.status == snapshot.status && same_period {
            return Ok(());
        }
        if state.status.is_final() && snapshot.status.is_final() {
            return Ok(());
        }
        // The object read now is the provider's latest word, whatever time our last event said.
        let as_of = snapshot.as_of.max(self.now).max(state.as_of + chrono::Duration::seconds(1));
        if fix {
            self.store.atomically(&mut || {
                self.apply_snapshot(&charge.provider, &charge.reference, ProviderSnapshot { as_of, ..snapshot })?;
                Ok(())
            })?;
        }
        let detail = format!(
            "ours {} until {}, {}'s {} until {}",
            state.status.as_str(),
            state.current_period_end.format("%Y-%m-%d %H:%M"),
            charge.provider,
            snapshot.status.as_str(),
            snapshot.current_period_end.format("%Y-%m-%d %H:%M"),
        );
        problems.push(Problem {
            kind: ProblemKind::SubscriptionDiffers,
            charge_id: Some(charge.id.clone()),
            user: charge.user,
            detail,
            fixed: fix && !state.status.is_final(),
        });
        Ok(())
    }

    /// A member's paid purchase has its grant; a taken-back one has none that runs.
    fn reconcile_grants(&self, fix: bool, charge: &Charge, plan: &Plan, problems: &mut Vec<Problem>) -> Result<(), BillingError> {
        let Some(user) = charge.user else { return Ok(()) };
        if !matches!(plan.kind, PlanKind::Lifetime | PlanKind::Subscription { .. }) {
            return Ok(());
        }
        let own: Vec<_> = self
            .store
            .grants_of_charge(&charge.id)?
            .into_iter()
            .filter(|g| g.user == user && matches!(&g.source, GrantSource::Purchase { charge_id } if *charge_id == charge.id))
            .collect();
        let problem = |kind: ProblemKind, detail: String, fixed: bool| Problem { kind, charge_id: Some(charge.id.clone()), user: Some(user), detail, fixed };
        match charge.status {
            ChargeStatus::Paid if own.is_empty() => {
                let state = self.store.subscription_of(&charge.id)?;
                if fix {
                    if let Some(grant) = purchase_grant(plan, charge, user, state.as_ref(), charge.created_at) {
                        self.store.atomically(&mut || {
                            self.add_grant(&grant)?;
                            Ok(())
                        })?;
                    }
                }
                problems.push(problem(ProblemKind::GrantMissing, format!("paid {} without its grant", plan.name), fix));
            }
            ChargeStatus::Refunded | ChargeStatus::Disputed if own.iter().any(|g| g.revoked.is_none() && g.is_live(self.now)) => {
                problems.push(problem(ProblemKind::GrantOfTakenBackCharge, format!("{} but its grant runs", charge.status.as_str()), false));
            }
            _ => {}
        }
        Ok(())
    }

    /// The member's stored plan fields against their grants. The paid date is not compared: it is
    /// the start of the current run of access, which moves as grants end without any event.
    fn reconcile_member(&self, fix: bool, user: UserId, problems: &mut Vec<Problem>) -> Result<(), BillingError> {
        let stored = self.store.stored_member_plan(user)?;
        let derived = self.plan_of(user)?;
        let key = |plan: &Option<MemberPlan>| plan.as_ref().map(|p| (p.plan_id.clone(), p.end_paid_date));
        if key(&stored) == key(&derived) {
            return Ok(());
        }
        if fix {
            self.store.atomically(&mut || {
                self.refresh_plan(user)?;
                Ok(())
            })?;
        }
        let describe = |plan: &Option<MemberPlan>| match plan {
            None => "no plan".to_owned(),
            Some(p) => match p.end_paid_date {
                None => format!("{} for life", p.plan_id),
                Some(end) => format!("{} until {}", p.plan_id, end.format("%Y-%m-%d %H:%M")),
            },
        };
        let detail = format!("stored {}, grants give {}", describe(&stored), describe(&derived));
        problems.push(Problem { kind: ProblemKind::PlanFieldsDiffer, charge_id: None, user: Some(user), detail, fixed: fix });
        Ok(())
    }
}

fn outcome_word(outcome: &PaymentOutcome) -> &'static str {
    match outcome {
        PaymentOutcome::Paid { .. } => "paid",
        PaymentOutcome::Processing { .. } => "processing",
        PaymentOutcome::RequiresAction { .. } => "waiting for 3-D Secure",
        PaymentOutcome::Declined { .. } => "declined",
    }
}
