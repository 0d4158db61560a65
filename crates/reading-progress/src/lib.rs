//! What a member's reading adds up to: one history entry per book with a clamped position
//! (`history`), XP and the five awards (`xp`), streaks counted in the member's own calendar
//! (`streak`) and skills per category (`skills`), gathered into one `ProgressReport`.
//! Pure: no database, HTTP or clock; "now" and the member's timezone come in as arguments.

pub mod history;
pub mod report;
pub mod skills;
pub mod streak;
pub mod xp;

pub use history::{plan_save, HistoryEntry, PositionSave, SavePlan};
pub use report::ProgressReport;
pub use skills::{Skill, SKILL_TARGET};
pub use streak::{local_day, Streaks};
pub use xp::{Award, AwardState, LevelProgress, XP_PER_COMPLETION};
