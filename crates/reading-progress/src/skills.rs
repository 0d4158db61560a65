//! Skills: each category is a skill, completed by finishing ten of its summaries.

/// Completions that complete a skill.
pub const SKILL_TARGET: u32 = 10;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skill {
    pub name: String,
    /// Completed summaries in this category (may pass the target).
    pub completed: u32,
    /// `completed` capped at the target, for "n of 10".
    pub toward_target: u32,
    pub acquired: bool,
}

impl Skill {
    pub fn new(name: impl Into<String>, completed: u32) -> Skill {
        Skill { name: name.into(), completed, toward_target: completed.min(SKILL_TARGET), acquired: completed >= SKILL_TARGET }
    }
}

/// Skills from per-category completion counts: acquired ones first, then the closest to their
/// target, then by name, so the page leads with what the member has achieved.
pub fn skills(counts: impl IntoIterator<Item = (String, u32)>) -> Vec<Skill> {
    let mut skills: Vec<Skill> = counts.into_iter().filter(|(_, n)| *n > 0).map(|(name, n)| Skill::new(name, n)).collect();
    skills.sort_by(|a, b| b.toward_target.cmp(&a.toward_target).then_with(|| a.name.cmp(&b.name)));
    skills
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_completions_acquire_a_skill() {
        assert!(!Skill::new("Philosophy", 9).acquired);
        assert!(Skill::new("Philosophy", 10).acquired);
        let many = Skill::new("Philosophy", 14);
        assert!(many.acquired);
        assert_eq!((many.completed, many.toward_target), (14, 10));
    }

    #[test]
    fn skills_are_ordered_by_progress_and_skip_empty_categories() {
        let list = skills([("Economics".to_owned(), 3), ("Philosophy".to_owned(), 12), ("History".to_owned(), 0), ("Business".to_owned(), 3)]);
        let names: Vec<_> = list.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Philosophy", "Business", "Economics"]);
        assert!(list[0].acquired);
    }
}
