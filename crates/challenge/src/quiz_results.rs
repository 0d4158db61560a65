//! A quiz's results as the pages keep them: counts per type (True answers), checked against the
//! quiz, scored and ranked. The answers themselves stay in the browser.

use crate::error::ChallengeError;
use crate::quiz::{Colour, Intelligence, INTELLIGENCE_QUESTIONS, PERSONALITY_QUESTIONS};
use crate::quiz_texts::{colour_text, intelligence_text, TypeText};
use std::collections::BTreeMap;

/// Which quiz: its slug is its page (`/quiz`, `/personality-quiz`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuizKind {
    Intelligence,
    Personality,
}

/// One type of a quiz (an intelligence or a colour) with its question count and words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuizType {
    pub name: &'static str,
    pub questions: u32,
    pub text: TypeText,
}

impl QuizKind {
    pub fn from_slug(slug: &str) -> Option<QuizKind> {
        match slug {
            "quiz" => Some(QuizKind::Intelligence),
            "personality-quiz" => Some(QuizKind::Personality),
            _ => None,
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            QuizKind::Intelligence => "quiz",
            QuizKind::Personality => "personality-quiz",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            QuizKind::Intelligence => "Intelligence Quiz",
            QuizKind::Personality => "Personality Quiz",
        }
    }

    /// The plan that sells the full report (seeded, admin-priced).
    pub fn report_plan_id(self) -> &'static str {
        match self {
            QuizKind::Intelligence => "quiz-results",
            QuizKind::Personality => "personality-quiz-results",
        }
    }

    /// The report's file name.
    pub fn report_file_name(self) -> &'static str {
        match self {
            QuizKind::Intelligence => "intelligence-report.pdf",
            QuizKind::Personality => "personality-report.pdf",
        }
    }

    /// The questions in the order they are asked, with their type's name.
    pub fn questions(self) -> Vec<(&'static str, &'static str)> {
        match self {
            QuizKind::Intelligence => INTELLIGENCE_QUESTIONS.iter().map(|(text, kind)| (*text, kind.name())).collect(),
            QuizKind::Personality => PERSONALITY_QUESTIONS.iter().map(|(text, colour)| (*text, colour.name())).collect(),
        }
    }

    /// Every type in result order (the personality colours in their tie-break order).
    pub fn types(self) -> Vec<QuizType> {
        match self {
            QuizKind::Intelligence => Intelligence::ALL
                .iter()
                .map(|&kind| QuizType {
                    name: kind.name(),
                    questions: INTELLIGENCE_QUESTIONS.iter().filter(|q| q.1 == kind).count() as u32,
                    text: intelligence_text(kind),
                })
                .collect(),
            QuizKind::Personality => Colour::ALL
                .iter()
                .map(|&colour| QuizType {
                    name: colour.name(),
                    questions: PERSONALITY_QUESTIONS.iter().filter(|q| q.1 == colour).count() as u32,
                    text: colour_text(colour),
                })
                .collect(),
        }
    }
}

/// Counts checked against their quiz: every type present (missing ones are 0), none above its
/// number of questions, no unknown type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    kind: QuizKind,
    by_type: BTreeMap<String, u32>,
}

/// One type's result.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeScore {
    pub kind: QuizType,
    pub count: u32,
    /// count / questions, 0 to 1.
    pub score: f64,
}

impl Counts {
    pub fn parse(kind: QuizKind, counts: &BTreeMap<String, u32>) -> Result<Counts, ChallengeError> {
        let types = kind.types();
        if counts.keys().any(|name| !types.iter().any(|t| t.name == name)) {
            return Err(ChallengeError::AnswersDoNotMatch);
        }
        let mut by_type = BTreeMap::new();
        for t in &types {
            let count = counts.get(t.name).copied().unwrap_or(0);
            if count > t.questions {
                return Err(ChallengeError::AnswersDoNotMatch);
            }
            by_type.insert(t.name.to_owned(), count);
        }
        Ok(Counts { kind, by_type })
    }

    pub fn kind(&self) -> QuizKind {
        self.kind
    }

    pub fn as_map(&self) -> &BTreeMap<String, u32> {
        &self.by_type
    }

    /// Every type's result in the quiz's result order.
    pub fn scores(&self) -> Vec<TypeScore> {
        self.kind
            .types()
            .into_iter()
            .map(|kind| {
                let count = self.by_type.get(kind.name).copied().unwrap_or(0);
                TypeScore { kind, count, score: f64::from(count) / f64::from(kind.questions) }
            })
            .collect()
    }

    /// Every type, highest score first (ties keep the quiz's order).
    pub fn ranked(&self) -> Vec<TypeScore> {
        let mut scores = self.scores();
        // count / questions compared as cross products: no floating point.
        scores.sort_by(|a, b| (u64::from(b.count) * u64::from(a.kind.questions)).cmp(&(u64::from(a.count) * u64::from(b.kind.questions))));
        scores
    }

    /// The free view's result. Intelligence: every type sharing the highest score. Personality:
    /// one colour, the highest count; a tie goes to the higher share of the colour's own
    /// questions, then to the first in the order Red, Yellow, Green, Blue.
    pub fn top(&self) -> Vec<TypeScore> {
        let scores = self.scores();
        match self.kind {
            QuizKind::Intelligence => {
                let best = scores.iter().map(|s| s.score).fold(0.0_f64, f64::max);
                scores.into_iter().filter(|s| (s.score - best).abs() < f64::EPSILON).collect()
            }
            QuizKind::Personality => {
                let mut best = scores[0].clone();
                for candidate in &scores[1..] {
                    let better_count = candidate.count > best.count;
                    let better_share = candidate.count == best.count && candidate.count * best.kind.questions > best.count * candidate.kind.questions;
                    if better_count || better_share {
                        best = candidate.clone();
                    }
                }
                vec![best]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(kind: QuizKind, pairs: &[(&str, u32)]) -> Result<Counts, ChallengeError> {
        Counts::parse(kind, &pairs.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect())
    }

    #[test]
    fn counts_must_match_the_quiz() {
        assert_eq!(counts(QuizKind::Intelligence, &[("Red", 1)]).unwrap_err(), ChallengeError::AnswersDoNotMatch);
        assert_eq!(counts(QuizKind::Intelligence, &[("Musical", 3)]).unwrap_err(), ChallengeError::AnswersDoNotMatch);
        assert_eq!(counts(QuizKind::Personality, &[("Blue", 4)]).unwrap_err(), ChallengeError::AnswersDoNotMatch);
        let ok = counts(QuizKind::Personality, &[("Green", 4), ("Blue", 3)]).unwrap();
        // Missing types count 0.
        assert_eq!(ok.as_map().get("Red"), Some(&0));
        assert_eq!(ok.as_map().len(), 4);
        assert_eq!(counts(QuizKind::Intelligence, &[]).unwrap().as_map().len(), 9);
    }

    #[test]
    fn intelligence_scores_are_shares_and_the_top_lists_every_tie() {
        let c = counts(QuizKind::Intelligence, &[("Musical", 2), ("Spatial", 1), ("Existential", 2)]).unwrap();
        let scores = c.scores();
        assert_eq!(scores.iter().find(|s| s.kind.name == "Spatial").unwrap().score, 0.5);
        let top: Vec<&str> = c.top().iter().map(|s| s.kind.name).collect();
        assert_eq!(top, vec!["Musical", "Existential"]);
        let ranked: Vec<&str> = c.ranked().iter().take(3).map(|s| s.kind.name).collect();
        assert_eq!(ranked, vec!["Musical", "Existential", "Spatial"]);
        assert_eq!(counts(QuizKind::Intelligence, &[]).unwrap().top().len(), 9);
    }

    #[test]
    fn a_personality_tie_goes_to_the_higher_share_then_to_the_first_colour() {
        let top = |pairs: &[(&str, u32)]| counts(QuizKind::Personality, pairs).unwrap().top()[0].kind.name;
        assert_eq!(top(&[("Red", 2), ("Green", 3)]), "Green");
        // Blue has three questions: 3 of 3 beats Yellow's 3 of 4.
        assert_eq!(top(&[("Yellow", 3), ("Blue", 3)]), "Blue");
        // Same count and same share: Red comes before Green.
        assert_eq!(top(&[("Green", 2), ("Red", 2)]), "Red");
        assert_eq!(top(&[]), "Red");
        let ranked: Vec<&str> = counts(QuizKind::Personality, &[("Yellow", 3), ("Blue", 3)]).unwrap().ranked().iter().take(2).map(|s| s.kind.name).collect();
        assert_eq!(ranked, vec!["Blue", "Yellow"]);
    }

    #[test]
    fn the_questions_name_their_types_and_each_type_has_words_and_categories() {
        for kind in [QuizKind::Intelligence, QuizKind::Personality] {
            let types = kind.types();
            for (_, name) in kind.questions() {
                assert!(types.iter().any(|t| t.name == name));
            }
            assert_eq!(types.iter().map(|t| t.questions).sum::<u32>() as usize, kind.questions().len());
            assert!(types.iter().all(|t| !t.text.summary.is_empty() && t.text.description.contains("\n\n") && !t.text.categories.is_empty()));
            assert_eq!(QuizKind::from_slug(kind.slug()), Some(kind));
        }
        assert_eq!(QuizKind::from_slug("other"), None);
    }
}
