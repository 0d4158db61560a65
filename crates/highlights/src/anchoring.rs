//! Where a highlight sits in a section, and finding it again after the summary is edited.
//!
//! A section is a list of blocks (paragraphs, list items, quotes), each with a stable id the back
//! office keeps across edits. Its text is the blocks' texts joined by one `\n`. A highlight is
//! anchored three ways at once: start and end points (a block id and a code-point offset in it), a
//! W3C TextQuoteSelector (`exact` with up to `CONTEXT_CHARS` of `prefix` and `suffix`), and its
//! start's position over the section's text. When the section changes, `reanchor` tries the points
//! (the text there is still `exact`), then the quote inside the blocks it was in, then a fuzzy
//! search of the quote and its context over the whole section, preferring the nearest; what it
//! cannot find is orphaned, never dropped.

/// Code points of context kept on each side of a quote.
pub const CONTEXT_CHARS: usize = 32;

/// Below this similarity to the old quote, a passage is not the highlight any more.
pub const MIN_SIMILARITY: f64 = 0.75;

/// One block of a section as the reader shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub id: String,
    pub text: String,
}

impl Block {
    pub fn new(id: impl Into<String>, text: impl Into<String>) -> Block {
        Block { id: id.into(), text: text.into() }
    }
}

/// A point in a section: a block and a code-point offset into its text (0 ..= its length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Point {
    pub block: String,
    pub offset: usize,
}

impl Point {
    pub fn new(block: impl Into<String>, offset: usize) -> Point {
        Point { block: block.into(), offset }
    }
}

/// The W3C TextQuoteSelector: the highlighted text and a little of what surrounds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextQuote {
    pub exact: String,
    pub prefix: String,
    pub suffix: String,
}

/// Everything that locates a highlight in its section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Anchor {
    pub start: Point,
    pub end: Point,
    pub quote: TextQuote,
    /// Code points from the section's start to the highlight's start.
    pub position: usize,
}

/// Why a selection cannot be anchored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnchorProblem {
    /// A point names no block of the section, or an offset past its block's end.
    NotInSection,
    /// The end comes before the start, or nothing is selected.
    Empty,
}

/// What `reanchor` found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// The points still hold the same text (the anchor's context and position are refreshed).
    Unchanged(Anchor),
    /// The same text, elsewhere in the blocks it was in or in the section.
    Moved(Anchor),
    /// A passage close to the old quote (an edit inside it); `similarity` is in (0, 1].
    Fuzzy { anchor: Anchor, similarity: f64 },
    /// Nowhere to be found: kept, shown and exported as it was.
    Orphaned,
}

/// A section's blocks, with its text as code points.
#[derive(Debug, Clone)]
pub struct SectionText {
    blocks: Vec<Block>,
    text: Vec<char>,
    /// Where each block starts in `text`.
    starts: Vec<usize>,
    lengths: Vec<usize>,
}

impl SectionText {
    pub fn new(blocks: Vec<Block>) -> SectionText {
        let mut text = Vec::new();
        let (mut starts, mut lengths) = (Vec::with_capacity(blocks.len()), Vec::with_capacity(blocks.len()));
        for (i, block) in blocks.iter().enumerate() {
            if i > 0 {
                text.push('\n');
            }
            starts.push(text.len());
            let before = text.len();
            text.extend(block.text.chars());
            lengths.push(text.len() - before);
        }
        SectionText { blocks, text, starts, lengths }
    }

    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The section's length in code points.
    pub fn len(&self) -> usize {
        self.text.len()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    fn block_index(&self, id: &str) -> Option<usize> {
        self.blocks.iter().position(|b| b.id == id)
    }

    /// The point's place over the section's text, if it is in the section.
    pub fn offset_of(&self, point: &Point) -> Option<usize> {
        let i = self.block_index(&point.block)?;
        (point.offset <= self.lengths[i]).then(|| self.starts[i] + point.offset)
    }

    /// The point at `offset` over the section's text (a separator belongs to the block it ends).
    fn point_at(&self, offset: usize) -> Point {
        let i = self.starts.partition_point(|&start| start <= offset).saturating_sub(1);
        Point { block: self.blocks[i].id.clone(), offset: (offset - self.starts[i]).min(self.lengths[i]) }
    }

    fn slice(&self, from: usize, to: usize) -> String {
        self.text[from..to].iter().collect()
    }

    /// The anchor of the text between two offsets of the section.
    fn anchor_between(&self, from: usize, to: usize) -> Anchor {
        Anchor {
            start: self.point_at(from),
            end: self.point_at(to),
            quote: TextQuote {
                exact: self.slice(from, to),
                prefix: self.slice(from.saturating_sub(CONTEXT_CHARS), from),
                suffix: self.slice(to, (to + CONTEXT_CHARS).min(self.text.len())),
            },
            position: from,
        }
    }

    /// Anchors a selection from `start` to `end`: the quote and its context are read from the
    /// section (never taken from the caller).
    pub fn anchor(&self, start: &Point, end: &Point) -> Result<Anchor, AnchorProblem> {
        let (Some(from), Some(to)) = (self.offset_of(start), self.offset_of(end)) else { return Err(AnchorProblem::NotInSection) };
        if to <= from {
            return Err(AnchorProblem::Empty);
        }
        Ok(self.anchor_between(from, to))
    }

    /// Finds `old` in this (possibly edited) section.
    pub fn reanchor(&self, old: &Anchor) -> Found {
        let exact: Vec<char> = old.quote.exact.chars().collect();
        if exact.is_empty() {
            return Found::Orphaned;
        }
        // 1. The points still hold the quote.
        if let (Some(from), Some(to)) = (self.offset_of(&old.start), self.offset_of(&old.end)) {
            if to > from && self.text[from..to] == exact[..] {
                return Found::Unchanged(self.anchor_between(from, to));
            }
        }
        // 2. The quote inside the blocks it was in, nearest to where it started there.
        if let Some(first) = self.block_index(&old.start.block) {
            let last = self.block_index(&old.end.block).filter(|&last| last >= first).unwrap_or(first);
            let (from, to) = (self.starts[first], self.starts[last] + self.lengths[last]);
            let was_at = from + old.start.offset;
            if let Some(at) = occurrences(&self.text[from..to], &exact).map(|at| from + at).min_by_key(|&at| at.abs_diff(was_at)) {
                return Found::Moved(self.anchor_between(at, at + exact.len()));
            }
        }
        // 3. The quote anywhere, by its context and nearness; else a passage close to it.
        let context = |at: usize, len: usize| self.context_score(old, at, len);
        let nearness = |at: usize| 1.0 - at.abs_diff(old.position) as f64 / self.text.len().max(1) as f64;
        if let Some(at) = occurrences(&self.text, &exact).max_by(|&a, &b| {
            let score = |at: usize| context(at, exact.len()) + 0.1 * nearness(at);
            score(a).total_cmp(&score(b)).then(b.cmp(&a))
        }) {
            return Found::Moved(self.anchor_between(at, at + exact.len()));
        }
        let best = close_passages(&self.text, &exact)
            .into_iter()
            .map(|(from, to, similarity)| (from, to, similarity, similarity + 0.25 * context(from, to - from) + 0.1 * nearness(from)))
            .max_by(|a, b| a.3.total_cmp(&b.3));
        match best {
            Some((from, to, similarity, _)) if similarity >= MIN_SIMILARITY => Found::Fuzzy { anchor: self.anchor_between(from, to), similarity },
            _ => Found::Orphaned,
        }
    }

    /// How much of the old prefix and suffix surround the passage at `at` (0 ..= 1).
    fn context_score(&self, old: &Anchor, at: usize, len: usize) -> f64 {
        let prefix: Vec<char> = old.quote.prefix.chars().collect();
        let suffix: Vec<char> = old.quote.suffix.chars().collect();
        let before = self.text[..at].iter().rev().zip(prefix.iter().rev()).take_while(|(a, b)| a == b).count();
        let after = self.text[(at + len).min(self.text.len())..].iter().zip(suffix.iter()).take_while(|(a, b)| a == b).count();
        let whole = prefix.len() + suffix.len();
        if whole == 0 {
            1.0
        } else {
            (before + after) as f64 / whole as f64
        }
    }
}

/// Where `needle` occurs in `haystack` (overlapping occurrences too).
fn occurrences<'a>(haystack: &'a [char], needle: &'a [char]) -> impl Iterator<Item = usize> + 'a {
    let last = haystack.len().checked_sub(needle.len());
    (0..=last.unwrap_or(0)).filter(move |&at| last.is_some() && haystack[at..at + needle.len()] == *needle)
}

/// The quote's ends searched approximately (up to a quarter of each end's code points wrong).
const END_CHARS: usize = 32;

/// Quotes longer than this are compared by their ends only (a full comparison would cost
/// length squared).
const FULLY_COMPARED: usize = 2_000;

/// Passages of `text` that may be `quote` after an edit: (from, to, similarity to the quote).
/// Its first and last `END_CHARS` code points are found approximately; a passage runs from a
/// match of the first to a match of the last, within a quarter of the quote's length.
fn close_passages(text: &[char], quote: &[char]) -> Vec<(usize, usize, f64)> {
    let end = quote.len().min(END_CHARS);
    let allowed = end / 4;
    let heads = approximate_matches(text, &quote[..end], allowed);
    let tails = if quote.len() <= END_CHARS { heads.clone() } else { approximate_matches(text, &quote[quote.len() - end..], allowed) };
    let (shortest, longest) = (quote.len() - quote.len() / 4, quote.len() + quote.len() / 4);
    let mut passages = Vec::new();
    for head in &heads {
        let tail = tails
            .iter()
            .filter(|tail| tail.to >= head.from + shortest && tail.to <= head.from + longest)
            .min_by_key(|tail| (tail.cost, tail.to.abs_diff(head.from + quote.len())));
        let Some(tail) = tail else { continue };
        let (from, to) = (head.from, tail.to);
        let similarity = if quote.len() <= FULLY_COMPARED {
            1.0 - edit_distance(&text[from..to], quote) as f64 / quote.len().max(to - from) as f64
        } else {
            1.0 - (head.cost + tail.cost) as f64 / (2 * end) as f64
        };
        passages.push((from, to, similarity));
    }
    passages
}

#[derive(Debug, Clone, Copy)]
struct Match {
    from: usize,
    to: usize,
    cost: usize,
}

/// Substrings of `text` within `allowed` edits of `pattern`, one per place (the cheapest where
/// matches overlap): Sellers' dynamic programme, which lets a match start anywhere.
fn approximate_matches(text: &[char], pattern: &[char], allowed: usize) -> Vec<Match> {
    let m = pattern.len();
    // cost[i], start[i]: the cheapest edit of pattern[..i] into a substring ending here, and where
    // that substring starts.
    let mut cost: Vec<usize> = (0..=m).collect();
    let mut start: Vec<usize> = vec![0; m + 1];
    let mut found: Vec<Match> = Vec::new();
    for (j, &c) in text.iter().enumerate() {
        let (mut diagonal_cost, mut diagonal_start) = (0, j);
        cost[0] = 0;
        start[0] = j + 1;
        for i in 1..=m {
            let substitute = (diagonal_cost + usize::from(pattern[i - 1] != c), diagonal_start);
            let skip_text = (cost[i] + 1, start[i]);
            let skip_pattern = (cost[i - 1] + 1, start[i - 1]);
            let best = [substitute, skip_text, skip_pattern].into_iter().min_by_key(|&(c, _)| c).unwrap_or(substitute);
            (diagonal_cost, diagonal_start) = (cost[i], start[i]);
            (cost[i], start[i]) = best;
        }
        if cost[m] <= allowed {
            let candidate = Match { from: start[m], to: j + 1, cost: cost[m] };
            match found.last_mut() {
                Some(previous) if candidate.from < previous.to => {
                    if candidate.cost < previous.cost {
                        *previous = candidate;
                    }
                }
                _ => found.push(candidate),
            }
        }
    }
    found
}

/// Levenshtein distance in code points, one row at a time.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests;
