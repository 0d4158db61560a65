//! What a member's reading adds up to: one history entry per book with a clamped position
//! (`history`), XP and the five awards (`xp`), streaks counted in the member's own calendar
//! (`streak`), skills per category (`skills`), ratings (`rating`), gathered into one
//! `ProgressReport`; and the use cases over them (`service`, one per call) with their ports.
//! Pure: no database, HTTP or clock; "now" comes in when a `Progress` is made for a call.

pub mod error;
pub mod history;
pub mod ports;
pub mod rating;
pub mod report;
pub mod service;
pub mod skills;
pub mod streak;
pub mod xp;

#[cfg(any(test, feature = "test-support"))]
pub mod fakes;

pub use error::ProgressError;
pub use history::{plan_save, HistoryEntry, PositionSave, SavePlan};
pub use ports::{ProgressFacts, ProgressStore};
pub use rating::{Rating, Stars, FEEDBACK_LIMIT};
pub use report::ProgressReport;
pub use service::{member_today, Progress};
pub use skills::{Skill, SKILL_TARGET};
pub use streak::{local_day, Streaks};
pub use xp::{Award, AwardState, LevelProgress, XP_PER_COMPLETION};
