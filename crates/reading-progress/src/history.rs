//! One history entry per (member, book): where the member is and whether they finished it.

/// Reads within this many days make a book "trending".
pub const TRENDING_WINDOW_DAYS: i64 = 30;

/// Reads after this instant count toward a book's trending score at `now`.
pub fn trending_since(now: kernel::Timestamp) -> kernel::Timestamp {
    now - chrono::Duration::days(TRENDING_WINDOW_DAYS)
}

/// What is stored for a member and a book.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HistoryEntry {
    /// Section index, 0-based.
    pub position: u32,
    pub completed: bool,
    /// When the member reached `position` (see [`PositionSave::at`]); none for an entry saved
    /// before these times were kept, or only started (a video).
    pub position_at: Option<kernel::Timestamp>,
}

impl HistoryEntry {
    /// The same place and completion (whenever each was reached).
    fn same_place(&self, other: &HistoryEntry) -> bool {
        self.position == other.position && self.completed == other.completed
    }
}

/// A save as the reader sends it: any number may arrive, the book decides what is valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionSave {
    pub position: i64,
    pub completed: bool,
    /// When the member was there: the device's time for a save queued while offline (never later
    /// than the server's clock), else the server's now.
    pub at: kernel::Timestamp,
}

/// What to store and what the save earns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavePlan {
    pub entry: HistoryEntry,
    /// The member had no entry for this book: one more distinct reader (`readCount`).
    pub new_reader: bool,
    /// The first completion of this book by this member (the only one that earns XP).
    pub first_completion: bool,
    /// XP this save earns.
    pub xp_gained: u32,
    /// The member completed a summary today (counts toward the streak, even on a re-read).
    pub completed_today: bool,
    /// Nothing changes: saving the same position twice writes nothing.
    pub unchanged: bool,
}

/// Clamps `position` to the book's sections (`0..section_count`); a book always has one.
pub fn clamp_position(position: i64, section_count: usize) -> u32 {
    let last = section_count.max(1) as i64 - 1;
    position.clamp(0, last) as u32
}

/// Decides what a save does. Completion is sticky (re-reading a finished book moves its position
/// but never "un-completes" it), so XP can only be earned once per book. A save made before the
/// stored position was reached (a device that was offline sends its queue later) keeps the newer
/// position; its completion still counts.
pub fn plan_save(existing: Option<HistoryEntry>, save: PositionSave, section_count: usize) -> SavePlan {
    let was_completed = existing.is_some_and(|e| e.completed);
    let older_than_stored = existing.and_then(|e| e.position_at).is_some_and(|stored| save.at < stored);
    let (position, position_at) = match existing {
        Some(stored) if older_than_stored => (stored.position, stored.position_at),
        _ => (clamp_position(save.position, section_count), Some(save.at)),
    };
    let entry = HistoryEntry { position, completed: was_completed || save.completed, position_at };
    let first_completion = save.completed && !was_completed;
    SavePlan {
        entry,
        new_reader: existing.is_none(),
        first_completion,
        xp_gained: if first_completion { crate::xp::XP_PER_COMPLETION } else { 0 },
        completed_today: save.completed,
        // The same place again writes nothing (its time is not moved either).
        unchanged: existing.is_some_and(|stored| stored.same_place(&entry)) && !save.completed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> kernel::Timestamp {
        chrono::DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    fn save(position: i64, completed: bool) -> PositionSave {
        PositionSave { position, completed, at: at(0) }
    }

    fn entry(position: u32, completed: bool) -> HistoryEntry {
        HistoryEntry { position, completed, position_at: None }
    }

    #[test]
    fn positions_are_clamped_to_the_book() {
        assert_eq!(clamp_position(-3, 7), 0);
        assert_eq!(clamp_position(0, 7), 0);
        assert_eq!(clamp_position(6, 7), 6);
        assert_eq!(clamp_position(7, 7), 6);
        assert_eq!(clamp_position(i64::MAX, 7), 6);
        assert_eq!(clamp_position(i64::MIN, 7), 0);
        assert_eq!(clamp_position(4, 0), 0, "a book without sections still has position 0");
    }

    #[test]
    fn a_first_save_makes_a_new_reader_without_xp() {
        let plan = plan_save(None, save(2, false), 7);
        assert_eq!(plan.entry, HistoryEntry { position: 2, completed: false, position_at: Some(at(0)) });
        assert!(plan.new_reader);
        assert!(!plan.first_completion);
        assert_eq!(plan.xp_gained, 0);
        assert!(!plan.unchanged);
    }

    #[test]
    fn the_first_completion_earns_ten_xp_once() {
        let first = plan_save(Some(entry(5, false)), save(6, true), 7);
        assert!(first.first_completion);
        assert_eq!(first.xp_gained, 10);
        assert!(first.completed_today);
        assert!(!first.new_reader);

        let again = plan_save(Some(first.entry), save(6, true), 7);
        assert!(!again.first_completion);
        assert_eq!(again.xp_gained, 0);
        assert!(again.completed_today, "a re-read finished today still counts for the streak");
    }

    #[test]
    fn completing_on_the_very_first_save_counts_both() {
        let plan = plan_save(None, save(99, true), 3);
        assert_eq!(plan.entry, HistoryEntry { position: 2, completed: true, position_at: Some(at(0)) });
        assert!(plan.new_reader && plan.first_completion);
        assert_eq!(plan.xp_gained, 10);
    }

    #[test]
    fn completion_is_sticky_when_re_reading() {
        let plan = plan_save(Some(entry(6, true)), save(1, false), 7);
        assert_eq!((plan.entry.position, plan.entry.completed), (1, true));
        assert_eq!(plan.xp_gained, 0);
        assert!(!plan.completed_today);
    }

    #[test]
    fn saving_the_same_position_twice_is_idempotent() {
        let first = plan_save(None, save(3, false), 7);
        let second = plan_save(Some(first.entry), save(3, false), 7);
        assert_eq!(second.entry, first.entry);
        assert!(second.unchanged);
        assert!(!second.new_reader);
        let clamped_the_same = plan_save(Some(first.entry), save(3, false), 7);
        assert!(clamped_the_same.unchanged);
    }

    #[test]
    fn a_save_older_than_the_stored_position_keeps_the_newer_one_and_still_completes() {
        let stored = HistoryEntry { position: 5, completed: false, position_at: Some(at(100)) };
        let late = plan_save(Some(stored), PositionSave { position: 2, completed: false, at: at(50) }, 7);
        assert_eq!(late.entry, stored, "another device was further along later");
        assert!(late.unchanged);
        let late_finish = plan_save(Some(stored), PositionSave { position: 6, completed: true, at: at(50) }, 7);
        assert_eq!((late_finish.entry.position, late_finish.entry.completed), (5, true));
        assert!(late_finish.first_completion && late_finish.xp_gained == 10);
        let newer = plan_save(Some(stored), PositionSave { position: 2, completed: false, at: at(150) }, 7);
        assert_eq!(newer.entry, HistoryEntry { position: 2, completed: false, position_at: Some(at(150)) });
        let untimed = plan_save(Some(entry(5, false)), PositionSave { position: 1, completed: false, at: at(-500) }, 7);
        assert_eq!(untimed.entry.position, 1, "an entry without a time takes any save");
    }
}
