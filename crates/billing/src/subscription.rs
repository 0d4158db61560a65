//! A subscription's life as the payment provider reports it. Providers send events late, twice or
//! out of order, so the state is never "what the last event said": each event carries the
//! provider's object as of a moment (`ProviderSnapshot::as_of`), and only a snapshot newer than the
//! one applied changes anything. Access (the member's `endPaidDate`) follows from the state.

use kernel::Timestamp;

/// `Canceled` is a subscription whose renewal is off: it still gives access until its period
/// ends. `Expired` has ended (the provider cancelled it for good, or retries of a failed renewal
/// ran out): it gives nothing more and never comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SubscriptionStatus {
    Trialing,
    Active,
    PastDue,
    Canceled,
    Expired,
}

impl SubscriptionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionStatus::Trialing => "trialing",
            SubscriptionStatus::Active => "active",
            SubscriptionStatus::PastDue => "past_due",
            SubscriptionStatus::Canceled => "canceled",
            SubscriptionStatus::Expired => "expired",
        }
    }

    pub fn parse(text: &str) -> Option<SubscriptionStatus> {
        [Self::Trialing, Self::Active, Self::PastDue, Self::Canceled, Self::Expired].into_iter().find(|s| s.as_str() == text)
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
        SubscriptionState { status: snapshot.status, current_period_end: snapshot.current_period_end, as_of: snapshot.as_of }
    }

    /// Applies a snapshot when it is newer than the state. Two snapshots of the same moment are
    /// ordered by how far along the life they are (a renewal and a cancel in the same second: the
    /// cancel wins). An expired subscription stays expired.
    pub fn apply(&self, snapshot: ProviderSnapshot) -> Transition {
        if self.status == SubscriptionStatus::Expired {
            return Transition::Ignored;
        }
        let newer = snapshot.as_of > self.as_of || (snapshot.as_of == self.as_of && snapshot.status > self.status);
        if !newer {
            return Transition::Ignored;
        }
        // A period never moves back: a late "past due" keeps the period an earlier renewal paid.
        let current_period_end =
            if snapshot.status == SubscriptionStatus::Expired { snapshot.current_period_end } else { snapshot.current_period_end.max(self.current_period_end) };
        Transition::Applied(SubscriptionState { status: snapshot.status, current_period_end, as_of: snapshot.as_of })
    }

    /// Until when the member may read premium summaries: the end of the period paid for (or of
    /// the trial), whatever the renewal does; an expired subscription gave access until it ended.
    pub fn access_until(&self) -> Timestamp {
        match self.status {
            SubscriptionStatus::Expired => self.current_period_end.min(self.as_of),
            _ => self.current_period_end,
        }
    }

    /// Whether turning off auto-renewal still means something.
    pub fn renews(&self) -> bool {
        matches!(self.status, SubscriptionStatus::Trialing | SubscriptionStatus::Active | SubscriptionStatus::PastDue)
    }
}
