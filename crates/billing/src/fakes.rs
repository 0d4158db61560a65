//! In-memory stand-ins for billing's ports, for unit tests without a database.

use crate::access::{AccessGrant, MemberPlan, NewGrant, Revocation};
use crate::cancel::CancelReason;
use crate::checkout::*;
use crate::codes::{CodeKind, CodeRecord, GiftDetails, Seat};
use crate::error::BillingError;
use crate::gateway::*;
use crate::model::*;
use crate::ports::*;
use crate::subscription::{ProviderSnapshot, SubscriptionState, SubscriptionStatus};
use kernel::{OutgoingMail, PortResult, Session, SessionId, Timestamp, UserId};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

#[derive(Default)]
pub struct InMemoryBilling {
    plans: Mutex<Vec<Plan>>,
    coupons: Mutex<Vec<Coupon>>,
    /// Claimed coupon uses: (charge id, code, member key, once per member).
    coupon_claims: Mutex<Vec<(String, String, String, bool)>>,
    charges: Mutex<Vec<Charge>>,
    subscriptions: Mutex<HashMap<String, SubscriptionState>>,
    grants: Mutex<Vec<AccessGrant>>,
    /// The members' plan fields as last derived.
    plans_of_members: Mutex<HashMap<UserId, MemberPlan>>,
    trials: Mutex<Vec<(TrialKeys, String, Timestamp)>>,
    /// Subscriptions asked to stop renewing: charge id -> how.
    renewal_ends: Mutex<HashMap<String, RenewalEnding>>,
    /// Codes' revocation reasons: code id -> why.
    code_revocations: Mutex<HashMap<i64, Revocation>>,
    events: Mutex<Vec<(String, String)>>,
    cancellations: Mutex<Vec<(String, CancelReason)>>,
    mail: Mutex<Vec<OutgoingMail>>,
    deleted: Mutex<Vec<UserId>>,
    sessions: Mutex<Vec<(Session, String)>>,
    /// Members who have not confirmed their e-mail address.
    unconfirmed: Mutex<Vec<UserId>>,
    codes: Mutex<Vec<(NewCode, CodeRecord)>>,
    gifts: Mutex<Vec<(String, GiftDetails)>>,
    attempts: Mutex<Vec<(String, Timestamp)>>,
    invites: Mutex<Vec<(i64, String, Timestamp)>>,
    /// Subscription payments: (charge id, provider, payment, refunded).
    subscription_payments: Mutex<Vec<(String, String, SubscriptionPayment, bool)>>,
    reconcile_reports: Mutex<Vec<crate::reconcile::ReconcileReport>>,
}

/// Everything the store holds, for rolling a failed transaction back.
#[derive(Clone)]
struct Contents {
    coupons: Vec<Coupon>,
    coupon_claims: Vec<(String, String, String, bool)>,
    charges: Vec<Charge>,
    subscriptions: HashMap<String, SubscriptionState>,
    grants: Vec<AccessGrant>,
    plans_of_members: HashMap<UserId, MemberPlan>,
    trials: Vec<(TrialKeys, String, Timestamp)>,
    renewal_ends: HashMap<String, RenewalEnding>,
    code_revocations: HashMap<i64, Revocation>,
    events: Vec<(String, String)>,
    cancellations: Vec<(String, CancelReason)>,
    mail: Vec<OutgoingMail>,
    codes: Vec<(NewCode, CodeRecord)>,
    gifts: Vec<(String, GiftDetails)>,
    subscription_payments: Vec<(String, String, SubscriptionPayment, bool)>,
}

impl InMemoryBilling {
    /// The plans the seed sells (the same prices as the migration's rows).
    pub fn with_standard_plans() -> Self {
        let store = InMemoryBilling::default();
        for plan in standard_plans() {
            store.add_plan(plan);
        }
        store
    }

    pub fn add_plan(&self, plan: Plan) {
        self.plans.lock().unwrap().push(plan);
    }

    pub fn add_coupon(&self, coupon: Coupon) {
        self.coupons.lock().unwrap().push(coupon);
    }

    /// Subscription payments recorded: (charge id, payment id, cents, refunded).
    pub fn subscription_payments(&self) -> Vec<(String, String, i64, bool)> {
        self.subscription_payments.lock().unwrap().iter().map(|p| (p.0.clone(), p.2.id.clone(), p.2.amount.0, p.3)).collect()
    }

    pub fn charges(&self) -> Vec<Charge> {
        self.charges.lock().unwrap().clone()
    }

    pub fn grants(&self) -> Vec<AccessGrant> {
        self.grants.lock().unwrap().clone()
    }

    /// The trials given so far: (keys, charge id).
    pub fn trials(&self) -> Vec<(TrialKeys, String)> {
        self.trials.lock().unwrap().iter().map(|(k, c, _)| (k.clone(), c.clone())).collect()
    }

    /// Subscriptions asked to stop renewing that have not stopped yet.
    pub fn renewal_ends(&self) -> HashMap<String, RenewalEnding> {
        self.renewal_ends.lock().unwrap().clone()
    }

    pub fn coupon_redemptions(&self, code: &str) -> u32 {
        self.coupons.lock().unwrap().iter().find(|c| c.code == code).map_or(0, |c| c.redemptions)
    }

    /// Signs a member in: the session billing sees, with the member's e-mail.
    pub fn sign_in(&self, user: UserId, email: &str) -> Session {
        let mut sessions = self.sessions.lock().unwrap();
        let session = Session { user, id: SessionId(sessions.len() as u128 + 1) };
        sessions.push((session, email.to_owned()));
        session
    }

    /// Signs in a member who has not confirmed their e-mail address.
    pub fn sign_in_unconfirmed(&self, user: UserId, email: &str) -> Session {
        self.unconfirmed.lock().unwrap().push(user);
        self.sign_in(user, email)
    }

    /// Mail queued so far.
    pub fn mail(&self) -> Vec<OutgoingMail> {
        self.mail.lock().unwrap().clone()
    }

    pub fn cancellations(&self) -> Vec<(String, CancelReason)> {
        self.cancellations.lock().unwrap().clone()
    }

    /// The member's plan fields as last derived.
    pub fn plan_of(&self, user: UserId) -> Option<MemberPlan> {
        self.plans_of_members.lock().unwrap().get(&user).cloned()
    }

    /// Marks a member's account deleted (their charges stay, their sessions end).
    pub fn delete_account(&self, user: UserId) {
        self.deleted.lock().unwrap().push(user);
        self.sessions.lock().unwrap().retain(|(s, _)| s.user != user);
    }

    pub fn state_of(&self, charge_id: &str) -> Option<SubscriptionState> {
        self.subscriptions.lock().unwrap().get(charge_id).copied()
    }

    fn contents(&self) -> Contents {
        Contents {
            coupons: self.coupons.lock().unwrap().clone(),
            coupon_claims: self.coupon_claims.lock().unwrap().clone(),
            charges: self.charges.lock().unwrap().clone(),
            subscriptions: self.subscriptions.lock().unwrap().clone(),
            grants: self.grants.lock().unwrap().clone(),
            plans_of_members: self.plans_of_members.lock().unwrap().clone(),
            trials: self.trials.lock().unwrap().clone(),
            renewal_ends: self.renewal_ends.lock().unwrap().clone(),
            code_revocations: self.code_revocations.lock().unwrap().clone(),
            events: self.events.lock().unwrap().clone(),
            cancellations: self.cancellations.lock().unwrap().clone(),
            mail: self.mail.lock().unwrap().clone(),
            codes: self.codes.lock().unwrap().clone(),
            gifts: self.gifts.lock().unwrap().clone(),
            subscription_payments: self.subscription_payments.lock().unwrap().clone(),
        }
    }

    fn restore(&self, contents: Contents) {
        *self.coupons.lock().unwrap() = contents.coupons;
        *self.coupon_claims.lock().unwrap() = contents.coupon_claims;
        *self.charges.lock().unwrap() = contents.charges;
        *self.subscriptions.lock().unwrap() = contents.subscriptions;
        *self.grants.lock().unwrap() = contents.grants;
        *self.plans_of_members.lock().unwrap() = contents.plans_of_members;
        *self.trials.lock().unwrap() = contents.trials;
        *self.renewal_ends.lock().unwrap() = contents.renewal_ends;
        *self.code_revocations.lock().unwrap() = contents.code_revocations;
        *self.events.lock().unwrap() = contents.events;
        *self.cancellations.lock().unwrap() = contents.cancellations;
        *self.mail.lock().unwrap() = contents.mail;
        *self.codes.lock().unwrap() = contents.codes;
        *self.gifts.lock().unwrap() = contents.gifts;
        *self.subscription_payments.lock().unwrap() = contents.subscription_payments;
    }

    fn paid_effects(&self, charge: &Charge, subscription: Option<&SubscriptionState>) {
        if let Some(state) = subscription {
            self.subscriptions.lock().unwrap().insert(charge.id.clone(), *state);
        }
    }
}

impl ChargeBook for InMemoryBilling {
    fn record_charge(&self, charge: &Charge, subscription: Option<&SubscriptionState>) -> PortResult<()> {
        self.charges.lock().unwrap().push(charge.clone());
        if charge.status == ChargeStatus::Paid {
            self.paid_effects(charge, subscription);
        }
        Ok(())
    }

    fn find_charge(&self, id: &str) -> PortResult<Option<Charge>> {
        Ok(self.charges.lock().unwrap().iter().find(|c| c.id == id).cloned())
    }

    fn find_charge_by_reference(&self, provider: &str, reference: &str) -> PortResult<Option<Charge>> {
        Ok(self.charges.lock().unwrap().iter().find(|c| !reference.is_empty() && c.provider == provider && c.reference == reference).cloned())
    }

    fn complete_charge(&self, id: &str, subscription: Option<&SubscriptionState>) -> PortResult<bool> {
        let completed = {
            let mut charges = self.charges.lock().unwrap();
            match charges.iter_mut().find(|c| c.id == id && c.status.is_waiting()) {
                Some(charge) => {
                    charge.status = ChargeStatus::Paid;
                    Some(charge.clone())
                }
                None => None,
            }
        };
        if let Some(charge) = &completed {
            self.paid_effects(charge, subscription);
        }
        Ok(completed.is_some())
    }

    fn name_reference(&self, id: &str, reference: &str, status: ChargeStatus) -> PortResult<bool> {
        let mut charges = self.charges.lock().unwrap();
        let Some(charge) = charges.iter_mut().find(|c| c.id == id && c.status == ChargeStatus::Initiated) else { return Ok(false) };
        charge.reference = reference.to_owned();
        charge.status = status;
        Ok(true)
    }

    fn infographic_purchases_of(&self, user: UserId) -> PortResult<Vec<Charge>> {
        let mut found: Vec<Charge> =
            self.charges().into_iter().filter(|c| c.user == Some(user) && c.add_on.is_some() && c.status == ChargeStatus::Paid).collect();
        found.sort_by_key(|c| std::cmp::Reverse(c.created_at));
        Ok(found)
    }

    fn drop_initiated(&self, id: &str) -> PortResult<bool> {
        let mut charges = self.charges.lock().unwrap();
        let before = charges.len();
        charges.retain(|c| !(c.id == id && c.status == ChargeStatus::Initiated));
        let dropped = charges.len() < before;
        if dropped {
            self.gifts.lock().unwrap().retain(|(charge, _)| charge != id);
            let mut claims = self.coupon_claims.lock().unwrap();
            if let Some(at) = claims.iter().position(|(charge, ..)| charge == id) {
                let (_, code, ..) = claims.remove(at);
                if let Some(coupon) = self.coupons.lock().unwrap().iter_mut().find(|c| c.code == code) {
                    coupon.redemptions -= 1;
                }
            }
        }
        Ok(dropped)
    }

    fn attach_charge(&self, id: &str, user: UserId, _at: Timestamp) -> PortResult<bool> {
        let mut charges = self.charges.lock().unwrap();
        let Some(charge) = charges.iter_mut().find(|c| c.id == id && c.user.is_none()) else { return Ok(false) };
        charge.user = Some(user);
        Ok(true)
    }

    fn subscription_of(&self, charge_id: &str) -> PortResult<Option<SubscriptionState>> {
        Ok(self.subscriptions.lock().unwrap().get(charge_id).copied())
    }
}

impl BillingLedger for InMemoryBilling {
    fn atomically(&self, work: &mut dyn FnMut() -> Result<(), BillingError>) -> Result<(), BillingError> {
        let before = self.contents();
        let result = work();
        if result.is_err() {
            self.restore(before);
        }
        result
    }

    fn first_delivery(&self, provider: &str, event_id: &str, _at: Timestamp) -> PortResult<bool> {
        let mut events = self.events.lock().unwrap();
        if events.iter().any(|(p, id)| p == provider && id == event_id) {
            return Ok(false);
        }
        events.push((provider.to_owned(), event_id.to_owned()));
        Ok(true)
    }

    fn lock_charge_by_reference(&self, provider: &str, reference: &str) -> PortResult<Option<(Charge, Option<SubscriptionState>)>> {
        let charge = self.find_charge_by_reference(provider, reference)?;
        Ok(charge.map(|c| {
            let state = self.state_of(&c.id);
            (c, state)
        }))
    }

    fn lock_charge(&self, id: &str) -> PortResult<Option<(Charge, Option<SubscriptionState>)>> {
        Ok(self.find_charge(id)?.map(|c| {
            let state = self.state_of(&c.id);
            (c, state)
        }))
    }

    fn save_subscription(&self, charge_id: &str, state: &SubscriptionState) -> PortResult<()> {
        self.subscriptions.lock().unwrap().insert(charge_id.to_owned(), *state);
        Ok(())
    }

    fn set_charge_status(&self, charge_id: &str, status: ChargeStatus) -> PortResult<()> {
        if let Some(charge) = self.charges.lock().unwrap().iter_mut().find(|c| c.id == charge_id) {
            charge.status = status;
        }
        Ok(())
    }

    fn record_subscription_payment(&self, charge_id: &str, provider: &str, payment: &SubscriptionPayment) -> PortResult<bool> {
        let mut payments = self.subscription_payments.lock().unwrap();
        if payments.iter().any(|p| p.1 == provider && p.2.id == payment.id) {
            return Ok(false);
        }
        payments.push((charge_id.to_owned(), provider.to_owned(), payment.clone(), false));
        Ok(true)
    }

    fn refund_subscription_payment(&self, provider: &str, reference: &str) -> PortResult<bool> {
        let mut payments = self.subscription_payments.lock().unwrap();
        let found = payments.iter_mut().find(|p| p.1 == provider && p.2.reference.as_deref() == Some(reference) && !p.3);
        Ok(found.map(|p| p.3 = true).is_some())
    }

    fn record_cancellation(&self, charge_id: &str, reason: CancelReason, _at: Timestamp) -> PortResult<()> {
        self.cancellations.lock().unwrap().push((charge_id.to_owned(), reason));
        Ok(())
    }

    fn subscriptions_of(&self, user: UserId) -> PortResult<Vec<(Charge, SubscriptionState)>> {
        let mut found: Vec<(Charge, SubscriptionState)> =
            self.charges().into_iter().filter(|c| c.user == Some(user)).filter_map(|c| self.state_of(&c.id).map(|s| (c, s))).collect();
        found.sort_by_key(|(charge, _)| std::cmp::Reverse(charge.created_at));
        Ok(found)
    }

    fn renewals_to_end(&self, limit: usize) -> PortResult<Vec<(Charge, SubscriptionState, RenewalEnding)>> {
        let deleted = self.deleted.lock().unwrap().clone();
        let requested = self.renewal_ends();
        Ok(self
            .charges()
            .into_iter()
            .filter_map(|c| {
                let ending = requested.get(&c.id).copied().or_else(|| c.user.is_some_and(|u| deleted.contains(&u)).then_some(RenewalEnding::AtPeriodEnd))?;
                self.state_of(&c.id).filter(SubscriptionState::renews).map(|s| (c, s, ending))
            })
            .take(limit)
            .collect())
    }

    fn request_renewal_end(&self, charge_id: &str, ending: RenewalEnding, _at: Timestamp) -> PortResult<()> {
        self.renewal_ends.lock().unwrap().insert(charge_id.to_owned(), ending);
        Ok(())
    }

    fn queue_mail(&self, mail: &OutgoingMail, _at: Timestamp) -> PortResult<()> {
        self.mail.lock().unwrap().push(mail.clone());
        Ok(())
    }
}

impl Payers for InMemoryBilling {
    fn live_payer(&self, session: Session) -> PortResult<Option<Payer>> {
        let unconfirmed = self.unconfirmed.lock().unwrap().contains(&session.user);
        Ok(self.sessions.lock().unwrap().iter().find(|(s, _)| *s == session).map(|(s, email)| Payer {
            user: s.user,
            email: email.clone(),
            email_verified: !unconfirmed,
        }))
    }

    fn member_email(&self, user: UserId) -> PortResult<Option<String>> {
        if self.deleted.lock().unwrap().contains(&user) {
            return Ok(None);
        }
        Ok(self.sessions.lock().unwrap().iter().find(|(s, _)| s.user == user).map(|(_, email)| email.clone()))
    }
}

impl ReconcileBook for InMemoryBilling {
    fn charges_after(&self, after: Option<&str>, limit: usize) -> PortResult<Vec<(Charge, Option<SubscriptionState>)>> {
        let mut charges: Vec<Charge> = self.charges().into_iter().filter(|c| after.is_none_or(|a| c.id.as_str() > a)).collect();
        charges.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(charges
            .into_iter()
            .take(limit)
            .map(|c| {
                let state = self.state_of(&c.id);
                (c, state)
            })
            .collect())
    }

    fn members_with_plans_after(&self, after: Option<UserId>, limit: usize) -> PortResult<Vec<UserId>> {
        let mut users: Vec<UserId> = self.grants.lock().unwrap().iter().map(|g| g.user).collect();
        users.extend(self.plans_of_members.lock().unwrap().keys().copied());
        users.sort_by_key(|u| u.0);
        users.dedup();
        Ok(users.into_iter().filter(|u| after.is_none_or(|a| u.0 > a.0)).take(limit).collect())
    }

    fn stored_member_plan(&self, user: UserId) -> PortResult<Option<MemberPlan>> {
        Ok(self.plans_of_members.lock().unwrap().get(&user).cloned())
    }

    fn save_reconcile_report(&self, report: &crate::reconcile::ReconcileReport) -> PortResult<()> {
        self.reconcile_reports.lock().unwrap().push(report.clone());
        Ok(())
    }

    fn last_reconcile_report(&self) -> PortResult<Option<crate::reconcile::ReconcileReport>> {
        Ok(self.reconcile_reports.lock().unwrap().last().cloned())
    }
}

impl GrantBook for InMemoryBilling {
    fn lock_grants_of(&self, user: UserId) -> PortResult<Vec<AccessGrant>> {
        Ok(self.grants.lock().unwrap().iter().filter(|g| g.user == user).cloned().collect())
    }

    fn add_grant(&self, grant: &NewGrant, _at: Timestamp) -> PortResult<i64> {
        let mut grants = self.grants.lock().unwrap();
        let id = grants.len() as i64 + 1;
        grants.push(AccessGrant {
            id,
            user: grant.user,
            plan_id: grant.plan_id.clone(),
            source: grant.source.clone(),
            starts_at: grant.starts_at,
            ends_at: grant.ends_at,
            revoked: None,
        });
        Ok(id)
    }

    fn set_grant_end(&self, id: i64, ends_at: Option<Timestamp>) -> PortResult<()> {
        if let Some(grant) = self.grants.lock().unwrap().iter_mut().find(|g| g.id == id) {
            grant.ends_at = ends_at;
        }
        Ok(())
    }

    fn revoke_grant(&self, id: i64, at: Timestamp, why: Revocation) -> PortResult<()> {
        if let Some(grant) = self.grants.lock().unwrap().iter_mut().find(|g| g.id == id) {
            grant.revoked = Some((at, why));
        }
        Ok(())
    }

    fn restore_grant(&self, id: i64) -> PortResult<()> {
        if let Some(grant) = self.grants.lock().unwrap().iter_mut().find(|g| g.id == id) {
            grant.revoked = None;
        }
        Ok(())
    }

    fn grants_of_charge(&self, charge_id: &str) -> PortResult<Vec<AccessGrant>> {
        let codes: Vec<i64> = self.codes.lock().unwrap().iter().filter(|(new, _)| new.charge_id.as_deref() == Some(charge_id)).map(|(_, r)| r.id).collect();
        Ok(self
            .grants
            .lock()
            .unwrap()
            .iter()
            .filter(|g| match &g.source {
                crate::access::GrantSource::Purchase { charge_id: of } => of == charge_id,
                crate::access::GrantSource::Code { code_id } => codes.contains(code_id),
                _ => false,
            })
            .cloned()
            .collect())
    }

    fn save_member_plan(&self, user: UserId, plan: Option<&MemberPlan>) -> PortResult<()> {
        let mut plans = self.plans_of_members.lock().unwrap();
        match plan {
            Some(plan) => plans.insert(user, plan.clone()),
            None => plans.remove(&user),
        };
        Ok(())
    }
}

impl TrialBook for InMemoryBilling {
    fn trial_given(&self, keys: &TrialKeys) -> PortResult<Option<Timestamp>> {
        let matches = |given: &TrialKeys| {
            (keys.user.is_some() && given.user == keys.user)
                || (keys.email.is_some() && given.email == keys.email)
                || (keys.card.is_some() && given.card == keys.card)
                || (keys.paypal_payer.is_some() && given.paypal_payer == keys.paypal_payer)
        };
        Ok(self.trials.lock().unwrap().iter().filter(|(given, _, _)| matches(given)).map(|(_, _, at)| *at).min())
    }

    fn record_trial(&self, keys: &TrialKeys, charge_id: &str, at: Timestamp) -> PortResult<()> {
        self.trials.lock().unwrap().push((keys.clone(), charge_id.to_owned(), at));
        Ok(())
    }
}

impl InMemoryBilling {
    /// Codes stored, with what they were made from.
    pub fn codes(&self) -> Vec<(NewCode, CodeRecord)> {
        self.codes.lock().unwrap().clone()
    }

    /// Adds a code as an operator's import would (its digest as `CountingSecrets` makes them).
    pub fn add_code(&self, code: &str, kind: CodeKind, plan_id: &str, duration_days: Option<i32>) {
        let digest = format!("digest:{}", kernel::normalise_code(code));
        let new = NewCode { digest, kind, plan_id: plan_id.into(), duration_days, charge_id: None, shown: None };
        self.insert_codes(&[new], chrono::DateTime::UNIX_EPOCH).unwrap();
    }
}

impl CodeBook for InMemoryBilling {
    fn find_code(&self, digest: &str) -> PortResult<Option<CodeRecord>> {
        Ok(self.codes.lock().unwrap().iter().find(|(new, _)| new.digest == digest).map(|(_, record)| record.clone()))
    }

    fn redeem_code(&self, code_id: i64, _user: UserId, at: Timestamp) -> PortResult<bool> {
        let mut codes = self.codes.lock().unwrap();
        let Some((_, record)) = codes.iter_mut().find(|(_, r)| r.id == code_id && r.usable()) else { return Ok(false) };
        record.redeemed_at = Some(at);
        Ok(true)
    }

    fn revoke_codes_of_charge(&self, charge_id: &str, at: Timestamp, why: Revocation) -> PortResult<u32> {
        let mut revoked = 0;
        for (new, record) in self.codes.lock().unwrap().iter_mut() {
            if new.charge_id.as_deref() == Some(charge_id) && record.usable() {
                record.revoked_at = Some(at);
                self.code_revocations.lock().unwrap().insert(record.id, why);
                revoked += 1;
            }
        }
        Ok(revoked)
    }

    fn restore_codes_of_charge(&self, charge_id: &str, why: Revocation) -> PortResult<u32> {
        let mut restored = 0;
        let mut reasons = self.code_revocations.lock().unwrap();
        for (new, record) in self.codes.lock().unwrap().iter_mut() {
            if new.charge_id.as_deref() == Some(charge_id) && reasons.get(&record.id) == Some(&why) {
                record.revoked_at = None;
                reasons.remove(&record.id);
                restored += 1;
            }
        }
        Ok(restored)
    }

    fn insert_codes(&self, codes: &[NewCode], _at: Timestamp) -> PortResult<()> {
        let mut stored = self.codes.lock().unwrap();
        for code in codes {
            let id = stored.len() as i64 + 1;
            let record =
                CodeRecord { id, kind: code.kind, plan_id: code.plan_id.clone(), duration_days: code.duration_days, redeemed_at: None, revoked_at: None };
            stored.push((code.clone(), record));
        }
        Ok(())
    }

    fn save_gift(&self, charge_id: &str, gift: &GiftDetails) -> PortResult<()> {
        self.gifts.lock().unwrap().push((charge_id.to_owned(), gift.clone()));
        Ok(())
    }

    fn gift_of(&self, charge_id: &str) -> PortResult<Option<GiftDetails>> {
        Ok(self.gifts.lock().unwrap().iter().find(|(c, _)| c == charge_id).map(|(_, g)| g.clone()))
    }

    fn record_attempt(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        let mut attempts = self.attempts.lock().unwrap();
        attempts.push((key.to_owned(), at));
        Ok(attempts.iter().filter(|(k, t)| k == key && *t >= since).count() as u32)
    }
}

impl SeatBook for InMemoryBilling {
    fn seats_of(&self, owner: UserId) -> PortResult<Vec<Seat>> {
        let owned: Vec<String> = self.charges().into_iter().filter(|c| c.user == Some(owner)).map(|c| c.id).collect();
        Ok(self.all_seats().into_iter().filter(|s| owned.contains(&s.charge_id)).collect())
    }

    fn seat(&self, id: i64) -> PortResult<Option<(Seat, Option<UserId>)>> {
        let Some(seat) = self.all_seats().into_iter().find(|s| s.id == id) else { return Ok(None) };
        let owner = self.find_charge(&seat.charge_id)?.and_then(|c| c.user);
        Ok(Some((seat, owner)))
    }

    fn invite_seat(&self, id: i64, email: &str, mail: &OutgoingMail, at: Timestamp) -> PortResult<()> {
        self.invites.lock().unwrap().push((id, email.to_owned(), at));
        self.mail.lock().unwrap().push(mail.clone());
        Ok(())
    }

    fn revoke_seat(&self, id: i64, replacement: &NewCode, at: Timestamp) -> PortResult<bool> {
        {
            let mut codes = self.codes.lock().unwrap();
            let Some((_, record)) = codes.iter_mut().find(|(_, r)| r.id == id && r.usable()) else { return Ok(false) };
            record.revoked_at = Some(at);
        }
        self.insert_codes(std::slice::from_ref(replacement), at)?;
        Ok(true)
    }
}

impl InMemoryBilling {
    fn all_seats(&self) -> Vec<Seat> {
        let invites = self.invites.lock().unwrap().clone();
        self.codes
            .lock()
            .unwrap()
            .iter()
            .filter(|(new, _)| new.kind == CodeKind::Seat)
            .map(|(new, record)| {
                let invite = invites.iter().rev().find(|(id, _, _)| *id == record.id);
                Seat {
                    id: record.id,
                    code: new.shown.clone().unwrap_or_default(),
                    charge_id: new.charge_id.clone().unwrap_or_default(),
                    invited_email: invite.map(|(_, e, _)| e.clone()),
                    invited_at: invite.map(|(_, _, at)| *at),
                    redeemed_by: record.redeemed_at.map(|_| "someone".to_owned()),
                    redeemed_at: record.redeemed_at,
                    revoked_at: record.revoked_at,
                }
            })
            .collect()
    }
}

/// Predictable charge ids.
#[derive(Default)]
pub struct CountingSecrets(AtomicU64);

impl Secrets for CountingSecrets {
    fn new_charge_id(&self) -> String {
        format!("ch_{}", self.0.fetch_add(1, Ordering::SeqCst) + 1)
    }

    fn new_code(&self) -> String {
        format!("CODE-{:04}", self.0.fetch_add(1, Ordering::SeqCst) + 1)
    }

    /// Readable in tests: the digest of `X` is `digest:X`.
    fn digest(&self, normalised_code: &str) -> String {
        format!("digest:{normalised_code}")
    }
}

/// A card provider with the test cards of the stand-in: `pm_visa` pays, `pm_declined` is
/// declined, `pm_3ds` needs 3-D Secure until `approve`d; `pm_down` finds the provider down;
/// `pm_lost` pays but its answer is lost (a timeout after the provider took the money); `pm_cut`
/// pays and then the connection is cut (the provider is `down` until a test brings it back).
pub struct FakeCards {
    pub now: Timestamp,
    approved: Mutex<Vec<String>>,
    /// Payments made, by idempotency key.
    pub payments: Mutex<Vec<OneTimePayment>>,
    pub subscriptions: Mutex<Vec<SubscriptionRequest>>,
    /// Subscriptions whose renewal was turned off.
    pub cancelled: Mutex<Vec<String>>,
    /// Subscriptions ended at once.
    pub cancelled_now: Mutex<Vec<String>>,
    /// While true, turning renewals off fails as if the provider were down.
    pub down: Mutex<bool>,
    /// Subscriptions the provider changed without telling (their events were lost).
    changed: Mutex<HashMap<String, ProviderSnapshot>>,
}

impl FakeCards {
    pub fn new(now: Timestamp) -> Self {
        FakeCards {
            now,
            approved: Mutex::default(),
            payments: Mutex::default(),
            subscriptions: Mutex::default(),
            cancelled: Mutex::default(),
            cancelled_now: Mutex::default(),
            down: Mutex::new(false),
            changed: Mutex::default(),
        }
    }

    /// The provider's subscription is in this state now, and no event said so.
    pub fn changed_silently(&self, subscription: &str, snapshot: ProviderSnapshot) {
        self.changed.lock().unwrap().insert(subscription.to_owned(), snapshot);
    }

    pub fn approve(&self, reference: &str) {
        self.approved.lock().unwrap().push(reference.to_owned());
    }

    fn trial_snapshot(&self, request: &SubscriptionRequest) -> ProviderSnapshot {
        ProviderSnapshot {
            status: if request.trial_days > 0 { SubscriptionStatus::Trialing } else { SubscriptionStatus::Active },
            current_period_end: self.now + chrono::Duration::days(i64::from(request.trial_days.max(1))),
            as_of: self.now,
        }
    }
}

impl CardPayments for FakeCards {
    fn pay_once(&self, payment: &OneTimePayment) -> Result<PaymentOutcome, GatewayUnavailable> {
        self.payments.lock().unwrap().push(payment.clone());
        let reference = format!("pi_{}", payment.idempotency_key);
        Ok(match payment.payment_method.as_str() {
            "pm_visa" | "pm_visa_copy" | "pm_other_card" => PaymentOutcome::Paid { reference },
            "pm_lost" => return Err(GatewayUnavailable("timed out".into())),
            "pm_cut" => {
                *self.down.lock().unwrap() = true;
                return Err(GatewayUnavailable("connection reset".into()));
            }
            "pm_debit" => PaymentOutcome::Processing { reference: format!("pi_debit_{}", payment.idempotency_key) },
            "pm_3ds" => PaymentOutcome::RequiresAction { client_secret: format!("{reference}_secret"), reference },
            "pm_down" => return Err(GatewayUnavailable("connection refused".into())),
            "pm_silent" => PaymentOutcome::Declined { message: None },
            _ => PaymentOutcome::Declined { message: Some("Your card was declined.".into()) },
        })
    }

    fn subscribe(&self, request: &SubscriptionRequest) -> Result<SubscriptionOutcome, GatewayUnavailable> {
        self.subscriptions.lock().unwrap().push(request.clone());
        let subscription = format!("sub_{}", request.idempotency_key);
        Ok(match request.payment_method.as_str() {
            "pm_visa" | "pm_visa_copy" | "pm_other_card" => SubscriptionOutcome::Started { subscription, snapshot: self.trial_snapshot(request) },
            "pm_lost" => return Err(GatewayUnavailable("timed out".into())),
            "pm_cut" => {
                *self.down.lock().unwrap() = true;
                return Err(GatewayUnavailable("connection reset".into()));
            }
            "pm_3ds" => SubscriptionOutcome::RequiresAction { client_secret: format!("{subscription}_secret"), subscription },
            "pm_down" => return Err(GatewayUnavailable("connection refused".into())),
            _ => SubscriptionOutcome::Declined { message: Some("Your card was declined.".into()) },
        })
    }

    fn payment(&self, reference: &str) -> Result<PaymentOutcome, GatewayUnavailable> {
        Ok(if self.approved.lock().unwrap().iter().any(|r| r == reference) {
            PaymentOutcome::Paid { reference: reference.to_owned() }
        } else if reference.starts_with("pi_debit") {
            PaymentOutcome::Processing { reference: reference.to_owned() }
        } else {
            PaymentOutcome::RequiresAction { reference: reference.to_owned(), client_secret: format!("{reference}_secret") }
        })
    }

    /// `seti_ok_*` is a completed setup of a card that pays; `seti_declined_*` of one whose retried
    /// payment is declined; anything else was never completed.
    fn start_card_setup(&self, subscription: &str) -> Result<CardSetup, GatewayUnavailable> {
        Ok(CardSetup { id: format!("seti_for_{subscription}"), client_secret: format!("seti_for_{subscription}_secret") })
    }

    fn use_new_card(&self, subscription: &str, setup: &str) -> Result<CardUpdate, GatewayUnavailable> {
        let request = self.subscriptions.lock().unwrap().iter().find(|r| format!("sub_{}", r.idempotency_key) == subscription).cloned();
        let Some(request) = request else { return Ok(CardUpdate::NotCompleted) };
        let paid = ProviderSnapshot {
            status: SubscriptionStatus::Active,
            current_period_end: self.now + chrono::Duration::days(30),
            as_of: self.now + chrono::Duration::seconds(5),
        };
        Ok(if setup.starts_with("seti_ok_") {
            CardUpdate::Updated { snapshot: paid }
        } else if setup.starts_with("seti_declined_") {
            let snapshot = ProviderSnapshot { status: SubscriptionStatus::PastDue, ..self.trial_snapshot(&request) };
            CardUpdate::PaymentDeclined { snapshot, message: Some("Your card was declined.".into()) }
        } else {
            CardUpdate::NotCompleted
        })
    }

    /// Finds payments and subscriptions by reference, or by charge id (the idempotency key).
    fn look_up_purchase(&self, lookup: &PurchaseLookup<'_>) -> Result<Option<FoundPurchase>, GatewayUnavailable> {
        if *self.down.lock().unwrap() {
            return Err(GatewayUnavailable("connection refused".into()));
        }
        if lookup.subscription {
            let request = self.subscriptions.lock().unwrap().iter().find(|r| r.idempotency_key == lookup.charge_id).cloned();
            let Some(request) = request else { return Ok(None) };
            let subscription = format!("sub_{}", request.idempotency_key);
            if let Some(snapshot) = self.changed.lock().unwrap().get(&subscription) {
                return Ok(Some(FoundPurchase::Subscription { subscription, snapshot: *snapshot }));
            }
            return Ok(match request.payment_method.as_str() {
                "pm_visa" | "pm_visa_copy" | "pm_other_card" | "pm_lost" | "pm_cut" => {
                    Some(FoundPurchase::Subscription { snapshot: self.trial_snapshot(&request), subscription })
                }
                "pm_3ds" => self.subscription(&subscription)?.map(|snapshot| FoundPurchase::Subscription { subscription, snapshot }),
                _ => None,
            });
        }
        let payment = self.payments.lock().unwrap().iter().find(|p| p.idempotency_key == lookup.charge_id).cloned();
        // `pm_down`'s request never reached the provider.
        let Some(payment) = payment.filter(|p| p.payment_method != "pm_down") else { return Ok(None) };
        let reference = format!("pi_{}", payment.idempotency_key);
        Ok(match payment.payment_method.as_str() {
            "pm_visa" | "pm_visa_copy" | "pm_other_card" | "pm_lost" | "pm_cut" => Some(FoundPurchase::Payment(PaymentOutcome::Paid { reference })),
            "pm_3ds" => Some(FoundPurchase::Payment(self.payment(&reference)?)),
            "pm_debit" => Some(FoundPurchase::Payment(self.payment(&format!("pi_debit_{}", payment.idempotency_key))?)),
            _ => Some(FoundPurchase::Payment(PaymentOutcome::Declined { message: Some("Your card was declined.".into()) })),
        })
    }

    /// `pm_visa` and `pm_visa_copy` are one card (the same fingerprint), anything else its own.
    fn card_fingerprint(&self, payment_method: &str) -> Result<Option<String>, GatewayUnavailable> {
        Ok(Some(match payment_method {
            "pm_visa" | "pm_visa_copy" => "fp_visa".to_owned(),
            other => format!("fp_{other}"),
        }))
    }
}

impl RenewingSubscriptions for FakeCards {
    fn subscription(&self, subscription: &str) -> Result<Option<ProviderSnapshot>, GatewayUnavailable> {
        let approved = self.approved.lock().unwrap().iter().any(|r| r == subscription);
        let request = self.subscriptions.lock().unwrap().iter().find(|r| format!("sub_{}", r.idempotency_key) == subscription).cloned();
        Ok(request.map(|request| {
            let mut snapshot = self.trial_snapshot(&request);
            if !approved {
                snapshot.status = SubscriptionStatus::Expired;
            }
            snapshot
        }))
    }

    fn cancel_at_period_end(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        if *self.down.lock().unwrap() {
            return Err(GatewayUnavailable("connection refused".into()));
        }
        let request = self.subscriptions.lock().unwrap().iter().find(|r| format!("sub_{}", r.idempotency_key) == subscription).cloned();
        let request = request.ok_or_else(|| GatewayUnavailable("no such subscription".into()))?;
        self.cancelled.lock().unwrap().push(subscription.to_owned());
        Ok(ProviderSnapshot { status: SubscriptionStatus::Canceled, as_of: self.now + chrono::Duration::seconds(1), ..self.trial_snapshot(&request) })
    }

    fn cancel_now(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        if *self.down.lock().unwrap() {
            return Err(GatewayUnavailable("connection refused".into()));
        }
        self.cancelled_now.lock().unwrap().push(subscription.to_owned());
        let at = self.now + chrono::Duration::seconds(1);
        Ok(ProviderSnapshot { status: SubscriptionStatus::Expired, current_period_end: at, as_of: at })
    }
}

impl PlanCatalog for InMemoryBilling {
    fn find_plan(&self, id: &str) -> PortResult<Option<Plan>> {
        Ok(self.plans.lock().unwrap().iter().find(|p| p.id == id).cloned())
    }

    fn active_plans(&self) -> PortResult<Vec<Plan>> {
        let mut plans: Vec<Plan> = self.plans.lock().unwrap().iter().filter(|p| p.active && !matches!(p.kind, PlanKind::Book { .. })).cloned().collect();
        plans.sort_by_key(|p| p.amount);
        Ok(plans)
    }
}

impl CouponBook for InMemoryBilling {
    fn find_coupon(&self, code: &str) -> PortResult<Option<Coupon>> {
        Ok(self.coupons.lock().unwrap().iter().find(|c| c.code == code).cloned())
    }

    fn site_offer(&self) -> PortResult<Option<Coupon>> {
        Ok(self.coupons.lock().unwrap().iter().find(|c| c.site_offer).cloned())
    }

    fn claim_coupon(&self, code: &str, charge_id: &str, member_key: &str, _at: Timestamp) -> PortResult<CouponClaim> {
        let mut coupons = self.coupons.lock().unwrap();
        let Some(coupon) = coupons.iter_mut().find(|c| c.code == code && c.max_redemptions.is_none_or(|max| c.redemptions < max)) else {
            return Ok(CouponClaim::UsedUp);
        };
        let mut claims = self.coupon_claims.lock().unwrap();
        if coupon.once_per_member && claims.iter().any(|(_, c, member, once)| c == code && member == member_key && *once) {
            return Ok(CouponClaim::AlreadyUsed);
        }
        coupon.redemptions += 1;
        claims.push((charge_id.to_owned(), code.to_owned(), member_key.to_owned(), coupon.once_per_member));
        Ok(CouponClaim::Claimed)
    }

    fn coupon_claimed_by(&self, code: &str, member_key: &str) -> PortResult<bool> {
        Ok(self.coupon_claims.lock().unwrap().iter().any(|(_, c, member, _)| c == code && member == member_key))
    }

    fn attempts_since(&self, key: &str, since: Timestamp) -> PortResult<u32> {
        Ok(self.attempts.lock().unwrap().iter().filter(|(k, t)| k == key && *t >= since).count() as u32)
    }
}

fn plan(id: &str, name: &str, kind: PlanKind, cents: i64) -> Plan {
    Plan { id: id.into(), name: name.into(), kind, amount: Cents(cents), paypal_plan: None, book_title: None, course: None, active: true }
}

/// monthly, yearly (3-day trials), lifetime, gift, bulk seats.
pub fn standard_plans() -> Vec<Plan> {
    vec![
        Plan {
            paypal_plan: Some("P-MONTHLY".into()),
            ..plan("monthly", "Premium Monthly", PlanKind::Subscription { interval: Interval::Month, trial_days: 3 }, 999)
        },
        Plan {
            paypal_plan: Some("P-YEARLY".into()),
            ..plan("yearly", "Premium Yearly", PlanKind::Subscription { interval: Interval::Year, trial_days: 3 }, 5999)
        },
        plan("lifetime", "Premium Lifetime", PlanKind::Lifetime, 14999),
        plan("gift", "Gift: one year of Premium", PlanKind::Gift, 4499),
        plan("bulk", "Team seat (one year)", PlanKind::Bulk, 2999),
    ]
}

/// A coupon with no limits, for `plan_ids` (empty: all).
pub fn coupon(code: &str, percent_off: u8) -> Coupon {
    Coupon::percent(code, percent_off)
}

/// PayPal as the stand-in plays it: orders and subscriptions wait until `approve`d by the buyer.
pub struct FakePayPal {
    pub now: Timestamp,
    orders: Mutex<HashMap<String, (PayPalOrderRequest, bool)>>,
    subscriptions: Mutex<HashMap<String, (PayPalSubscriptionRequest, bool)>>,
    /// Captures made (an order is captured once).
    pub captures: Mutex<Vec<String>>,
    pub cancelled: Mutex<Vec<String>>,
    /// What a capture reports taking instead of the order's amount (a provider gone wrong).
    pub capture_amount_override: Mutex<Option<Cents>>,
    /// The PayPal account that approves (`payer_id`).
    pub payer: Mutex<String>,
}

impl FakePayPal {
    pub fn new(now: Timestamp) -> Self {
        FakePayPal {
            now,
            orders: Mutex::default(),
            subscriptions: Mutex::default(),
            captures: Mutex::default(),
            cancelled: Mutex::default(),
            capture_amount_override: Mutex::default(),
            payer: Mutex::new("PAYER-1".to_owned()),
        }
    }

    /// The buyer approves an order or a subscription in PayPal's window.
    pub fn approve(&self, id: &str) {
        if let Some(order) = self.orders.lock().unwrap().get_mut(id) {
            order.1 = true;
        }
        if let Some(sub) = self.subscriptions.lock().unwrap().get_mut(id) {
            sub.1 = true;
        }
    }

    pub fn order(&self, id: &str) -> Option<PayPalOrderRequest> {
        self.orders.lock().unwrap().get(id).map(|(o, _)| o.clone())
    }

    pub fn subscription_request(&self, id: &str) -> Option<PayPalSubscriptionRequest> {
        self.subscriptions.lock().unwrap().get(id).map(|(s, _)| s.clone())
    }

    fn snapshot(&self, request: &PayPalSubscriptionRequest, status: SubscriptionStatus) -> ProviderSnapshot {
        ProviderSnapshot { status, current_period_end: self.now + chrono::Duration::days(i64::from(request.trial_days.max(1))), as_of: self.now }
    }
}

impl RenewingSubscriptions for FakePayPal {
    fn subscription(&self, subscription: &str) -> Result<Option<ProviderSnapshot>, GatewayUnavailable> {
        Ok(self.paypal_subscription(subscription)?.and_then(|s| s.snapshot))
    }

    fn cancel_at_period_end(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        let request = self.subscription_request(subscription).ok_or_else(|| GatewayUnavailable("no such subscription".into()))?;
        self.cancelled.lock().unwrap().push(subscription.to_owned());
        Ok(ProviderSnapshot { as_of: self.now + chrono::Duration::seconds(1), ..self.snapshot(&request, SubscriptionStatus::Canceled) })
    }

    fn cancel_now(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        self.subscription_request(subscription).ok_or_else(|| GatewayUnavailable("no such subscription".into()))?;
        self.cancelled.lock().unwrap().push(subscription.to_owned());
        let at = self.now + chrono::Duration::seconds(1);
        Ok(ProviderSnapshot { status: SubscriptionStatus::Expired, current_period_end: at, as_of: at })
    }
}

impl PayPalPayments for FakePayPal {
    fn create_order(&self, order: &PayPalOrderRequest) -> Result<String, GatewayUnavailable> {
        let id = format!("ORDER-{}", order.charge_id);
        self.orders.lock().unwrap().insert(id.clone(), (order.clone(), false));
        Ok(id)
    }

    fn capture_order(&self, order_id: &str) -> Result<CaptureOutcome, GatewayUnavailable> {
        let Some((order, approved)) = self.orders.lock().unwrap().get(order_id).cloned() else {
            return Ok(CaptureOutcome::Refused { message: Some("The specified resource does not exist.".into()) });
        };
        if !approved {
            return Ok(CaptureOutcome::Refused { message: Some("The buyer has not approved this order.".into()) });
        }
        let mut captures = self.captures.lock().unwrap();
        if captures.iter().any(|c| c == order_id) {
            return Ok(CaptureOutcome::Refused { message: Some("This order was captured already.".into()) });
        }
        captures.push(order_id.to_owned());
        let amount = self.capture_amount_override.lock().unwrap().unwrap_or(order.amount);
        Ok(CaptureOutcome::Captured { capture: format!("CAPTURE-{order_id}"), amount })
    }

    fn create_subscription(&self, request: &PayPalSubscriptionRequest) -> Result<String, GatewayUnavailable> {
        let id = format!("I-{}", request.charge_id);
        self.subscriptions.lock().unwrap().insert(id.clone(), (request.clone(), false));
        Ok(id)
    }

    fn paypal_subscription(&self, id: &str) -> Result<Option<PayPalSubscription>, GatewayUnavailable> {
        let Some((request, approved)) = self.subscriptions.lock().unwrap().get(id).cloned() else { return Ok(None) };
        let status = if request.trial_days > 0 { SubscriptionStatus::Trialing } else { SubscriptionStatus::Active };
        Ok(Some(PayPalSubscription {
            paypal_plan: request.paypal_plan.clone(),
            custom_id: Some(request.charge_id.clone()),
            payer_id: approved.then(|| self.payer.lock().unwrap().clone()),
            snapshot: approved.then(|| self.snapshot(&request, status)),
        }))
    }
}

/// A webhook verifier that knows events by their payload: the signature header `good` passes,
/// `stale` is too old, anything else is a bad signature.
/// PayPal's deliveries are checked "with the provider" (each check counted in `checks`).
pub struct FakeWebhooks {
    pub provider: &'static str,
    events: Mutex<HashMap<String, VerifiedEvent>>,
    pub checks: std::sync::atomic::AtomicUsize,
}

impl FakeWebhooks {
    pub fn new(provider: &'static str) -> Self {
        FakeWebhooks { provider, events: Mutex::default(), checks: std::sync::atomic::AtomicUsize::new(0) }
    }

    /// The payload that delivers `event`.
    pub fn payload_for(&self, event: VerifiedEvent) -> String {
        let payload = format!("payload-{}", event.id);
        self.events.lock().unwrap().insert(payload.clone(), event);
        payload
    }
}

impl WebhookVerifier for FakeWebhooks {
    fn provider(&self) -> &'static str {
        self.provider
    }

    fn checks_with_provider(&self) -> bool {
        self.provider == crate::gateway::PAYPAL
    }

    fn verify(&self, payload: &str, headers: &dyn WebhookHeaders) -> Result<VerifiedEvent, WebhookRejected> {
        self.checks.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        match headers.header("signature") {
            Some("good") => {}
            Some("stale") => return Err(WebhookRejected::StaleTimestamp),
            _ => return Err(WebhookRejected::BadSignature),
        }
        self.events.lock().unwrap().get(payload).cloned().ok_or(WebhookRejected::Malformed)
    }
}
