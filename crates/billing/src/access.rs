//! What a member may read comes from grants: each purchase, code or operator decision that gives
//! Premium is one grant with its own start and end, and access is their union. A new grant never
//! shortens or replaces another; ending one (a refund, a chargeback, a lapsed subscription) ends
//! only what that one gave. The plan fields the spec's answers show (`planId`, `paidDate`,
//! `endPaidDate`) are derived from the grants here, and kept with the member for the readers of
//! access (the catalogue, statistics) whenever a grant changes.
//!
//! Every grant starts when it is made (never later), so the live grants all cover "now" and their
//! union runs without a gap to the latest of their ends: the derived fields stay right as time
//! passes, with no job to move them.

use kernel::{Timestamp, UserId};

/// Where a grant comes from: what ends it, and what the account page calls it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrantSource {
    /// A purchase of the member's: lifetime, or a subscription's trial and paid periods (its end
    /// follows the subscription).
    Purchase { charge_id: String },
    /// A code the member redeemed: a gift, a team seat, a marketplace deal or an operator's code.
    Code { code_id: i64 },
    /// An operator's decision in the back office (its reason is in the audit log).
    Operator,
    /// What a member held before grants existed, carried over by the migration.
    Legacy,
}

impl GrantSource {
    pub fn kind(&self) -> &'static str {
        match self {
            GrantSource::Purchase { .. } => "purchase",
            GrantSource::Code { .. } => "code",
            GrantSource::Operator => "operator",
            GrantSource::Legacy => "legacy",
        }
    }

    /// Grants an operator's plan edit replaces (never a purchase's or a code's).
    pub fn is_operators(&self) -> bool {
        matches!(self, GrantSource::Operator | GrantSource::Legacy)
    }
}

/// Why a grant was taken back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Revocation {
    /// The money was refunded: final.
    Refund,
    /// The money was taken back by a chargeback: restored if the dispute is won.
    Dispute,
    /// An operator replaced or removed it.
    Operator,
}

impl Revocation {
    pub fn as_str(self) -> &'static str {
        match self {
            Revocation::Refund => "refund",
            Revocation::Dispute => "dispute",
            Revocation::Operator => "operator",
        }
    }

    pub fn parse(text: &str) -> Option<Revocation> {
        [Revocation::Refund, Revocation::Dispute, Revocation::Operator].into_iter().find(|r| r.as_str() == text)
    }
}

/// One grant of Premium as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessGrant {
    pub id: i64,
    pub user: UserId,
    /// The plan it gives (`lifetime`, `monthly`, `gift`...): what the account page names.
    pub plan_id: String,
    pub source: GrantSource,
    pub starts_at: Timestamp,
    /// `None`: for life.
    pub ends_at: Option<Timestamp>,
    pub revoked: Option<(Timestamp, Revocation)>,
}

impl AccessGrant {
    /// When it stops giving access: its end, or its revocation if that came first.
    pub fn effective_end(&self) -> Option<Timestamp> {
        match (self.ends_at, self.revoked) {
            (Some(end), Some((at, _))) => Some(end.min(at)),
            (None, Some((at, _))) => Some(at),
            (end, None) => end,
        }
    }

    /// Whether it gives access at `now`.
    pub fn is_live(&self, now: Timestamp) -> bool {
        self.starts_at <= now && self.effective_end().is_none_or(|end| end > now)
    }

    pub fn is_for_life(&self) -> bool {
        self.ends_at.is_none()
    }
}

/// A grant to add.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGrant {
    pub user: UserId,
    pub plan_id: String,
    pub source: GrantSource,
    pub starts_at: Timestamp,
    pub ends_at: Option<Timestamp>,
}

/// The member's plan as the spec's answers show it (`planId`, `paidDate`, `endPaidDate`; no end is
/// for life). Derived from the grants by [`MemberPlan::from_grants`], never set by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberPlan {
    pub plan_id: String,
    pub paid_date: Timestamp,
    pub end_paid_date: Option<Timestamp>,
}

impl MemberPlan {
    /// The union of the live grants: the best of them names the plan (the one that lasts longest,
    /// for life first), the earliest start is the paid date, the latest end the end of access.
    /// With no live grant, the one that ended last (so the account shows when access ended);
    /// `None` for a member who never had one.
    pub fn from_grants(grants: &[AccessGrant], now: Timestamp) -> Option<MemberPlan> {
        // For life sorts after every date: the best grant is the greatest.
        // Ties go to the newest grant (the greatest id), as in the SQL mirror.
        let reach = |g: &AccessGrant| (g.effective_end().is_none(), g.effective_end(), g.starts_at, g.id);
        let live: Vec<&AccessGrant> = grants.iter().filter(|g| g.is_live(now)).collect();
        if let Some(best) = live.iter().copied().max_by_key(|g| reach(g)) {
            let paid_date = live.iter().map(|g| g.starts_at).min().unwrap_or(best.starts_at);
            return Some(MemberPlan { plan_id: best.plan_id.clone(), paid_date, end_paid_date: best.effective_end() });
        }
        let last = grants.iter().filter(|g| g.starts_at <= now).max_by_key(|g| reach(g))?;
        Some(MemberPlan { plan_id: last.plan_id.clone(), paid_date: last.starts_at, end_paid_date: last.effective_end() })
    }

    /// Whether the plan lets the member read premium summaries at `now` (the spec's paid rule:
    /// no end, or an end still ahead).
    pub fn gives_access(&self, now: Timestamp) -> bool {
        self.end_paid_date.is_none_or(|end| end > now)
    }

    pub fn is_for_life(&self, now: Timestamp) -> bool {
        self.gives_access(now) && self.end_paid_date.is_none()
    }
}

/// Until when the member's live grants cover them (`None` inside: for life); `None` outside when
/// nothing is live. What a code's days are added after.
pub fn covered_until(grants: &[AccessGrant], now: Timestamp) -> Option<Option<Timestamp>> {
    let plan = MemberPlan::from_grants(grants, now)?;
    plan.gives_access(now).then_some(plan.end_paid_date)
}

#[cfg(test)]
mod tests;
