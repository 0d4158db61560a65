//! PDF text through pdf-extract, page by page. A damaged or encrypted file is refused, never a
//! crash: the library's panics on malformed input are caught.

use super::{plain_text, Document, ExtractError};

pub(super) fn extract(bytes: &[u8]) -> Result<Document, ExtractError> {
    let pages = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(bytes))
        .map_err(|_| ExtractError::Unreadable)?
        .map_err(|_| ExtractError::Unreadable)?;
    // Lines inside a paragraph end with a single newline; blank lines separate paragraphs.
    let text = pages.join("\n\n").replace('\u{a0}', " ");
    let mut document = plain_text(&text);
    document.title = title_of(bytes).unwrap_or(document.title);
    Ok(document)
}

/// The document information's title (PDFDocEncoding or UTF-16 with its byte-order mark).
fn title_of(bytes: &[u8]) -> Option<String> {
    let read = || -> Option<Vec<u8>> {
        let document = lopdf::Document::load_mem(bytes).ok()?;
        let info = match document.trailer.get(b"Info").ok()? {
            lopdf::Object::Reference(id) => document.get_object(*id).ok()?,
            other => other,
        };
        Some(info.as_dict().ok()?.get(b"Title").ok()?.as_str().ok()?.to_vec())
    };
    let raw = std::panic::catch_unwind(read).ok()??;
    let text = match raw.strip_prefix(&[0xfe, 0xff]) {
        Some(utf16) => String::from_utf16_lossy(&utf16.chunks_exact(2).map(|pair| u16::from_be_bytes([pair[0], pair[1]])).collect::<Vec<_>>()),
        None => raw.iter().map(|&b| char::from(b)).collect(),
    };
    let title = super::normalise_space(&text);
    (!title.is_empty() && title.chars().all(|c| !c.is_control())).then_some(title)
}
