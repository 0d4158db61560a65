//! A subscription's life as the payment provider reports it. Providers send events late, twice or
//! out of order, so the state is never "what the last event said": each event carries the
//! provider's object as of a moment (`ProviderSnapshot::as_of`), and only a snapshot newer than the
//! one applied changes anything. Access (the end of the subscription's grant) follows from the
//! state: only the paying states give it.
//!
//! The providers' states map onto ours (the adapters do it; `docs/billing.md` has the table):
//! Stripe `incomplete` and PayPal `APPROVAL_PENDING`/`APPROVED` are `Incomplete`; `trialing`;
//! `active`/`ACTIVE`; `past_due`; `unpaid`; `paused`/`SUSPENDED`; a renewal turned off
//! (`cancel_at_period_end`) is `Canceled`; `canceled`/`CANCELLED`/`EXPIRED` are `Expired`;
//! `incomplete_expired` is `IncompleteExpired`.

use kernel::Timestamp;

/// How long a subscription whose renewal failed (`past_due`) keeps its access while the provider
/// retries the card: a week from the failure (the member is mailed at once and can update the
/// card), never past the period the provider shows.
pub const PAST_DUE_GRACE_DAYS: i64 = 7;

/// `Canceled` is a subscription whose renewal is off: it still gives access until its period
/// ends. `Expired` has ended (the provider cancelled it for good, or retries of a failed renewal
/// ran out): it gives nothing more and never comes back. The order is the order of a life: of two
/// snapshots of the same moment, the later state wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SubscriptionStatus {
    /// Made, but its first payment (or the card's authentication) is not done: no access.
    Incomplete,
    Trialing,
    Active,
    /// A renewal failed and the provider retries: access through the grace period.
    PastDue,
    /// Retries ran out and the provider keeps the subscription unpaid: no access.
    Unpaid,
    /// Paused by the provider (a trial that ended without a way to pay, PayPal's SUSPENDED): no
    /// access until it resumes.
    Paused,
    Canceled,
    /// The first payment never came: ended, no access was ever given.
    IncompleteExpired,
    Expired,
}

impl SubscriptionStatus {
    pub const ALL: [SubscriptionStatus; 9] = [
        SubscriptionStatus::Incomplete,
        SubscriptionStatus::Trialing,
        SubscriptionStatus::Active,
        SubscriptionStatus::PastDue,
        SubscriptionStatus::Unpaid,
        SubscriptionStatus::Paused,
        SubscriptionStatus::Canceled,
        SubscriptionStatus::IncompleteExpired,
        SubscriptionStatus::Expired,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionStatus::Incomplete => "incomplete",
            SubscriptionStatus::Trialing => "trialing",
            SubscriptionStatus::Active => "active",
            SubscriptionStatus::PastDue => "past_due",
            SubscriptionStatus::Unpaid => "unpaid",
            SubscriptionStatus::Paused => "paused",
            SubscriptionStatus::Canceled => "canceled",
            SubscriptionStatus::IncompleteExpired => "incomplete_expired",
            SubscriptionStatus::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Option<SubscriptionStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// States it never leaves.
    pub fn is_final(self) -> bool {
        matches!(self, SubscriptionStatus::Expired | SubscriptionStatus::IncompleteExpired)
    }

    /// States in which the provider will charge the member again.
    pub fn renews(self) -> bool {
        matches!(self, SubscriptionStatus::Trialing | SubscriptionStatus::Active | SubscriptionStatus::PastDue)
    }
}

/// The provider's subscription object as one event shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProviderSnapshot {
    pub status: SubscriptionStatus,
    /// The end of the period paid for (or of the trial).
    pub current_period_end: Timestamp,
    /// When the provider produced this state (the event's creation time).
    pub as_of: Timestamp,
}

/// What we keep of a subscription.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubscriptionState {
    pub status: SubscriptionStatus,
    pub current_period_end: Timestamp,
    pub as_of: Timestamp,
    /// When its renewal first failed, while it is past due or unpaid: the grace period counts from
    /// here, however often the provider retries.
    pub past_due_since: Option<Timestamp>,
}

/// The outcome of offering a snapshot to a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transition {
    /// The snapshot is newer: this is the state now.
    Applied(SubscriptionState),
    /// Older than (or the same as) what was applied, or after the end: nothing changes.
    Ignored,
}

impl SubscriptionState {
    pub fn from_snapshot(snapshot: ProviderSnapshot) -> SubscriptionState {
        let past_due_since = matches!(snapshot.status, SubscriptionStatus::PastDue | SubscriptionStatus::Unpaid).then_some(snapshot.as_of);
        SubscriptionState { status: snapshot.status, current_period_end: snapshot.current_period_end, as_of: snapshot.as_of, past_due_since }
    }

    /// Applies a snapshot when it is newer than the state. Two snapshots of the same moment are
    /// ordered by how far along the life they are (a renewal and a cancel in the same second: the
    /// cancel wins). A final state stays.
    pub fn apply(&self, snapshot: ProviderSnapshot) -> Transition {
        if self.status.is_final() {
            return Transition::Ignored;
        }
        let newer = snapshot.as_of > self.as_of || (snapshot.as_of == self.as_of && snapshot.status > self.status);
        if !newer {
            return Transition::Ignored;
        }
        // A period never moves back: a late "past due" keeps the period an earlier renewal paid.
        let current_period_end =
            if snapshot.status.is_final() { snapshot.current_period_end } else { snapshot.current_period_end.max(self.current_period_end) };
        let past_due_since = match snapshot.status {
            SubscriptionStatus::PastDue | SubscriptionStatus::Unpaid => Some(self.past_due_since.unwrap_or(snapshot.as_of)),
            // Ended while unpaid: access stopped when the grace did.
            SubscriptionStatus::Expired => self.past_due_since,
            _ => None,
        };
        Transition::Applied(SubscriptionState { status: snapshot.status, current_period_end, as_of: snapshot.as_of, past_due_since })
    }

    /// Until when the member may read premium summaries through this subscription: the end of the
    /// period paid for (or of the trial) while it is paid or its renewal is merely off; the grace
    /// period while a renewal is retried; and no further than the moment it stopped being paid for
    /// the states that give nothing (incomplete, unpaid, paused, ended).
    pub fn access_until(&self) -> Timestamp {
        let grace_end = |since: Timestamp| (since + chrono::Duration::days(PAST_DUE_GRACE_DAYS)).min(self.current_period_end);
        match self.status {
            SubscriptionStatus::Trialing | SubscriptionStatus::Active | SubscriptionStatus::Canceled => self.current_period_end,
            SubscriptionStatus::PastDue => grace_end(self.past_due_since.unwrap_or(self.as_of)),
            SubscriptionStatus::Unpaid => self.past_due_since.map_or(self.as_of, grace_end).min(self.as_of),
            SubscriptionStatus::Incomplete | SubscriptionStatus::IncompleteExpired | SubscriptionStatus::Paused => self.as_of.min(self.current_period_end),
            SubscriptionStatus::Expired => {
                let ended = self.current_period_end.min(self.as_of);
                self.past_due_since.map_or(ended, |since| grace_end(since).min(ended))
            }
        }
    }

    /// Whether the provider will charge again ("Turn off auto-renewal" still means something).
    pub fn renews(&self) -> bool {
        self.status.renews()
    }
}
