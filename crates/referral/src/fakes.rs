//! In-memory ports for unit tests without a database.

use crate::affiliate::{AffiliateFilter, AffiliatePage, AffiliateRecord, AffiliateStatus, Application};
use crate::attribution::Promoter;
use crate::error::ReferralError;
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
    /// (beneficiary, cents, when).
    pub ledger: RefCell<Vec<(UserId, i64, Timestamp)>>,
    /// Entries appended by the ledger job.
    pub entries: RefCell<Vec<LedgerEntry>>,
    pub charges: RefCell<Vec<FakeCharge>>,
    settled: RefCell<Vec<String>>,
    affiliates: RefCell<Vec<FakeAffiliate>>,
    /// Payouts: (affiliate, cents, note, by).
    pub payouts: RefCell<Vec<(UserId, i64, String, UserId)>>,
    /// Exports downloaded: (by, file).
    pub exports: RefCell<Vec<(UserId, String)>>,
    attempts: RefCell<Vec<(String, Timestamp)>>,
    friend_emails: RefCell<Vec<(UserId, String)>>,
    pub mail: RefCell<Vec<OutgoingMail>>,
    /// Referral links named at sign-up and not settled yet: (member, link id).
    pub sign_up_referrals: RefCell<Vec<(UserId, String)>>,
}

/// A payment as billing stored it.
#[derive(Debug, Clone)]
pub struct FakeCharge {
    pub id: String,
    pub payer: Option<UserId>,
    pub cents: i64,
    pub refunded: bool,
    /// Charged back (and not won back).
    pub disputed: bool,
    pub premium: bool,
    /// The checkout's referral id.
    pub link: Option<String>,
    /// The checkout's address and card.
    pub email: Option<String>,
    pub card: Option<String>,
}

impl FakeCharge {
    /// A Premium purchase by `payer`, through no link.
    pub fn premium(id: &str, payer: UserId, cents: i64) -> Self {
        FakeCharge { id: id.to_owned(), payer: Some(payer), cents, refunded: false, disputed: false, premium: true, link: None, email: None, card: None }
    }
}

#[derive(Debug, Clone)]
struct FakeAffiliate {
    member: UserId,
    application: Application,
    status: AffiliateStatus,
    applied_at: Timestamp,
    decided_at: Option<Timestamp>,
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
    fn unsettled_sign_up_referrals(&self, member: Option<UserId>, limit: i64) -> PortResult<Vec<(UserId, String)>> {
        let pending = self.sign_up_referrals.borrow();
        Ok(pending.iter().filter(|(joined, _)| member.is_none_or(|m| m == *joined)).take(limit as usize).cloned().collect())
    }

    fn settle_sign_up_referral(&self, member: UserId) -> PortResult<()> {
        self.sign_up_referrals.borrow_mut().retain(|(joined, _)| *joined != member);
        Ok(())
    }

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
        let paying = referred.iter().filter(|id| members.iter().any(|m| m.0 == **id && m.2.is_some_and(|until| until.is_none_or(|end| end > now)))).count();
        Ok((referred.len() as i64, paying as i64))
    }

    fn commission(&self, member: UserId, matured_before: Timestamp) -> PortResult<Commission> {
        let entries = self.entries.borrow();
        let reversed = |charge: &str| entries.iter().any(|e| e.charge_id == charge && e.kind == EntryKind::Reversal);
        let pending_cents = entries
            .iter()
            .zip(self.ledger.borrow().iter())
            .filter(|(e, (_, _, at))| e.beneficiary == member && e.kind == EntryKind::Credit && *at > matured_before && !reversed(&e.charge_id))
            .map(|(e, _)| e.amount_cents)
            .sum();
        let earned_cents = self.ledger.borrow().iter().filter(|e| e.0 == member).map(|e| e.1).sum();
        let paid_out_cents = self.payouts.borrow().iter().filter(|p| p.0 == member).map(|p| p.1).sum();
        Ok(Commission { earned_cents, pending_cents, paid_out_cents })
    }

    /// Here a member joins when they are referred (sign-up and attribution are one moment).
    fn referred_members(&self, referrer: UserId, now: Timestamp, matured_before: Timestamp, limit: i64) -> PortResult<Vec<ReferredMember>> {
        let (entries, ledger, charges) = (self.entries.borrow(), self.ledger.borrow(), self.charges.borrow());
        let reversed = |charge: &str| entries.iter().any(|e| e.charge_id == charge && e.kind == EntryKind::Reversal);
        let paid_by = |charge: &str, member: UserId| charges.iter().any(|c| c.id == charge && c.payer == Some(member));
        let mut referred: Vec<(UserId, Timestamp)> = self.referrers.borrow().iter().filter(|r| r.1 == referrer).map(|r| (r.0, r.2)).collect();
        referred.sort_by_key(|(member, at)| std::cmp::Reverse((*at, *member)));
        let members = self.members.borrow();
        Ok(referred
            .into_iter()
            .take(limit.max(0) as usize)
            .map(|(member, joined_at)| {
                let theirs: Vec<(&LedgerEntry, Timestamp)> = entries
                    .iter()
                    .zip(ledger.iter())
                    .filter(|(e, _)| e.beneficiary == referrer && paid_by(&e.charge_id, member))
                    .map(|(e, l)| (e, l.2))
                    .collect();
                ReferredMember {
                    joined_at,
                    paying: members.iter().any(|m| m.0 == member && m.2.is_some_and(|until| until.is_none_or(|end| end > now))),
                    earned_cents: theirs.iter().map(|(e, _)| e.amount_cents).sum(),
                    pending_cents: theirs
                        .iter()
                        .filter(|(e, at)| e.kind == EntryKind::Credit && *at > matured_before && !reversed(&e.charge_id))
                        .map(|(e, _)| e.amount_cents)
                        .sum(),
                }
            })
            .collect())
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

impl InMemoryReferrals {
    fn promoter(&self, member: UserId) -> Promoter {
        let affiliate = self.affiliates.borrow().iter().any(|a| a.member == member && a.status == AffiliateStatus::Approved);
        let email = self.email_of(member).ok().flatten().unwrap_or_default();
        let cards = self.charges.borrow().iter().filter(|c| c.payer == Some(member)).filter_map(|c| c.card.clone()).collect();
        Promoter { member, affiliate, email, cards }
    }

    fn facts(&self, c: &FakeCharge) -> PaymentFacts {
        PaymentFacts {
            charge_id: c.id.clone(),
            paid_cents: c.cents,
            plan_kind: if c.premium { "lifetime" } else { "book" }.to_owned(),
            payer: c.payer,
            payer_email: c.email.clone(),
            payer_card: c.card.clone(),
            link_owner: c.link.as_deref().and_then(|id| self.owner_of(id).ok().flatten()).map(|owner| self.promoter(owner)),
            referrer: c.payer.and_then(|p| self.referrer_of(p)).map(|r| self.promoter(r)),
        }
    }

    fn record(&self, a: &FakeAffiliate, matured_before: Timestamp) -> AffiliateRecord {
        let commission = self.commission(a.member, matured_before).unwrap_or_default();
        AffiliateRecord {
            member: a.member,
            account_email: self.email_of(a.member).ok().flatten().unwrap_or_default(),
            name: a.application.name.clone(),
            email: a.application.email.as_str().to_owned(),
            audience: a.application.audience.clone(),
            status: a.status,
            applied_at: a.applied_at,
            decided_at: a.decided_at,
            referred: self.referrers.borrow().iter().filter(|r| r.1 == a.member).count() as i64,
            earned_cents: commission.earned_cents,
            pending_cents: commission.pending_cents,
            paid_out_cents: commission.paid_out_cents,
        }
    }
}

impl CommissionLedger for InMemoryReferrals {
    fn unsettled_payments(&self, limit: i64) -> PortResult<Vec<PaymentFacts>> {
        let settled = self.settled.borrow();
        Ok(self
            .charges
            .borrow()
            .iter()
            .filter(|c| !settled.contains(&c.id))
            .map(|c| self.facts(c))
            .filter(|p| p.link_owner.is_some() || p.referrer.is_some())
            .take(limit as usize)
            .collect())
    }

    fn settle(&self, charge_id: &str, credit: Option<&LedgerEntry>, at: Timestamp) -> PortResult<bool> {
        let added = match credit {
            Some(entry) => self.append(entry, at)?,
            None => false,
        };
        self.settled.borrow_mut().push(charge_id.to_owned());
        Ok(added)
    }

    fn unreversed_refunds(&self, limit: i64) -> PortResult<Vec<UnreversedRefund>> {
        let entries = self.entries.borrow();
        let mut found = Vec::new();
        for charge in self.charges.borrow().iter() {
            let credit = entries.iter().find(|e| e.charge_id == charge.id && e.kind == EntryKind::Credit);
            let reversed = entries.iter().any(|e| e.charge_id == charge.id && e.kind == EntryKind::Reversal);
            if let (true, Some(credit), false) = (charge.refunded || charge.disputed, credit, reversed) {
                found.push(UnreversedRefund {
                    charge_id: charge.id.clone(),
                    beneficiary: credit.beneficiary,
                    credited_cents: credit.amount_cents,
                    paid_cents: charge.cents,
                    chargeback: charge.disputed && !charge.refunded,
                });
            }
        }
        Ok(found.into_iter().take(limit as usize).collect())
    }

    fn pending_credits(&self, matured_before: Timestamp, limit: i64) -> PortResult<Vec<(PaymentFacts, LedgerEntry)>> {
        let entries = self.entries.borrow();
        let ledger = self.ledger.borrow();
        let mut found = Vec::new();
        for (entry, (_, _, at)) in entries.iter().zip(ledger.iter()) {
            let reversed = entries.iter().any(|e| e.charge_id == entry.charge_id && e.kind == EntryKind::Reversal);
            if entry.kind != EntryKind::Credit || *at <= matured_before || reversed {
                continue;
            }
            if let Some(charge) = self.charges.borrow().iter().find(|c| c.id == entry.charge_id) {
                found.push((self.facts(charge), entry.clone()));
            }
        }
        Ok(found.into_iter().take(limit as usize).collect())
    }

    fn reinstatable(&self, limit: i64) -> PortResult<Vec<LedgerEntry>> {
        let entries = self.entries.borrow();
        let charges = self.charges.borrow();
        Ok(entries
            .iter()
            .filter(|e| e.kind == EntryKind::Reversal && e.reason == Some(Reason::Chargeback))
            .filter(|e| charges.iter().any(|c| c.id == e.charge_id && !c.disputed && !c.refunded))
            .filter(|e| !entries.iter().any(|x| x.charge_id == e.charge_id && x.kind == EntryKind::Reinstatement))
            .take(limit as usize)
            .cloned()
            .collect())
    }

    fn append(&self, entry: &LedgerEntry, at: Timestamp) -> PortResult<bool> {
        let mut entries = self.entries.borrow_mut();
        if entries.iter().any(|e| e.charge_id == entry.charge_id && e.kind == entry.kind) {
            return Ok(false);
        }
        entries.push(entry.clone());
        self.ledger.borrow_mut().push((entry.beneficiary, entry.amount_cents, at));
        Ok(true)
    }
}

impl Affiliates for InMemoryReferrals {
    fn affiliate(&self, member: UserId, matured_before: Timestamp) -> PortResult<Option<AffiliateRecord>> {
        Ok(self.affiliates.borrow().iter().find(|a| a.member == member).map(|a| self.record(a, matured_before)))
    }

    fn lock_affiliate(&self, member: UserId, matured_before: Timestamp) -> PortResult<Option<AffiliateRecord>> {
        self.affiliate(member, matured_before)
    }

    fn save_application(&self, member: UserId, application: &Application, at: Timestamp) -> PortResult<()> {
        let mut affiliates = self.affiliates.borrow_mut();
        affiliates.retain(|a| a.member != member);
        affiliates.push(FakeAffiliate { member, application: application.clone(), status: AffiliateStatus::Pending, applied_at: at, decided_at: None });
        Ok(())
    }

    fn set_affiliate_status(&self, member: UserId, status: AffiliateStatus, _by: UserId, at: Timestamp) -> PortResult<()> {
        if let Some(a) = self.affiliates.borrow_mut().iter_mut().find(|a| a.member == member) {
            a.status = status;
            a.decided_at = Some(at);
        }
        Ok(())
    }

    fn affiliates_page(&self, filter: AffiliateFilter, start: i64, limit: i64, matured_before: Timestamp) -> PortResult<AffiliatePage> {
        let all = self.all_affiliates(matured_before)?;
        let pending = all.iter().filter(|a| a.status == AffiliateStatus::Pending).count() as i64;
        let listed: Vec<AffiliateRecord> = all.into_iter().filter(|a| filter == AffiliateFilter::All || filter == AffiliateFilter::Only(a.status)).collect();
        let total = listed.len() as i64;
        Ok(AffiliatePage { affiliates: listed.into_iter().skip(start as usize).take(limit as usize).collect(), total, pending })
    }

    fn all_affiliates(&self, matured_before: Timestamp) -> PortResult<Vec<AffiliateRecord>> {
        let mut all: Vec<AffiliateRecord> = self.affiliates.borrow().iter().map(|a| self.record(a, matured_before)).collect();
        all.sort_by_key(|a| (a.status != AffiliateStatus::Pending, std::cmp::Reverse(a.applied_at)));
        Ok(all)
    }

    fn append_payout(&self, member: UserId, amount_cents: i64, note: &str, by: UserId, _at: Timestamp) -> PortResult<()> {
        self.payouts.borrow_mut().push((member, amount_cents, note.to_owned(), by));
        Ok(())
    }

    fn note_export(&self, by: UserId, file: &str, _at: Timestamp) -> PortResult<()> {
        self.exports.borrow_mut().push((by, file.to_owned()));
        Ok(())
    }

    fn atomically(&self, work: &mut dyn FnMut() -> Result<(), ReferralError>) -> Result<(), ReferralError> {
        // Single-threaded fakes: nothing to isolate; a failed step has written nothing yet.
        work()
    }
}
