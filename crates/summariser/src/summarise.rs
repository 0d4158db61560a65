//! The built-in summariser: extractive, offline, deterministic. Sentences are ranked with
//! TextRank (PageRank over a graph whose edges are the sentences' shared words), and the best
//! are shaped like a book summary: "In a nutshell" with the three best sentences, then one key
//! idea per part of the document, each with its part's best sentences in their original order.

use crate::extract::{Block, Document};
use kernel::html::escape;

/// One section of a summary, in the shape the reader shows for a book: a title and HTML.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Section {
    pub title: String,
    pub html: String,
}

/// A finished summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub title: String,
    pub sections: Vec<Section>,
}

const NUTSHELL: usize = 3;
const MIN_IDEAS: usize = 3;
const MAX_IDEAS: usize = 7;
const SENTENCES_PER_IDEA: usize = 3;
/// Sentences ranked at most (the graph is quadratic); later ones are left out.
const MAX_SENTENCES: usize = 1500;
const DAMPING: f64 = 0.85;
const ITERATIONS: usize = 30;

/// A sentence and where it came from.
#[derive(Debug, Clone)]
struct Sentence {
    text: String,
    /// The heading above it, if any.
    heading: Option<usize>,
    words: Vec<String>,
}

/// The summary of a document; `fallback_title` names it when the document does not.
pub fn summarise(document: &Document, fallback_title: &str) -> Summary {
    let (sentences, headings) = sentences_of(document);
    let title = if document.title.trim().is_empty() { fallback_title.to_owned() } else { document.title.trim().to_owned() };
    if sentences.is_empty() {
        return Summary { title, sections: vec![] };
    }
    let scores = text_rank(&sentences);
    let mut by_score: Vec<usize> = (0..sentences.len()).collect();
    by_score.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));

    let mut sections = Vec::new();
    let mut nutshell: Vec<usize> = by_score.iter().copied().take(NUTSHELL).collect();
    nutshell.sort_unstable();
    sections.push(Section { title: "In a nutshell".into(), html: paragraphs(nutshell.iter().map(|&i| sentences[i].text.as_str())) });

    // The document in equal parts by sentence count: one key idea each.
    let ideas = (sentences.len() / 8).clamp(MIN_IDEAS, MAX_IDEAS).min(sentences.len());
    for part in 0..ideas {
        let start = part * sentences.len() / ideas;
        let end = (part + 1) * sentences.len() / ideas;
        let mut best: Vec<usize> = (start..end).collect();
        best.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
        best.truncate(SENTENCES_PER_IDEA);
        best.sort_unstable();
        let Some(&lead) = best.iter().min_by(|&&a, &&b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b))) else { continue };
        let heading = sentences[start..end].iter().find_map(|s| s.heading).map(|h| headings[h].as_str());
        let name = heading.map_or_else(|| short_title(&sentences[lead].text), str::to_owned);
        sections.push(Section { title: format!("Key idea {}: {}", part + 1, name), html: paragraphs(best.iter().map(|&i| sentences[i].text.as_str())) });
    }
    Summary { title, sections }
}

/// Sentences of the paragraphs, with the heading each falls under.
fn sentences_of(document: &Document) -> (Vec<Sentence>, Vec<String>) {
    let mut headings = Vec::new();
    let mut sentences = Vec::new();
    for block in &document.blocks {
        match block {
            Block::Heading(text) => headings.push(text.clone()),
            Block::Paragraph(text) => {
                for sentence in split_sentences(text) {
                    let words = words_of(&sentence);
                    // Fragments (page numbers, captions) are not ideas.
                    if words.len() >= 4 && sentences.len() < MAX_SENTENCES {
                        sentences.push(Sentence { text: sentence, heading: headings.len().checked_sub(1), words });
                    }
                }
            }
        }
    }
    (sentences, headings)
}

/// Splits at `.`, `!` or `?` followed by a space and an upper-case letter, a digit or a quote,
/// so "e.g. this" and "3.5 million" stay whole.
pub fn split_sentences(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut sentences = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if matches!(c, '.' | '!' | '?') {
            let mut end = i + 1;
            while end < chars.len() && matches!(chars[end], '"' | '\'' | '”' | '’' | ')') {
                end += 1;
            }
            let next_is_start = end + 1 < chars.len()
                && chars[end] == ' '
                && (chars[end + 1].is_uppercase() || chars[end + 1].is_ascii_digit() || matches!(chars[end + 1], '"' | '“' | '\''));
            let abbreviation = c == '.' && is_abbreviation(&chars[start..i]);
            if next_is_start && !abbreviation {
                sentences.push(chars[start..end].iter().collect::<String>().trim().to_owned());
                start = end + 1;
                i = end;
            }
        }
        i += 1;
    }
    let rest: String = chars[start.min(chars.len())..].iter().collect();
    if !rest.trim().is_empty() {
        sentences.push(rest.trim().to_owned());
    }
    sentences
}

fn is_abbreviation(before: &[char]) -> bool {
    let word: String = before.iter().rev().take_while(|c| c.is_alphabetic()).collect::<Vec<_>>().into_iter().rev().collect();
    matches!(word.as_str(), "Mr" | "Mrs" | "Ms" | "Dr" | "Prof" | "St" | "Jr" | "Sr" | "vs" | "etc" | "No" | "Fig")
        || (word.len() == 1 && word.chars().all(char::is_uppercase))
}

/// Lower-case content words (stop words left out).
fn words_of(sentence: &str) -> Vec<String> {
    sentence
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| w.chars().count() > 2 && !STOP_WORDS.contains(&w.as_str()))
        .collect()
}

/// TextRank: similarity is shared words over the log of the sentences' lengths.
fn text_rank(sentences: &[Sentence]) -> Vec<f64> {
    let n = sentences.len();
    let sets: Vec<std::collections::BTreeSet<&str>> = sentences.iter().map(|s| s.words.iter().map(String::as_str).collect()).collect();
    let mut weights = vec![vec![0.0_f64; n]; n];
    for i in 0..n {
        for j in (i + 1)..n {
            let shared = sets[i].intersection(&sets[j]).count();
            if shared == 0 {
                continue;
            }
            let norm = (sets[i].len() as f64).ln() + (sets[j].len() as f64).ln();
            let weight = if norm > 0.0 { shared as f64 / norm } else { 0.0 };
            weights[i][j] = weight;
            weights[j][i] = weight;
        }
    }
    let out: Vec<f64> = weights.iter().map(|row| row.iter().sum()).collect();
    let mut scores = vec![1.0_f64; n];
    for _ in 0..ITERATIONS {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let incoming: f64 = (0..n).filter(|&j| out[j] > 0.0 && weights[j][i] > 0.0).map(|j| weights[j][i] / out[j] * scores[j]).sum();
                (1.0 - DAMPING) + DAMPING * incoming
            })
            .collect();
        scores = next;
    }
    scores
}

/// A key idea's name from its lead sentence: its first words, at most about 60 characters.
fn short_title(sentence: &str) -> String {
    let mut title = String::new();
    for word in sentence.split_whitespace() {
        if title.len() + word.len() > 60 {
            title.push('…');
            return title;
        }
        if !title.is_empty() {
            title.push(' ');
        }
        title.push_str(word);
    }
    title.trim_end_matches(['.', '!', '?']).to_owned()
}

/// Sentences as escaped HTML paragraphs.
pub fn paragraphs<'a>(sentences: impl Iterator<Item = &'a str>) -> String {
    sentences.map(|s| format!("<p>{}</p>", escape(s))).collect()
}

const STOP_WORDS: &[&str] = &[
    "the",
    "and",
    "for",
    "are",
    "but",
    "not",
    "you",
    "all",
    "any",
    "can",
    "had",
    "her",
    "was",
    "one",
    "our",
    "out",
    "has",
    "him",
    "his",
    "how",
    "its",
    "may",
    "new",
    "now",
    "old",
    "see",
    "two",
    "way",
    "who",
    "did",
    "yet",
    "let",
    "she",
    "too",
    "use",
    "that",
    "with",
    "have",
    "this",
    "will",
    "your",
    "from",
    "they",
    "know",
    "want",
    "been",
    "much",
    "some",
    "time",
    "very",
    "when",
    "come",
    "here",
    "just",
    "like",
    "long",
    "make",
    "many",
    "more",
    "most",
    "only",
    "over",
    "such",
    "take",
    "than",
    "them",
    "well",
    "were",
    "what",
    "which",
    "their",
    "there",
    "these",
    "those",
    "would",
    "could",
    "should",
    "about",
    "after",
    "again",
    "also",
    "because",
    "before",
    "being",
    "between",
    "both",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "into",
    "other",
    "then",
    "through",
    "under",
    "until",
    "where",
    "while",
    "whom",
    "why",
    "own",
    "same",
    "so",
    "off",
    "once",
    "further",
    "few",
    "nor",
    "ours",
    "yours",
    "itself",
    "himself",
    "herself",
    "themselves",
    "we're",
    "it's",
    "don't",
    "i'm",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(paragraphs: &[&str]) -> Document {
        Document { title: String::new(), blocks: paragraphs.iter().map(|p| Block::Paragraph((*p).to_owned())).collect() }
    }

    #[test]
    fn sentences_split_at_ends_but_not_at_abbreviations_or_decimals() {
        let split = split_sentences("Dr. Smith earned 3.5 million. Then he left! Did it work? \"Yes,\" she said. e.g. this stays.");
        assert_eq!(split, vec!["Dr. Smith earned 3.5 million.", "Then he left!", "Did it work?", "\"Yes,\" she said. e.g. this stays."]);
    }

    #[test]
    fn the_summary_has_a_nutshell_and_key_ideas_of_the_central_sentences_in_order() {
        let mut paragraphs = vec![
            "Habits shape most of what we do every single day.",
            "Small habits compound into remarkable results over the years.",
            "The weather was pleasant on the morning of the trip.",
            "Good habits are easier to keep when the cue for the habits is obvious.",
        ];
        let filler = "Bananas are yellow fruit grown in warm countries.";
        paragraphs.extend(std::iter::repeat_n(filler, 3));
        paragraphs.extend([
            "Tracking habits daily makes progress on habits visible.",
            "A cat sat quietly on the mat by the door.",
            "Habits need systems, not goals, to last for years.",
        ]);
        let summary = summarise(&doc(&paragraphs), "notes.txt");
        assert_eq!(summary.title, "notes.txt");
        assert_eq!(summary.sections[0].title, "In a nutshell");
        // The nutshell holds sentences about the document's main subject, not the stray ones.
        let nutshell = &summary.sections[0].html;
        assert!(nutshell.contains("habits"), "{nutshell}");
        assert!(!nutshell.contains("cat sat"), "{nutshell}");
        assert_eq!(nutshell.matches("<p>").count(), 3);
        assert!(summary.sections.len() > MIN_IDEAS);
        assert!(summary.sections[1].title.starts_with("Key idea 1: "));
        for section in &summary.sections {
            assert!(section.html.starts_with("<p>") && section.html.ends_with("</p>"));
        }
        // Deterministic.
        assert_eq!(summarise(&doc(&paragraphs), "notes.txt"), summary);
    }

    #[test]
    fn headings_name_key_ideas_and_text_is_escaped() {
        let document = Document {
            title: "A <b>Guide</b>".into(),
            blocks: vec![
                Block::Heading("Start small".into()),
                Block::Paragraph("Start with tiny steps & keep them easy to repeat every day. Tiny steps build momentum quickly for every learner.".into()),
                Block::Heading("Keep going".into()),
                Block::Paragraph("Momentum grows when steps repeat <daily> without fail. Repeat steps until they become automatic habits.".into()),
                Block::Paragraph("Automatic habits free attention for harder problems later.".into()),
            ],
        };
        let summary = summarise(&document, "x");
        assert_eq!(summary.title, "A <b>Guide</b>");
        assert_eq!(summary.sections[1].title, "Key idea 1: Start small");
        assert!(summary.sections.iter().any(|s| s.title.ends_with("Keep going")));
        let all: String = summary.sections.iter().map(|s| s.html.as_str()).collect();
        assert!(all.contains("&amp;") && all.contains("&lt;daily&gt;") && !all.contains("<daily>"));
        assert!(summarise(&Document::default(), "empty").sections.is_empty());
    }
}
