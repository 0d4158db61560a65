//! The two quizzes (issue 16 §2): their questions and how answers are scored. One question at a
//! time, True or False; True counts one for the question's type, False counts nothing.
//!
//! - Intelligence quiz: 18 questions, two for each of nine types. A type's result is the member's
//!   count for it divided by the number of its questions (0, 0.5 or 1).
//! - Personality quiz: 15 questions over four colours (Red, Yellow, Green four each, Blue three).
//!   The result is the colour with the highest count; a tie goes to the colour with the higher
//!   share of its own questions answered True (Blue has one question fewer), then to the first in
//!   the order Red, Yellow, Green, Blue.

/// The intelligence types, in the order the results list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Intelligence {
    Linguistic,
    LogicalMathematical,
    Spatial,
    Musical,
    BodilyKinesthetic,
    Interpersonal,
    Intrapersonal,
    Naturalistic,
    Existential,
}

impl Intelligence {
    pub const ALL: [Intelligence; 9] = [
        Intelligence::Linguistic,
        Intelligence::LogicalMathematical,
        Intelligence::Spatial,
        Intelligence::Musical,
        Intelligence::BodilyKinesthetic,
        Intelligence::Interpersonal,
        Intelligence::Intrapersonal,
        Intelligence::Naturalistic,
        Intelligence::Existential,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Intelligence::Linguistic => "Linguistic",
            Intelligence::LogicalMathematical => "Logical-Mathematical",
            Intelligence::Spatial => "Spatial",
            Intelligence::Musical => "Musical",
            Intelligence::BodilyKinesthetic => "Bodily-Kinesthetic",
            Intelligence::Interpersonal => "Interpersonal",
            Intelligence::Intrapersonal => "Intrapersonal",
            Intelligence::Naturalistic => "Naturalistic",
            Intelligence::Existential => "Existential",
        }
    }
}

/// The personality colours, in the order ties are broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
            Colour::Green => "Green",
            Colour::Blue => "Blue",
        }
    }
}

/// The intelligence quiz, in the order it is asked (the types alternate so no two questions in a
/// row test the same one).
pub const INTELLIGENCE_QUESTIONS: [(&str, Intelligence); 18] = [
    ("I enjoy finding the exact word for what I mean.", Intelligence::Linguistic),
    ("I like working out puzzles that have one right answer.", Intelligence::LogicalMathematical),
    ("I can picture a room's layout clearly after leaving it.", Intelligence::Spatial),
    ("I notice at once when a song is played slightly off key.", Intelligence::Musical),
    ("I learn a new skill best by doing it with my hands.", Intelligence::BodilyKinesthetic),
    ("Friends often come to me to talk through their problems.", Intelligence::Interpersonal),
    ("I regularly take time alone to think about what I want from life.", Intelligence::Intrapersonal),
    ("I can tell many kinds of trees, birds or plants apart.", Intelligence::Naturalistic),
    ("I often wonder why we are here and what makes a life meaningful.", Intelligence::Existential),
    ("I would rather read a book than watch its film.", Intelligence::Linguistic),
    ("I like to see the numbers before I make a decision.", Intelligence::LogicalMathematical),
    ("I find my way easily in a city I do not know.", Intelligence::Spatial),
    ("A tune stays in my head long after I hear it once.", Intelligence::Musical),
    ("I find it hard to sit still for a long time.", Intelligence::BodilyKinesthetic),
    ("I sense how a group is feeling as soon as I walk in.", Intelligence::Interpersonal),
    ("I know my strengths and weaknesses well.", Intelligence::Intrapersonal),
    ("I feel most like myself outdoors.", Intelligence::Naturalistic),
    ("I enjoy conversations about big questions that have no final answer.", Intelligence::Existential),
];

/// The personality quiz, in the order it is asked.
pub const PERSONALITY_QUESTIONS: [(&str, Colour); 15] = [
    ("I like to take charge when a decision has to be made.", Colour::Red),
    ("I get my energy from being around people.", Colour::Yellow),
    ("I would rather keep the peace than win an argument.", Colour::Green),
    ("I check the details before I commit to anything.", Colour::Blue),
    ("I set ambitious goals and push hard to reach them.", Colour::Red),
    ("I often come up with new ideas faster than I can use them.", Colour::Yellow),
    ("People describe me as patient and dependable.", Colour::Green),
    ("I prefer a clear plan to improvising.", Colour::Blue),
    ("I say what I think, even when it is uncomfortable.", Colour::Red),
    ("I enjoy being the one who gets the group excited.", Colour::Yellow),
    ("I listen more than I talk.", Colour::Green),
    ("I would rather be right than fast.", Colour::Blue),
    ("I get impatient when things move slowly.", Colour::Red),
    ("I make friends easily wherever I go.", Colour::Yellow),
    ("I like routines that let me know what comes next.", Colour::Green),
];

/// The intelligence quiz's result: each type's share of True answers, in `Intelligence::ALL`'s
/// order. `answers` are the member's answers in the quiz's order; missing ones count as False.
pub fn score_intelligence(answers: &[bool]) -> Vec<(Intelligence, f64)> {
    Intelligence::ALL
        .iter()
        .map(|&kind| {
            let asked: Vec<usize> = INTELLIGENCE_QUESTIONS.iter().enumerate().filter(|(_, q)| q.1 == kind).map(|(i, _)| i).collect();
            let yes = asked.iter().filter(|&&i| answers.get(i).copied().unwrap_or(false)).count();
            (kind, yes as f64 / asked.len() as f64)
        })
        .collect()
}

/// The intelligence types with the highest share (all of them tie when every answer is False).
pub fn top_intelligences(scores: &[(Intelligence, f64)]) -> Vec<Intelligence> {
    let best = scores.iter().map(|s| s.1).fold(0.0_f64, f64::max);
    scores.iter().filter(|s| (s.1 - best).abs() < f64::EPSILON).map(|s| s.0).collect()
}

/// The personality quiz's counts per colour, in `Colour::ALL`'s order.
pub fn personality_counts(answers: &[bool]) -> Vec<(Colour, u32)> {
    Colour::ALL
        .iter()
        .map(|&colour| {
            let yes = PERSONALITY_QUESTIONS.iter().enumerate().filter(|(i, q)| q.1 == colour && answers.get(*i).copied().unwrap_or(false)).count();
            (colour, yes as u32)
        })
        .collect()
}

/// The personality quiz's colour: the highest count; a tie goes to the higher share of the
/// colour's own questions, then to the first in `Colour::ALL`.
pub fn personality_colour(answers: &[bool]) -> Colour {
    let questions = |colour: Colour| PERSONALITY_QUESTIONS.iter().filter(|q| q.1 == colour).count() as u32;
    let counts = personality_counts(answers);
    let mut best = counts[0];
    for &(colour, count) in &counts[1..] {
        // count / questions compared as cross products: no floating point.
        let better_count = count > best.1;
        let better_share = count == best.1 && count * questions(best.0) > best.1 * questions(colour);
        if better_count || better_share {
            best = (colour, count);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// True for the questions of `kinds`, False for the rest.
    fn intelligence_answers(kinds: &[Intelligence]) -> Vec<bool> {
        INTELLIGENCE_QUESTIONS.iter().map(|q| kinds.contains(&q.1)).collect()
    }

    #[test]
    fn each_intelligence_type_has_two_questions_and_never_two_in_a_row() {
        for kind in Intelligence::ALL {
            assert_eq!(INTELLIGENCE_QUESTIONS.iter().filter(|q| q.1 == kind).count(), 2, "{}", kind.name());
        }
        assert!(INTELLIGENCE_QUESTIONS.windows(2).all(|w| w[0].1 != w[1].1));
        let counts: Vec<usize> = Colour::ALL.iter().map(|c| PERSONALITY_QUESTIONS.iter().filter(|q| q.1 == *c).count()).collect();
        assert_eq!(counts, vec![4, 4, 4, 3]);
    }

    #[test]
    fn a_type_scores_its_true_answers_over_its_questions() {
        let mut answers = intelligence_answers(&[Intelligence::Musical]);
        // One of the two spatial questions answered True.
        let spatial = INTELLIGENCE_QUESTIONS.iter().position(|q| q.1 == Intelligence::Spatial).unwrap();
        answers[spatial] = true;
        let scores = score_intelligence(&answers);
        assert_eq!(scores.len(), 9);
        assert_eq!(scores.iter().find(|s| s.0 == Intelligence::Musical).unwrap().1, 1.0);
        assert_eq!(scores.iter().find(|s| s.0 == Intelligence::Spatial).unwrap().1, 0.5);
        assert_eq!(scores.iter().find(|s| s.0 == Intelligence::Linguistic).unwrap().1, 0.0);
        assert_eq!(top_intelligences(&scores), vec![Intelligence::Musical]);
        // Unanswered questions count as False; a tie lists every type that shares the top.
        let tied = score_intelligence(&intelligence_answers(&[Intelligence::Existential, Intelligence::Linguistic])[..17]);
        assert_eq!(top_intelligences(&tied), vec![Intelligence::Linguistic]);
        assert_eq!(top_intelligences(&score_intelligence(&[])).len(), 9);
    }

    fn personality_answers(yes: &[(Colour, usize)]) -> Vec<bool> {
        let mut seen = std::collections::BTreeMap::new();
        PERSONALITY_QUESTIONS
            .iter()
            .map(|q| {
                let n = seen.entry(q.1).or_insert(0);
                *n += 1;
                yes.iter().any(|(c, count)| *c == q.1 && *n <= *count)
            })
            .collect()
    }

    #[test]
    fn the_personality_colour_is_the_highest_count_and_ties_go_to_the_higher_share_then_the_order() {
        assert_eq!(personality_colour(&personality_answers(&[(Colour::Green, 3), (Colour::Red, 2)])), Colour::Green);
        assert_eq!(
            personality_counts(&personality_answers(&[(Colour::Green, 3), (Colour::Red, 2)])),
            vec![(Colour::Red, 2), (Colour::Yellow, 0), (Colour::Green, 3), (Colour::Blue, 0)]
        );
        // 3 of Blue's 3 beats 3 of Yellow's 4.
        assert_eq!(personality_colour(&personality_answers(&[(Colour::Yellow, 3), (Colour::Blue, 3)])), Colour::Blue);
        // Same count, same share: the first in the order.
        assert_eq!(personality_colour(&personality_answers(&[(Colour::Green, 2), (Colour::Yellow, 2)])), Colour::Yellow);
        assert_eq!(personality_colour(&[]), Colour::Red);
    }
}
