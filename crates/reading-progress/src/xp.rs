//! Experience points and the five awards.

/// XP for the first completion of a summary.
pub const XP_PER_COMPLETION: u32 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Award {
    Starter,
    Trailblazer,
    Champ,
    Genius,
    Scholar,
}

impl Award {
    pub const ALL: [Award; 5] = [Award::Starter, Award::Trailblazer, Award::Champ, Award::Genius, Award::Scholar];

    pub fn name(self) -> &'static str {
        match self {
            Award::Starter => "Starter",
            Award::Trailblazer => "Trailblazer",
            Award::Champ => "Champ",
            Award::Genius => "Genius",
            Award::Scholar => "Scholar",
        }
    }

    /// The XP at which it is earned.
    pub fn threshold(self) -> u32 {
        match self {
            Award::Starter => 50,
            Award::Trailblazer => 100,
            Award::Champ => 500,
            Award::Genius => 1000,
            Award::Scholar => 5000,
        }
    }
}

/// XP earned by `completed` distinct summaries.
pub fn xp_for_completions(completed: u32) -> u32 {
    completed.saturating_mul(XP_PER_COMPLETION)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AwardState {
    pub award: Award,
    pub earned: bool,
}

/// All five awards in order, each earned or not.
pub fn awards(xp: u32) -> [AwardState; 5] {
    Award::ALL.map(|award| AwardState { award, earned: xp >= award.threshold() })
}

/// Where the member stands between the award they hold and the next one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelProgress {
    /// The highest award earned, if any.
    pub current: Option<Award>,
    /// The next award, or none once Scholar is earned.
    pub next: Option<Award>,
    /// XP still needed for the next award (0 at the top).
    pub xp_to_next: u32,
    /// Share of the way from the current award's threshold (or 0) to the next one, 0 to 100.
    pub percent: u32,
}

pub fn level_progress(xp: u32) -> LevelProgress {
    let current = Award::ALL.into_iter().rev().find(|a| xp >= a.threshold());
    let next = Award::ALL.into_iter().find(|a| xp < a.threshold());
    let Some(next) = next else { return LevelProgress { current, next: None, xp_to_next: 0, percent: 100 } };
    let floor = current.map_or(0, Award::threshold);
    let span = next.threshold() - floor;
    LevelProgress { current, next: Some(next), xp_to_next: next.threshold() - xp, percent: (xp - floor) * 100 / span }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_completion_is_worth_ten() {
        assert_eq!(xp_for_completions(0), 0);
        assert_eq!(xp_for_completions(7), 70);
        assert_eq!(xp_for_completions(u32::MAX), u32::MAX, "saturates instead of wrapping");
    }

    #[test]
    fn awards_are_earned_at_their_thresholds() {
        let earned = |xp| awards(xp).iter().filter(|a| a.earned).map(|a| a.award.name()).collect::<Vec<_>>();
        assert!(earned(0).is_empty());
        assert!(earned(49).is_empty());
        assert_eq!(earned(50), ["Starter"]);
        assert_eq!(earned(99), ["Starter"]);
        assert_eq!(earned(100), ["Starter", "Trailblazer"]);
        assert_eq!(earned(500), ["Starter", "Trailblazer", "Champ"]);
        assert_eq!(earned(1000), ["Starter", "Trailblazer", "Champ", "Genius"]);
        assert_eq!(earned(4990), ["Starter", "Trailblazer", "Champ", "Genius"]);
        assert_eq!(earned(5000), ["Starter", "Trailblazer", "Champ", "Genius", "Scholar"]);
        assert_eq!(Award::ALL.map(Award::threshold), [50, 100, 500, 1000, 5000]);
    }

    #[test]
    fn level_progress_runs_from_one_award_to_the_next() {
        assert_eq!(level_progress(0), LevelProgress { current: None, next: Some(Award::Starter), xp_to_next: 50, percent: 0 });
        assert_eq!(level_progress(10), LevelProgress { current: None, next: Some(Award::Starter), xp_to_next: 40, percent: 20 });
        assert_eq!(level_progress(50), LevelProgress { current: Some(Award::Starter), next: Some(Award::Trailblazer), xp_to_next: 50, percent: 0 });
        assert_eq!(level_progress(80), LevelProgress { current: Some(Award::Starter), next: Some(Award::Trailblazer), xp_to_next: 20, percent: 60 });
        assert_eq!(level_progress(300), LevelProgress { current: Some(Award::Trailblazer), next: Some(Award::Champ), xp_to_next: 200, percent: 50 });
        assert_eq!(level_progress(4999).next, Some(Award::Scholar));
        assert_eq!(level_progress(4999).percent, 99);
        assert_eq!(level_progress(5000), LevelProgress { current: Some(Award::Scholar), next: None, xp_to_next: 0, percent: 100 });
        assert_eq!(level_progress(90_000).percent, 100);
    }
}
