//! The referral programme's use cases, one per call, over the store at the call's instant.

use crate::error::ReferralError;
use crate::invite::{Invite, InviteForm, INVITES_PER_DAY};
use crate::commission::{credit, reversal, REFERRER_RATE};
use crate::ports::{EntryKind, LedgerEntry, ReferralStore};
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
    /// Commission credited so far, in cents.
    pub earned_cents: i64,
}

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
}

impl<'s, S: ReferralStore + ?Sized> Referrals<'s, S> {
    pub fn new(store: &'s S, now: Timestamp, site: &str) -> Self {
        Referrals { store, now, site: site.trim_end_matches('/').to_owned() }
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

    /// `/refer-a-friend`'s figures.
    pub fn stats(&self, member: UserId) -> Result<ReferralStats, ReferralError> {
        let referral_id = self.referral_id(member)?;
        let (referred, paying) = self.store.referred_counts(member, self.now)?;
        let earned_cents = self.store.credited_cents(member)?;
        Ok(ReferralStats { link: self.link(&referral_id), referral_id, referred, paying, earned_cents })
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
    /// Brings the ledger up to date with billing: credits each referred member's payment to their
    /// referrer (25%) and reverses the credit of each refunded one, exactly. Idempotent (one
    /// entry of each kind per payment), so a crash or a second run credits nothing twice.
    /// (entries credited, entries reversed).
    pub fn settle_commissions(&self) -> Result<(usize, usize), ReferralError> {
        let mut credited = 0;
        for payment in self.store.uncredited_payments(SETTLE_BATCH)? {
            let amount_cents = credit(payment.paid_cents, REFERRER_RATE);
            let entry = LedgerEntry { beneficiary: payment.referrer, kind: EntryKind::Credit, charge_id: payment.charge_id, amount_cents };
            credited += usize::from(self.store.append(&entry, self.now)?);
        }
        let mut reversed = 0;
        for refund in self.store.unreversed_refunds(SETTLE_BATCH)? {
            let amount_cents = reversal(refund.credited_cents, refund.paid_cents, refund.paid_cents);
            let entry = LedgerEntry { beneficiary: refund.beneficiary, kind: EntryKind::Reversal, charge_id: refund.charge_id, amount_cents };
            reversed += usize::from(self.store.append(&entry, self.now)?);
        }
        Ok((credited, reversed))
    }
}

#[cfg(test)]
mod tests;
