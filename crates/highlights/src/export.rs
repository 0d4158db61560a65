//! A member's highlights as files for other tools: Markdown (Obsidian, any notes app) and
//! Readwise's CSV import. Orphaned highlights are exported too, marked.

use crate::model::HighlightInBook;

/// Readwise's CSV header, in its order.
pub const READWISE_HEADER: &str = "Highlight,Title,Author,URL,Note,Location,Date";

/// Where a highlight is, as one increasing number per book (Readwise orders by it): the section
/// in the high digits, the position in the section below.
pub fn location(highlight: &crate::model::Highlight) -> u64 {
    u64::from(highlight.section + 1) * 1_000_000 + highlight.anchor.position as u64
}

/// A book's page on the site, the same for every highlight of the book (Readwise groups by it).
pub fn book_url(site: &str, subid: &str) -> String {
    format!("{}/books/{subid}", site.trim_end_matches('/'))
}

/// One Markdown document: a heading per book (title, author, link), then its highlights in
/// reading order as quotes, each with its note, colour and date.
pub fn markdown(highlights: &[HighlightInBook], site: &str) -> String {
    let mut out = String::from("# Highlights from Gistbook\n");
    let mut current: Option<i64> = None;
    for item in highlights {
        let (book, highlight) = (&item.book, &item.highlight);
        if current != Some(book.id) {
            current = Some(book.id);
            out.push_str(&format!("\n## {}\n\n*{}*, [on Gistbook]({})\n", one_line(&book.title), one_line(&book.author), book_url(site, &book.subid)));
        }
        out.push('\n');
        for line in highlight.anchor.quote.exact.lines() {
            out.push_str(&format!("> {line}\n"));
        }
        if let Some(note) = &highlight.note {
            out.push('\n');
            for (i, line) in note.lines().enumerate() {
                out.push_str(&format!("{}{line}\n", if i == 0 { "**Note:** " } else { "" }));
            }
        }
        let orphaned = if highlight.orphaned { " · no longer in the summary" } else { "" };
        out.push_str(&format!("\n<small>{} · {}{orphaned}</small>\n", highlight.colour.as_str(), highlight.created_at.format("%Y-%m-%d")));
    }
    out
}

/// Readwise's CSV: the header, then one row per highlight, every field quoted with quotes
/// doubled (newlines stay inside the quotes).
pub fn readwise_csv(highlights: &[HighlightInBook], site: &str) -> String {
    let mut out = format!("{READWISE_HEADER}\n");
    for item in highlights {
        let (book, highlight) = (&item.book, &item.highlight);
        let mut note = highlight.note.clone().unwrap_or_default();
        if highlight.orphaned {
            note = if note.is_empty() { "(no longer in the summary)".to_owned() } else { format!("{note} (no longer in the summary)") };
        }
        let fields = [
            highlight.anchor.quote.exact.clone(),
            book.title.clone(),
            book.author.clone(),
            book_url(site, &book.subid),
            note,
            location(highlight).to_string(),
            highlight.created_at.format("%Y-%m-%d %H:%M:%S").to_string(),
        ];
        let row: Vec<String> = fields.iter().map(|field| format!("\"{}\"", field.replace('"', "\"\""))).collect();
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
