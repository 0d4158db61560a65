//! What a search box's text becomes: normalised text for full-text ranking, words for the
//! prefix query and for typo-tolerant trigram matching. Anything a person can type is accepted or
//! answered with a readable reason; nothing reaches the database unescaped.

/// Longer queries are refused (they are never real searches and only cost time).
pub const MAX_QUERY_CHARS: usize = 200;
/// Words beyond this are ignored.
pub const MAX_WORDS: usize = 12;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    /// The text with control characters removed and whitespace collapsed, for
    /// `websearch_to_tsquery` and trigram similarity.
    pub text: String,
    /// Lower-case words made only of letters and digits.
    pub words: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchQueryError {
    Empty,
    TooLong,
}

impl std::fmt::Display for SearchQueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SearchQueryError::Empty => "Please type a word to search for.",
            SearchQueryError::TooLong => "Please shorten your search to 200 characters.",
        })
    }
}

impl std::error::Error for SearchQueryError {}

impl SearchQuery {
    pub fn parse(raw: &str) -> Result<SearchQuery, SearchQueryError> {
        if raw.chars().count() > MAX_QUERY_CHARS {
            return Err(SearchQueryError::TooLong);
        }
        let cleaned: String = raw.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        let text = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
        let words: Vec<String> = text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).take(MAX_WORDS).map(str::to_lowercase).collect();
        if words.is_empty() {
            return Err(SearchQueryError::Empty);
        }
        Ok(SearchQuery { text, words })
    }

    /// A `to_tsquery` expression matching every word as a prefix (`medit:* & stoic:*`), so
    /// that results appear while a word is still being typed. Safe: words hold only letters and
    /// digits.
    pub fn prefix_tsquery(&self) -> String {
        self.words.iter().map(|w| format!("{w}:*")).collect::<Vec<_>>().join(" & ")
    }

    /// The words joined by spaces, for trigram similarity against titles and authors.
    pub fn words_text(&self) -> String {
        self.words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lower_cased_and_split_at_punctuation() {
        let query = SearchQuery::parse("  The Art-of   WAR! ").unwrap();
        assert_eq!(query.text, "The Art-of WAR!");
        assert_eq!(query.words, vec!["the", "art", "of", "war"]);
        assert_eq!(query.prefix_tsquery(), "the:* & art:* & of:* & war:*");
        assert_eq!(query.words_text(), "the art of war");
    }

    #[test]
    fn empty_blank_and_symbol_only_queries_are_refused_readably() {
        for raw in ["", "   ", "!!!", "&|:*()'", "\u{0}\n\t"] {
            assert_eq!(SearchQuery::parse(raw), Err(SearchQueryError::Empty), "{raw:?}");
        }
        assert_eq!(SearchQueryError::Empty.to_string(), "Please type a word to search for.");
    }

    #[test]
    fn tsquery_operators_cannot_be_injected() {
        let query = SearchQuery::parse("stoic' & !life:* | (x)").unwrap();
        assert_eq!(query.prefix_tsquery(), "stoic:* & life:* & x:*");
    }

    #[test]
    fn long_queries_are_refused_and_many_words_are_capped() {
        assert_eq!(SearchQuery::parse(&"a".repeat(201)), Err(SearchQueryError::TooLong));
        assert!(SearchQuery::parse(&"a".repeat(200)).is_ok());
        let many = (0..30).map(|i| format!("w{i}")).collect::<Vec<_>>().join(" ");
        assert_eq!(SearchQuery::parse(&many).unwrap().words.len(), MAX_WORDS);
    }

    #[test]
    fn letters_beyond_ascii_are_words() {
        assert_eq!(SearchQuery::parse("Sénèque – lettres").unwrap().words, vec!["sénèque", "lettres"]);
    }
}
