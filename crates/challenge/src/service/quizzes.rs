//! The quizzes' use cases: the questions, scoring (kept for members), and the paid full report.

use crate::error::ChallengeError;
use crate::plan::BookFacts;
use crate::ports::QuizStore;
use crate::quiz_results::{Counts, QuizKind, TypeScore};
use kernel::html::escape;
use kernel::{Timestamp, UserId};
use std::collections::BTreeMap;

/// Books the report recommends per type.
pub const REPORT_BOOKS_PER_TYPE: usize = 3;

pub struct Quizzes<'s, S: ?Sized> {
    store: &'s S,
    now: Timestamp,
}

/// The results page's view.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultView {
    pub counts: Counts,
    /// Kept on the server (the taker is signed in).
    pub saved: bool,
    /// The member bought the full report.
    pub full_report: bool,
    pub taken_at: Timestamp,
}

/// The full report: every type, highest score first, with books to read.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub kind: QuizKind,
    pub taken_at: Timestamp,
    pub types: Vec<(TypeScore, Vec<BookFacts>)>,
}

/// The quiz a path names; an unknown one is refused.
pub fn quiz_kind(slug: &str) -> Result<QuizKind, ChallengeError> {
    QuizKind::from_slug(slug).ok_or(ChallengeError::UnknownQuiz)
}

impl<'s, S: QuizStore + ?Sized> Quizzes<'s, S> {
    pub fn new(store: &'s S, now: Timestamp) -> Self {
        Quizzes { store, now }
    }

    /// Scores finished answers; a member's are kept in place of earlier ones.
    pub fn submit(&self, member: Option<UserId>, kind: QuizKind, counts: &BTreeMap<String, u32>) -> Result<ResultView, ChallengeError> {
        let counts = Counts::parse(kind, counts)?;
        let full_report = match member {
            Some(member) => {
                self.store.save_quiz_results(member, kind.slug(), counts.as_map(), self.now)?;
                self.store.bought_quiz_report(member, kind.slug())?
            }
            None => false,
        };
        Ok(ResultView { counts, saved: member.is_some(), full_report, taken_at: self.now })
    }

    /// A member's kept results.
    pub fn kept(&self, member: UserId, kind: QuizKind) -> Result<ResultView, ChallengeError> {
        let (counts, taken_at) = self.kept_counts(member, kind)?;
        Ok(ResultView { counts, saved: true, full_report: self.store.bought_quiz_report(member, kind.slug())?, taken_at })
    }

    /// The full report of a member's kept results, for members who bought it.
    pub fn report(&self, member: UserId, kind: QuizKind) -> Result<Report, ChallengeError> {
        if !self.store.bought_quiz_report(member, kind.slug())? {
            return Err(ChallengeError::ReportNotBought);
        }
        let (counts, taken_at) = self.kept_counts(member, kind)?;
        let types = counts
            .ranked()
            .into_iter()
            .map(|score| {
                let books = self.store.popular_in_categories(score.kind.text.categories, REPORT_BOOKS_PER_TYPE)?;
                Ok((score, books))
            })
            .collect::<Result<_, ChallengeError>>()?;
        Ok(Report { kind, taken_at, types })
    }

    /// The full report as a PDF (title page, then a page per type), for members who bought it.
    pub fn report_pdf(&self, member: UserId, kind: QuizKind, site: &str) -> Result<Vec<u8>, ChallengeError> {
        let report = self.report(member, kind)?;
        report_document(&report, site).map_err(|e| ChallengeError::Internal(e.to_string()))
    }

    fn kept_counts(&self, member: UserId, kind: QuizKind) -> Result<(Counts, Timestamp), ChallengeError> {
        let kept = self.store.quiz_results(member, kind.slug())?.ok_or(ChallengeError::NotTaken)?;
        // Results kept before the quiz changed no longer fit it: as if not taken.
        let counts = Counts::parse(kind, &kept.counts).map_err(|_| ChallengeError::NotTaken)?;
        Ok((counts, kept.taken_at))
    }
}

/// The report through the summary document writer.
fn report_document(report: &Report, site: &str) -> Result<Vec<u8>, documents::DocumentError> {
    let sections: Vec<(String, String)> = report
        .types
        .iter()
        .map(|(score, books)| {
            let mut html = format!("<p><strong>{}%</strong> ({} of {} answers True)</p>", (score.score * 100.0).round(), score.count, score.kind.questions);
            for paragraph in score.kind.text.description.split("\n\n") {
                html.push_str(&format!("<p>{}</p>", escape(paragraph)));
            }
            if !books.is_empty() {
                html.push_str("<h3>Read next</h3><ul>");
                for book in books {
                    html.push_str(&format!("<li>{} by {}</li>", escape(&book.title), escape(&book.author)));
                }
                html.push_str("</ul>");
            }
            (score.kind.name.to_owned(), html)
        })
        .collect();
    let description = format!("Your results, taken on {}.", report.taken_at.format("%-d %B %Y"));
    let title = format!("{}: your full report", report.kind.title());
    documents::pdf(&documents::Summary {
        title: &title,
        author: "",
        description: &description,
        cover: None,
        sections: sections.iter().map(|(title, html)| documents::Section { title, html }).collect(),
        site,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fakes::InMemoryChallenge;
    use chrono::TimeZone;

    const ADA: UserId = UserId(7);

    fn now() -> Timestamp {
        chrono::Utc.with_ymd_and_hms(2026, 11, 24, 9, 0, 0).unwrap()
    }

    fn counts(pairs: &[(&str, u32)]) -> BTreeMap<String, u32> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect()
    }

    #[test]
    fn a_visitor_is_scored_and_nothing_is_kept() {
        let store = InMemoryChallenge::default();
        let view = Quizzes::new(&store, now()).submit(None, QuizKind::Intelligence, &counts(&[("Musical", 2)])).unwrap();
        assert!(!view.saved && !view.full_report);
        assert_eq!(view.counts.top()[0].kind.name, "Musical");
        assert!(store.quiz_results.borrow().is_empty());
        assert_eq!(
            Quizzes::new(&store, now()).submit(None, QuizKind::Intelligence, &counts(&[("Musical", 9)])).unwrap_err(),
            ChallengeError::AnswersDoNotMatch
        );
    }

    #[test]
    fn a_member_keeps_the_latest_results_and_the_report_needs_the_purchase() {
        let store = InMemoryChallenge::default();
        for (book, reads) in [(1, 5), (2, 50), (3, 20), (4, 99)] {
            store.add_book(book, reads, &[]);
        }
        store.add_to_category(1, 10, "psychology");
        store.add_to_category(2, 10, "psychology");
        store.add_to_category(3, 11, "business");
        store.add_to_category(4, 12, "money");
        let quizzes = Quizzes::new(&store, now());
        assert_eq!(quizzes.kept(ADA, QuizKind::Personality).unwrap_err(), ChallengeError::NotTaken);
        quizzes.submit(Some(ADA), QuizKind::Personality, &counts(&[("Red", 1)])).unwrap();
        let saved = quizzes.submit(Some(ADA), QuizKind::Personality, &counts(&[("Yellow", 3), ("Red", 2)])).unwrap();
        assert!(saved.saved && !saved.full_report);
        assert_eq!(quizzes.kept(ADA, QuizKind::Personality).unwrap().counts.top()[0].kind.name, "Yellow");
        assert_eq!(quizzes.kept(ADA, QuizKind::Intelligence).unwrap_err(), ChallengeError::NotTaken);
        assert_eq!(quizzes.report(ADA, QuizKind::Personality).unwrap_err(), ChallengeError::ReportNotBought);

        store.reports_bought.borrow_mut().push((ADA, "personality-quiz".into()));
        assert!(quizzes.kept(ADA, QuizKind::Personality).unwrap().full_report);
        let report = quizzes.report(ADA, QuizKind::Personality).unwrap();
        let order: Vec<&str> = report.types.iter().map(|(s, _)| s.kind.name).collect();
        assert_eq!(order, vec!["Yellow", "Red", "Green", "Blue"]);
        // Yellow's categories are psychology and self-improvement: the most read first.
        let yellow: Vec<i64> = report.types[0].1.iter().map(|b| b.id).collect();
        assert_eq!(yellow, vec![2, 1]);
        // Red's: strategy and business.
        assert_eq!(report.types[1].1.iter().map(|b| b.id).collect::<Vec<_>>(), vec![3]);
        // The intelligence report is a separate purchase.
        quizzes.submit(Some(ADA), QuizKind::Intelligence, &counts(&[])).unwrap();
        assert_eq!(quizzes.report(ADA, QuizKind::Intelligence).unwrap_err(), ChallengeError::ReportNotBought);
    }
}
