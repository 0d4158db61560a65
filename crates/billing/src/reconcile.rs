//! Reconciliation: what the providers say about every charge and subscription, held against what
//! we recorded (charges, subscription states, grants, the members' plan fields). Each difference
//! is a `Problem`; the repairs that are safe to make without a person (a payment the provider
//! took but we never recorded, a subscription event we missed, a plan field that drifted) are
//! made when asked, and the report says which.

use kernel::{Timestamp, UserId};

/// An initiated charge the provider has no paid payment for is dropped after this long: no
/// request to the provider lasts it (the clients time out after 20 s), so the payment was never
/// made or was refused.
pub const ABANDONED_AFTER_MINUTES: i64 = 60;

/// How many charges (and members) one page of the check reads.
pub const PAGE: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// The provider took the money; we had not recorded it as paid (the answer was lost).
    PaidButNotRecorded,
    /// The provider named a payment we still had as initiated (waiting for the buyer or the money).
    ReferenceMissing,
    /// An initiated charge the provider never took money for, dropped.
    Abandoned,
    /// We record a payment as paid that the provider does not (or does not know).
    PaidHereOnly,
    /// Our state of a subscription is not the provider's (an event missed or not yet come).
    SubscriptionDiffers,
    /// The provider does not know a subscription we record.
    SubscriptionUnknown,
    /// A member's paid purchase without its grant.
    GrantMissing,
    /// A refunded or disputed purchase whose grant still runs.
    GrantOfTakenBackCharge,
    /// The member's stored plan fields are not what their grants give.
    PlanFieldsDiffer,
    /// The provider could not be asked (down, or not configured here).
    Unchecked,
}

impl ProblemKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProblemKind::PaidButNotRecorded => "paid_but_not_recorded",
            ProblemKind::ReferenceMissing => "reference_missing",
            ProblemKind::Abandoned => "abandoned",
            ProblemKind::PaidHereOnly => "paid_here_only",
            ProblemKind::SubscriptionDiffers => "subscription_differs",
            ProblemKind::SubscriptionUnknown => "subscription_unknown",
            ProblemKind::GrantMissing => "grant_missing",
            ProblemKind::GrantOfTakenBackCharge => "grant_of_taken_back_charge",
            ProblemKind::PlanFieldsDiffer => "plan_fields_differ",
            ProblemKind::Unchecked => "unchecked",
        }
    }

    pub const ALL: [ProblemKind; 10] = [
        ProblemKind::PaidButNotRecorded,
        ProblemKind::ReferenceMissing,
        ProblemKind::Abandoned,
        ProblemKind::PaidHereOnly,
        ProblemKind::SubscriptionDiffers,
        ProblemKind::SubscriptionUnknown,
        ProblemKind::GrantMissing,
        ProblemKind::GrantOfTakenBackCharge,
        ProblemKind::PlanFieldsDiffer,
        ProblemKind::Unchecked,
    ];

    pub fn parse(text: &str) -> Option<ProblemKind> {
        Self::ALL.into_iter().find(|k| k.as_str() == text)
    }

    /// Housekeeping rather than a difference: dropping a charge that never came to anything.
    pub fn is_housekeeping(self) -> bool {
        self == ProblemKind::Abandoned
    }
}

/// One difference, in words an operator can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub charge_id: Option<String>,
    pub user: Option<UserId>,
    pub detail: String,
    /// Repaired by this run.
    pub fixed: bool,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.kind.as_str())?;
        if let Some(charge) = &self.charge_id {
            write!(f, " charge {charge}")?;
        }
        if let Some(user) = self.user {
            write!(f, " member {}", user.0)?;
        }
        write!(f, ": {}", self.detail)?;
        if self.fixed {
            write!(f, " (fixed)")?;
        }
        Ok(())
    }
}

/// What one run found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReconcileReport {
    pub finished_at: Timestamp,
    pub charges_checked: u32,
    pub members_checked: u32,
    pub problems: Vec<Problem>,
}

impl ReconcileReport {
    /// Differences this run did not repair (what makes `cargo xtask reconcile` fail).
    pub fn unresolved(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| !p.fixed)
    }

    /// Differences, fixed or not (dropping abandoned charges is not one).
    pub fn differences(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| !p.kind.is_housekeeping())
    }
}
