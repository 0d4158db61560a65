//! A web page's main content through dom_smoothie (a port of Mozilla's Readability, the reader
//! view of Firefox), then its headings and paragraphs read with scraper.

use super::{normalise_space, Block, Document, ExtractError};
use scraper::{Html, Selector};

pub(super) fn extract(html: &str, source_url: Option<&str>) -> Result<Document, ExtractError> {
    let config = dom_smoothie::Config { max_elements_to_parse: 50_000, ..Default::default() };
    let (title, content) = match dom_smoothie::Readability::new(html, source_url, Some(config)).and_then(|mut r| r.parse()) {
        Ok(article) => (article.title.to_string(), article.content.to_string()),
        // Pages Readability gives up on (short ones) are read whole.
        Err(_) => (String::new(), html.to_owned()),
    };
    let mut document = blocks_of(&content);
    if document.blocks.is_empty() && content != html {
        document = blocks_of(html);
    }
    document.title = normalise_space(&title);
    if document.title.is_empty() {
        document.title = page_title(html);
    }
    Ok(document)
}

/// Headings and paragraphs (list items and quotes count as paragraphs), in order.
pub(crate) fn blocks_of(html: &str) -> Document {
    let page = Html::parse_document(html);
    let selector = Selector::parse("h1, h2, h3, h4, p, li, blockquote, pre").expect("a valid selector");
    let skip = Selector::parse("script, style, nav, footer, header, aside, form, noscript").expect("a valid selector");
    let skipped: Vec<_> = page.select(&skip).map(|e| e.id()).collect();
    let mut blocks = Vec::new();
    for element in page.select(&selector) {
        if element.ancestors().any(|a| skipped.contains(&a.id())) {
            continue;
        }
        // A paragraph inside a list item or quote is read once, as itself.
        let name = element.value().name();
        if matches!(name, "li" | "blockquote") && element.select(&Selector::parse("p").expect("a valid selector")).next().is_some() {
            continue;
        }
        let text = normalise_space(&element.text().collect::<String>());
        if text.is_empty() {
            continue;
        }
        blocks.push(if name.starts_with('h') { Block::Heading(text) } else { Block::Paragraph(text) });
    }
    Document { title: String::new(), blocks }
}

fn page_title(html: &str) -> String {
    let page = Html::parse_document(html);
    let title = Selector::parse("title").expect("a valid selector");
    page.select(&title).next().map(|t| normalise_space(&t.text().collect::<String>())).unwrap_or_default()
}
