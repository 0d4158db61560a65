//! In-memory ports for unit tests without a database.

use crate::ports::*;
use kernel::{OutgoingMail, Timestamp, UserId};
use std::cell::RefCell;

/// A member: (id, e-mail, premium until: None = free, Some(None) = lifetime).
type Member = (UserId, String, Option<Option<Timestamp>>);

#[derive(Default)]
pub struct InMemoryReferrals {
    members: RefCell<Vec<Member>>,
    ids: RefCell<Vec<(UserId, String)>>,
    /// Ids `new_referral_id` hands out, in order (then "id-1", "id-2"...).
    pub next_ids: RefCell<Vec<String>>,
    made: RefCell<u32>,
    referrers: RefCell<Vec<(UserId, UserId, Timestamp)>>,
    /// (beneficiary, cents).
    pub ledger: RefCell<Vec<(UserId, i64)>>,
    /// Entries appended by the ledger job.
    pub entries: RefCell<Vec<LedgerEntry>>,
    /// Charges: (id, payer, cents, refunded).
    pub charges: RefCell<Vec<(String, UserId, i64, bool)>>,
    attempts: RefCell<Vec<(String, Timestamp)>>,
    friend_emails: RefCell<Vec<(UserId, String)>>,
    pub mail: RefCell<Vec<OutgoingMail>>,
}

impl InMemoryReferrals {
    pub fn add_member(&self, id: i64, email: &str) -> UserId {
        self.members.borrow_mut().push((UserId(id), email.to_owned(), None));
        UserId(id)
    }

    pub fn make_premium(&self, member: UserId, until: Option<Timestamp>) {
        if let Some(m) = self.members.borrow_mut().iter_mut().find(|m| m.0 == member) {
            m.2 = Some(until);
        }
    }

    pub fn referrer_of(&self, member: UserId) -> Option<UserId> {
        self.referrers.borrow().iter().find(|r| r.0 == member).map(|r| r.1)
    }

    pub fn friend_email_of(&self, member: UserId) -> Option<String> {
        self.friend_emails.borrow().iter().find(|f| f.0 == member).map(|f| f.1.clone())
    }
}

impl ReferralIds for InMemoryReferrals {
    fn new_referral_id(&self) -> String {
        let mut next = self.next_ids.borrow_mut();
        if !next.is_empty() {
            return next.remove(0);
        }
        *self.made.borrow_mut() += 1;
        format!("id-{}", self.made.borrow())
    }

    fn referral_id_of(&self, member: UserId) -> PortResult<Option<String>> {
        Ok(self.ids.borrow().iter().find(|i| i.0 == member).map(|i| i.1.clone()))
    }

    fn save_referral_id(&self, member: UserId, id: &str) -> PortResult<bool> {
        let mut ids = self.ids.borrow_mut();
        if ids.iter().any(|i| i.0 == member || i.1 == id) {
            return Ok(false);
        }
        ids.push((member, id.to_owned()));
        Ok(true)
    }

    fn owner_of(&self, id: &str) -> PortResult<Option<UserId>> {
        Ok(self.ids.borrow().iter().find(|i| i.1 == id).map(|i| i.0))
    }
}

impl Referred for InMemoryReferrals {
    fn set_referrer(&self, member: UserId, referrer: UserId, at: Timestamp) -> PortResult<bool> {
        if self.referrer_of(member).is_some() {
            return Ok(false);
        }
        self.referrers.borrow_mut().push((member, referrer, at));
        Ok(true)
    }

    fn referred_counts(&self, referrer: UserId, now: Timestamp) -> PortResult<(i64, i64)> {
        let referred: Vec<UserId> = self.referrers.borrow().iter().filter(|r| r.1 == referrer).map(|r| r.0).collect();
        let members = self.members.borrow();
        let paying = referred
            .iter()
            .filter(|id| members.iter().any(|m| m.0 == **id && m.2.is_some_and(|until| until.is_none_or(|end| end > now))))
            .count();
        Ok((referred.len() as i64, paying as i64))
    }

    fn credited_cents(&self, member: UserId) -> PortResult<i64> {
        Ok(self.ledger.borrow().iter().filter(|e| e.0 == member).map(|e| e.1).sum())
    }
}

impl Invitations for InMemoryReferrals {
    fn email_of(&self, member: UserId) -> PortResult<Option<String>> {
        Ok(self.members.borrow().iter().find(|m| m.0 == member).map(|m| m.1.clone()))
    }

    fn is_member(&self, email: &str) -> PortResult<bool> {
        Ok(self.members.borrow().iter().any(|m| m.1 == email))
    }

    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        let mut attempts = self.attempts.borrow_mut();
        attempts.push((key.to_owned(), at));
        Ok(attempts.iter().filter(|(k, t)| k == key && *t >= since).count() as u32)
    }

    fn save_invite(&self, member: UserId, friend_email: &str, mail: &OutgoingMail, _at: Timestamp) -> PortResult<bool> {
        self.mail.borrow_mut().push(mail.clone());
        if self.friend_email_of(member).is_some() {
            return Ok(false);
        }
        self.friend_emails.borrow_mut().push((member, friend_email.to_owned()));
        Ok(true)
    }
}

impl CommissionLedger for InMemoryReferrals {
    fn uncredited_payments(&self, limit: i64) -> PortResult<Vec<UncreditedPayment>> {
        let entries = self.entries.borrow();
        Ok(self
            .charges
            .borrow()
            .iter()
            .filter(|c| !entries.iter().any(|e| e.charge_id == c.0 && e.kind == EntryKind::Credit))
            .filter_map(|c| self.referrer_of(c.1).map(|referrer| UncreditedPayment { charge_id: c.0.clone(), referrer, paid_cents: c.2 }))
            .take(limit as usize)
            .collect())
    }

    fn unreversed_refunds(&self, limit: i64) -> PortResult<Vec<UnreversedRefund>> {
        let entries = self.entries.borrow();
        let mut found = Vec::new();
        for (id, _, paid, refunded) in self.charges.borrow().iter() {
            let credit = entries.iter().find(|e| e.charge_id == *id && e.kind == EntryKind::Credit);
            let reversed = entries.iter().any(|e| e.charge_id == *id && e.kind == EntryKind::Reversal);
            if let (true, Some(credit), false) = (*refunded, credit, reversed) {
                found.push(UnreversedRefund { charge_id: id.clone(), beneficiary: credit.beneficiary, credited_cents: credit.amount_cents, paid_cents: *paid });
            }
        }
        Ok(found.into_iter().take(limit as usize).collect())
    }

    fn append(&self, entry: &LedgerEntry, _at: Timestamp) -> PortResult<bool> {
        let mut entries = self.entries.borrow_mut();
        if entries.iter().any(|e| e.charge_id == entry.charge_id && e.kind == entry.kind) {
            return Ok(false);
        }
        entries.push(entry.clone());
        self.ledger.borrow_mut().push((entry.beneficiary, entry.amount_cents));
        Ok(true)
    }
}
