//! When a private feed looks shared: its episodes fetched from more distinct addresses or podcast
//! apps in a day than one member's devices account for. A household's phone, laptop and car use
//! a few of each; a feed posted on a forum, hundreds.

use crate::model::DaySpread;
use chrono::NaiveDate;

/// Distinct places per day above which a feed counts as shared (configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SharingLimits {
    pub addresses: u32,
    pub user_agents: u32,
}

impl Default for SharingLimits {
    fn default() -> Self {
        SharingLimits { addresses: 10, user_agents: 8 }
    }
}

/// What a download that crossed the limits does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharingAction {
    /// Within the limits, or already dealt with today.
    Nothing,
    /// The first time: the member is told by e-mail.
    Warn,
    /// Again: the address is replaced (the old one stops) and the member is told.
    Rotate,
}

/// Decides what a download does, given the day's spread after it, the feed's earlier warnings and
/// the day it was last flagged (a feed is flagged once a day at most).
pub fn judge(spread: DaySpread, limits: SharingLimits, warnings: u32, flagged_on: Option<NaiveDate>, today: NaiveDate) -> SharingAction {
    let over = spread.addresses > limits.addresses || spread.user_agents > limits.user_agents;
    if !over || flagged_on == Some(today) {
        return SharingAction::Nothing;
    }
    if warnings == 0 {
        SharingAction::Warn
    } else {
        SharingAction::Rotate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(n: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, n).unwrap()
    }

    fn spread(addresses: u32, user_agents: u32) -> DaySpread {
        DaySpread { addresses, user_agents }
    }

    #[test]
    fn a_members_own_devices_never_count_as_sharing() {
        let limits = SharingLimits::default();
        assert_eq!(judge(spread(10, 8), limits, 0, None, day(1)), SharingAction::Nothing);
        assert_eq!(judge(spread(3, 2), limits, 5, None, day(1)), SharingAction::Nothing);
    }

    #[test]
    fn too_many_places_warn_first_then_rotate_once_a_day_at_most() {
        let limits = SharingLimits { addresses: 3, user_agents: 2 };
        assert_eq!(judge(spread(4, 1), limits, 0, None, day(1)), SharingAction::Warn);
        assert_eq!(judge(spread(1, 3), limits, 0, None, day(1)), SharingAction::Warn, "podcast apps count too");
        assert_eq!(judge(spread(9, 9), limits, 1, Some(day(1)), day(1)), SharingAction::Nothing, "once a day");
        assert_eq!(judge(spread(4, 1), limits, 1, Some(day(1)), day(2)), SharingAction::Rotate);
    }
}
