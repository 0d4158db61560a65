//! One history entry per (member, book): where the member is and whether they finished it.

/// Reads within this many days make a book "trending".
pub const TRENDING_WINDOW_DAYS: i64 = 30;

/// Reads after this instant count toward a book's trending score at `now`.
pub fn trending_since(now: kernel::Timestamp) -> kernel::Timestamp {
    now - chrono::Duration::days(TRENDING_WINDOW_DAYS)
}

/// What is stored for a member and a book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryEntry {
    /// Section index, 0-based.
    pub position: u32,
    pub completed: bool,
}

/// A save as the reader sends it: any number may arrive, the book decides what is valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PositionSave {
    pub position: i64,
    pub completed: bool,
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
/// but never "un-completes" it), so XP can only be earned once per book.
pub fn plan_save(existing: Option<HistoryEntry>, save: PositionSave, section_count: usize) -> SavePlan {
    let was_completed = existing.is_some_and(|e| e.completed);
    let entry = HistoryEntry { position: clamp_position(save.position, section_count), completed: was_completed || save.completed };
    let first_completion = save.completed && !was_completed;
    SavePlan {
        entry,
        new_reader: existing.is_none(),
        first_completion,
        xp_gained: if first_completion { crate::xp::XP_PER_COMPLETION } else { 0 },
        completed_today: save.completed,
        unchanged: existing == Some(entry) && !save.completed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn save(position: i64, completed: bool) -> PositionSave {
        PositionSave { position, completed }
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
        assert_eq!(plan.entry, HistoryEntry { position: 2, completed: false });
        assert!(plan.new_reader);
        assert!(!plan.first_completion);
        assert_eq!(plan.xp_gained, 0);
        assert!(!plan.unchanged);
    }

    #[test]
    fn the_first_completion_earns_ten_xp_once() {
        let first = plan_save(Some(HistoryEntry { position: 5, completed: false }), save(6, true), 7);
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
        assert_eq!(plan.entry, HistoryEntry { position: 2, completed: true });
        assert!(plan.new_reader && plan.first_completion);
        assert_eq!(plan.xp_gained, 10);
    }

    #[test]
    fn completion_is_sticky_when_re_reading() {
        let plan = plan_save(Some(HistoryEntry { position: 6, completed: true }), save(1, false), 7);
        assert_eq!(plan.entry, HistoryEntry { position: 1, completed: true });
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
}
