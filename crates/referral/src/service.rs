//! The referral programme's use cases, one per call, over the store at the call's instant.

use crate::affiliate::{
    decide, may_apply, to_csv, AffiliateFilter, AffiliatePage, AffiliateRecord, AffiliateStatus, Application, ApplicationForm, Payout, AFFILIATES_PAGE,
};
use crate::attribution::beneficiary;
use crate::commission::{credit, reversal, CreditStatus};
use crate::error::ReferralError;
use crate::invite::{Invite, InviteForm, INVITES_PER_DAY};
use crate::ports::{EntryKind, LedgerEntry, Reason, ReferralStore, ReferredMember};
use crate::referral_id::looks_like_a_referral_id;
use kernel::{Timestamp, UserId};

/// What `/refer-a-friend` shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferralStats {
    pub referral_id: String,
    /// The link to share (`{site}/r/{referral_id}`).
    pub link: String,
    /// Members who signed up through the link.
    pub referred: i64,
    /// Of those, members with premium now.
    pub paying: i64,
    /// Commission credited so far, net of reversals, in cents.
    pub earned_cents: i64,
    /// Of that, credits still inside the refund window.
    pub pending_cents: i64,
    /// What may be paid out: earned, out of the refund window, not paid yet.
    pub available_cents: i64,
    /// The referred members, the newest first (at most `REFERS_LISTED`).
    pub refers: Vec<Refer>,
}

/// One member the link brought, as `/refer-a-friend` lists them: nothing that names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refer {
    pub joined_at: Timestamp,
    /// They have premium now.
    pub paying: bool,
    /// What their payments earned, net of reversals, in cents.
    pub earned_cents: i64,
    /// Of that, credits still inside the refund window.
    pub pending_cents: i64,
    pub status: CreditStatus,
}

impl From<ReferredMember> for Refer {
    fn from(m: ReferredMember) -> Self {
        Refer {
            joined_at: m.joined_at,
            paying: m.paying,
            earned_cents: m.earned_cents,
            pending_cents: m.pending_cents,
            status: CreditStatus::of(m.earned_cents, m.pending_cents),
        }
    }
}

/// How many referred members `stats` lists (the newest); the counts cover them all.
pub const REFERS_LISTED: i64 = 500;

/// The result of an invite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InviteSent {
    pub friend_email: String,
    /// This was the member's first invite: it unlocked one more free summary.
    pub first_invite: bool,
}

pub struct Referrals<'s, S: ?Sized> {
    store: &'s S,
    now: Timestamp,
    /// The site's address, for links in mail (`https://gistbook.app`).
    site: String,
    /// How long a credit waits before it may be paid out: a payment refunded within it takes
    /// its credit back before anyone is paid.
    refund_window: chrono::Duration,
}

/// How long credits wait by default (`REFERRAL_REFUND_WINDOW_DAYS`).
pub const REFUND_WINDOW_DAYS: i64 = 30;

/// The affiliates export's file name.
pub const AFFILIATES_CSV: &str = "gistbook-affiliates.csv";

impl<'s, S: ReferralStore + ?Sized> Referrals<'s, S> {
    pub fn new(store: &'s S, now: Timestamp, site: &str) -> Self {
        Referrals { store, now, site: site.trim_end_matches('/').to_owned(), refund_window: chrono::Duration::days(REFUND_WINDOW_DAYS) }
    }

    /// Credits wait `refund_window` before they are available.
    pub fn with_refund_window(self, refund_window: chrono::Duration) -> Self {
        Referrals { refund_window, ..self }
    }

    /// Credits made before this are out of the refund window.
    fn matured_before(&self) -> Timestamp {
        self.now - self.refund_window
    }

    /// The member's public referral id, made on first use.
    pub fn referral_id(&self, member: UserId) -> Result<String, ReferralError> {
        if let Some(id) = self.store.referral_id_of(member)? {
            return Ok(id);
        }
        // A fresh id collides with another member's about never; a few tries make it never.
        for _ in 0..5 {
            let fresh = self.store.new_referral_id();
            if self.store.save_referral_id(member, &fresh)? {
                return Ok(fresh);
            }
            // Two calls at once for this member: the other one's id won.
            if let Some(id) = self.store.referral_id_of(member)? {
                return Ok(id);
            }
        }
        Err(ReferralError::Internal("could not make a referral id".into()))
    }

    /// The link a member shares.
    pub fn link(&self, referral_id: &str) -> String {
        format!("{}/r/{referral_id}", self.site)
    }

    /// `/refer-a-friend`'s figures and the members the link brought.
    pub fn stats(&self, member: UserId) -> Result<ReferralStats, ReferralError> {
        let referral_id = self.referral_id(member)?;
        let (referred, paying) = self.store.referred_counts(member, self.now)?;
        let commission = self.store.commission(member, self.matured_before())?;
        Ok(ReferralStats {
            link: self.link(&referral_id),
            referral_id,
            referred,
            paying,
            earned_cents: commission.earned_cents,
            pending_cents: commission.pending_cents,
            available_cents: commission.available_cents(),
            refers: self.store.referred_members(member, self.now, self.matured_before(), REFERS_LISTED)?.into_iter().map(Refer::from).collect(),
        })
    }

    /// A new member who arrived through `/r/{id}`: the id's owner referred them. An unknown,
    /// malformed or own id is ignored (a sign-up never fails over a link), and a member is
    /// referred once. Whether a referrer was recorded.
    pub fn attribute(&self, member: UserId, referral_id: Option<&str>) -> Result<bool, ReferralError> {
        let Some(id) = referral_id.map(str::trim).filter(|id| looks_like_a_referral_id(id)) else { return Ok(false) };
        match self.store.owner_of(id)? {
            Some(referrer) if referrer != member => Ok(self.store.set_referrer(member, referrer, self.now)?),
            _ => Ok(false),
        }
    }

    /// Attributes the referral links accounts were made through, as sign-up kept them with the
    /// account: `member`'s right after its sign-up, or every one left (the ledger job's pass, after
    /// a process died between sign-up and this step). Each is attributed as `attribute` does (never
    /// oneself, the first referrer stays) and then settled; a crash between the two only repeats
    /// an attribution, which changes nothing. Answers how many members were attributed.
    pub fn settle_sign_up_referrals(&self, member: Option<UserId>) -> Result<usize, ReferralError> {
        let mut attributed = 0;
        for (joined, referral_id) in self.store.unsettled_sign_up_referrals(member, SETTLE_BATCH)? {
            if self.attribute(joined, Some(&referral_id))? {
                attributed += 1;
            }
            self.store.settle_sign_up_referral(joined)?;
        }
        Ok(attributed)
    }

    /// Invites a friend by e-mail with the member's link; the first invite unlocks one more free
    /// summary. Not oneself, not an existing member, at most `INVITES_PER_DAY` a day.
    pub fn invite(&self, member: UserId, form: &InviteForm<'_>) -> Result<InviteSent, ReferralError> {
        let invite = Invite::check(form)?;
        let own_email = self.store.email_of(member)?.ok_or(ReferralError::MemberNotFound)?;
        if invite.friend_email.as_str() == own_email {
            return Err(ReferralError::InvitingYourself);
        }
        let since = self.now - chrono::Duration::days(1);
        if self.store.record_and_count(&format!("invite:member:{}", member.0), self.now, since)? > INVITES_PER_DAY {
            return Err(ReferralError::TooManyInvites);
        }
        if self.store.is_member(invite.friend_email.as_str())? {
            return Err(ReferralError::AlreadyAMember);
        }
        let link = self.link(&self.referral_id(member)?);
        let first_invite = self.store.save_invite(member, invite.friend_email.as_str(), &invite.mail(&link), self.now)?;
        Ok(InviteSent { friend_email: invite.friend_email.as_str().to_owned(), first_invite })
    }
}

/// Payments settled per pass of the ledger job.
pub const SETTLE_BATCH: i64 = 500;

impl<'s, S: ReferralStore + ?Sized> Referrals<'s, S> {
    /// Brings the ledger up to date with billing: credits each payment to whoever it earns for
    /// (`attribution`: a referrer 25%, an affiliate 10% of Premium), reverses the credit of each
    /// refunded or charged-back one exactly, reverses a credit still in its refund window that
    /// turns out to be the payer's own (a guest purchase through one's own link, attached to the
    /// account afterwards), and gives back what a won dispute's chargeback reversed. Idempotent
    /// (one entry of each kind per payment), so a crash or a second run credits nothing twice.
    /// (entries credited, entries reversed).
    pub fn settle_commissions(&self) -> Result<(usize, usize), ReferralError> {
        let mut credited = 0;
        for payment in self.store.unsettled_payments(SETTLE_BATCH)? {
            let entry = beneficiary(&payment).map(|(beneficiary, rate)| LedgerEntry {
                beneficiary,
                kind: EntryKind::Credit,
                charge_id: payment.charge_id.clone(),
                amount_cents: credit(payment.paid_cents, rate),
                reason: None,
            });
            credited += usize::from(self.store.settle(&payment.charge_id, entry.as_ref(), self.now)?);
        }
        let mut reversed = 0;
        for refund in self.store.unreversed_refunds(SETTLE_BATCH)? {
            let amount_cents = reversal(refund.credited_cents, refund.paid_cents, refund.paid_cents);
            let reason = if refund.chargeback { Reason::Chargeback } else { Reason::Refund };
            let entry =
                LedgerEntry { beneficiary: refund.beneficiary, kind: EntryKind::Reversal, charge_id: refund.charge_id, amount_cents, reason: Some(reason) };
            reversed += usize::from(self.store.append(&entry, self.now)?);
        }
        for (payment, credit) in self.store.pending_credits(self.matured_before(), SETTLE_BATCH)? {
            let own = [&payment.link_owner, &payment.referrer].into_iter().flatten().any(|p| p.member == credit.beneficiary && p.is_the_payer(&payment))
                || payment.payer == Some(credit.beneficiary);
            if own {
                let entry = LedgerEntry { kind: EntryKind::Reversal, amount_cents: -credit.amount_cents, reason: Some(Reason::OwnPayment), ..credit };
                reversed += usize::from(self.store.append(&entry, self.now)?);
            }
        }
        for reversal in self.store.reinstatable(SETTLE_BATCH)? {
            let entry = LedgerEntry { kind: EntryKind::Reinstatement, amount_cents: -reversal.amount_cents, reason: None, ..reversal };
            credited += usize::from(self.store.append(&entry, self.now)?);
        }
        Ok((credited, reversed))
    }
}

/// What an affiliate sees of their application and money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AffiliateAccount {
    pub record: AffiliateRecord,
    /// Their link, once approved.
    pub link: Option<String>,
}

impl<'s, S: ReferralStore + ?Sized> Referrals<'s, S> {
    /// The member's affiliate application and figures, if they applied.
    pub fn affiliate_account(&self, member: UserId) -> Result<Option<AffiliateAccount>, ReferralError> {
        let Some(record) = self.store.affiliate(member, self.matured_before())? else { return Ok(None) };
        let link = match record.status {
            AffiliateStatus::Approved => Some(self.link(&self.referral_id(member)?)),
            AffiliateStatus::Pending | AffiliateStatus::Rejected => None,
        };
        Ok(Some(AffiliateAccount { record, link }))
    }

    /// Applies to the affiliate programme: once, or again after a rejection; pending review.
    pub fn apply_as_affiliate(&self, member: UserId, form: &ApplicationForm<'_>) -> Result<AffiliateAccount, ReferralError> {
        let application = Application::check(form)?;
        may_apply(self.store.affiliate(member, self.matured_before())?.map(|a| a.status))?;
        self.store.save_application(member, &application, self.now)?;
        self.affiliate_account(member)?.ok_or(ReferralError::AffiliateNotFound)
    }

    /// An operator approves or rejects an affiliate.
    pub fn decide_affiliate(&self, operator: UserId, member: UserId, decision: AffiliateStatus) -> Result<AffiliateRecord, ReferralError> {
        let current = self.store.affiliate(member, self.matured_before())?.ok_or(ReferralError::AffiliateNotFound)?;
        if decide(current.status, decision)? {
            self.store.set_affiliate_status(member, decision, operator, self.now)?;
        }
        self.store.affiliate(member, self.matured_before())?.ok_or(ReferralError::AffiliateNotFound)
    }

    /// An operator records money paid to an approved affiliate: above zero and at most the
    /// balance, checked with the affiliate locked so that two payouts at once cannot overdraw.
    pub fn record_payout(&self, operator: UserId, member: UserId, amount_cents: Option<i64>, note: Option<&str>) -> Result<AffiliateRecord, ReferralError> {
        self.store.atomically(&mut || {
            let affiliate = self.store.lock_affiliate(member, self.matured_before())?.ok_or(ReferralError::AffiliateNotFound)?;
            let payout = Payout::check(&affiliate, amount_cents, note)?;
            Ok(self.store.append_payout(member, payout.amount_cents, &payout.note, operator, self.now)?)
        })?;
        self.store.affiliate(member, self.matured_before())?.ok_or(ReferralError::AffiliateNotFound)
    }

    /// A page of affiliates for the back office.
    pub fn affiliates(&self, filter: AffiliateFilter, start: i64) -> Result<AffiliatePage, ReferralError> {
        Ok(self.store.affiliates_page(filter, start.max(0), AFFILIATES_PAGE, self.matured_before())?)
    }

    /// Every affiliate as CSV (their payout addresses and money), the download recorded under
    /// `operator`.
    pub fn affiliates_csv(&self, operator: UserId) -> Result<String, ReferralError> {
        let csv = to_csv(&self.store.all_affiliates(self.matured_before())?);
        self.store.note_export(operator, AFFILIATES_CSV, self.now)?;
        Ok(csv)
    }
}

#[cfg(test)]
mod tests;
