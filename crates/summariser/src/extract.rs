//! Text out of a document: its kind told from its bytes (never from the name or the type the
//! client claims), then its title and blocks (headings and paragraphs) in reading order.

mod epub;
mod html;
mod pdf;

/// The kinds of document accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    Pdf,
    Epub,
    Html,
    Text,
}

/// One block of text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Heading(String),
    Paragraph(String),
}

/// A document's text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// May be empty when the document names none.
    pub title: String,
    pub blocks: Vec<Block>,
}

impl Document {
    pub fn word_count(&self) -> usize {
        self.blocks
            .iter()
            .map(|b| match b {
                Block::Heading(t) | Block::Paragraph(t) => t.split_whitespace().count(),
            })
            .sum()
    }
}

/// Why no text came out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtractError {
    #[error("Please choose a PDF, EPUB, HTML or plain-text file.")]
    Unsupported,
    #[error("This document could not be read. It may be damaged or protected.")]
    Unreadable,
    #[error("We found no text to summarise in this document.")]
    NoText,
    /// Reading it went past the reader's memory, time or output limits (the child process that
    /// read it was stopped); trying again would do the same.
    #[error("This document is too large or complex for us to read. Please try a smaller or simpler file.")]
    TooComplex,
}

impl ExtractError {
    /// A short stable name, for passing the error between processes.
    pub fn code(&self) -> &'static str {
        match self {
            ExtractError::Unsupported => "unsupported",
            ExtractError::Unreadable => "unreadable",
            ExtractError::NoText => "no_text",
            ExtractError::TooComplex => "too_complex",
        }
    }

    pub fn from_code(code: &str) -> Option<ExtractError> {
        [ExtractError::Unsupported, ExtractError::Unreadable, ExtractError::NoText, ExtractError::TooComplex].into_iter().find(|e| e.code() == code)
    }
}

impl DocKind {
    /// A short stable name, for passing the kind between processes.
    pub fn code(self) -> &'static str {
        match self {
            DocKind::Pdf => "pdf",
            DocKind::Epub => "epub",
            DocKind::Html => "html",
            DocKind::Text => "text",
        }
    }

    pub fn from_code(code: &str) -> Option<DocKind> {
        [DocKind::Pdf, DocKind::Epub, DocKind::Html, DocKind::Text].into_iter().find(|k| k.code() == code)
    }
}

/// The kind from the first bytes: `%PDF-`, a zip whose first entry says EPUB, markup, or text
/// that is valid UTF-8 without control bytes.
pub fn detect(bytes: &[u8]) -> Option<DocKind> {
    let head = &bytes[..bytes.len().min(1024)];
    if head.starts_with(b"%PDF-") {
        return Some(DocKind::Pdf);
    }
    if head.starts_with(b"PK\x03\x04") {
        // The EPUB container stores `mimetype` first, uncompressed (OCF): its text follows the
        // 30-byte header and the 8-byte name.
        return (head.len() >= 58 && &head[30..38] == b"mimetype" && &head[38..58] == b"application/epub+zip").then_some(DocKind::Epub);
    }
    let text = std::str::from_utf8(bytes).ok().or_else(|| {
        // A cut in the middle of a character at the sniffed length is still text.
        std::str::from_utf8(&bytes[..bytes.len().saturating_sub(3)]).ok().filter(|_| bytes.len() > 3)
    })?;
    if text.chars().take(4096).any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{c}')) {
        return None;
    }
    let start: String = text.trim_start_matches('\u{feff}').trim_start().chars().take(512).collect::<String>().to_ascii_lowercase();
    let markup = start.starts_with("<!doctype html") || start.starts_with("<html") || start.starts_with("<head") || start.contains("<body");
    let fragment = start.starts_with('<') && start.contains("</");
    if markup || fragment {
        Some(DocKind::Html)
    } else {
        Some(DocKind::Text)
    }
}

/// The document's text, or why there is none.
pub fn extract(kind: DocKind, bytes: &[u8], source_url: Option<&str>) -> Result<Document, ExtractError> {
    let document = match kind {
        DocKind::Pdf => pdf::extract(bytes)?,
        DocKind::Epub => epub::extract(bytes)?,
        DocKind::Html => html::extract(&String::from_utf8_lossy(bytes), source_url)?,
        DocKind::Text => plain_text(&String::from_utf8_lossy(bytes)),
    };
    if document.word_count() == 0 {
        return Err(ExtractError::NoText);
    }
    Ok(document)
}

/// Paragraphs are separated by blank lines; lines inside one are joined. A short first line
/// without a full stop is the title.
pub fn plain_text(text: &str) -> Document {
    let mut paragraphs: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.trim_start_matches('\u{feff}').lines().map(|l| l.trim()) {
        if line.is_empty() {
            if !current.is_empty() {
                paragraphs.push(current.join(" "));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    if !current.is_empty() {
        paragraphs.push(current.join(" "));
    }
    let paragraphs: Vec<String> = paragraphs.into_iter().map(|p| normalise_space(&p)).filter(|p| !p.is_empty()).collect();
    let mut blocks: Vec<Block> = paragraphs.into_iter().map(Block::Paragraph).collect();
    let title = match blocks.first() {
        Some(Block::Paragraph(first)) if first.chars().count() <= 100 && !first.ends_with('.') && blocks.len() > 1 => {
            let title = first.clone();
            blocks.remove(0);
            title
        }
        _ => String::new(),
    };
    Document { title, blocks }
}

/// Runs of whitespace (no-break spaces included) become one space.
pub(crate) fn normalise_space(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '\u{a0}').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests;
