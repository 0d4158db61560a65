//! PDF text through pdf-extract, page by page, once the text operators it skips are spelled out
//! as ones it reads. A damaged or encrypted file is refused, never a crash: the library's panics
//! on malformed input are caught.

use super::{plain_text, Block, Document, ExtractError};
use lopdf::content::{Content, Operation};
use lopdf::Object;

pub(super) fn extract(bytes: &[u8]) -> Result<Document, ExtractError> {
    let (pages, title) = std::panic::catch_unwind(|| read(bytes)).map_err(|_| ExtractError::Unreadable)?.ok_or(ExtractError::Unreadable)?;
    // Lines inside a paragraph end with a single newline; blank lines separate paragraphs.
    let text = pages.join("\n\n").replace('\u{a0}', " ");
    let mut document = plain_text(&text);
    if let Some(title) = title {
        // A short first line was taken for the title; when the document names another, that line
        // is the first heading of the text, not its title.
        if !document.title.is_empty() && document.title.to_lowercase() != title.to_lowercase() {
            document.blocks.insert(0, Block::Paragraph(std::mem::take(&mut document.title)));
        }
        document.title = title;
    }
    Ok(document)
}

/// Each page's text, and the document information's title. The document is loaded once (by
/// lopdf, the library pdf-extract reads with); an encrypted one is opened with the empty
/// password, as readers open it without asking, or refused.
fn read(bytes: &[u8]) -> Option<(Vec<String>, Option<String>)> {
    let mut pdf = lopdf::Document::load_mem(bytes).ok()?;
    if pdf.is_encrypted() {
        pdf.decrypt("").ok()?;
    }
    let title = title_of(&pdf);
    spell_out_quote_operators(&mut pdf);
    let mut pages = Vec::new();
    for number in pdf.get_pages().into_keys() {
        let mut text = String::new();
        // As pdf-extract's own page loop: the first page it cannot read ends the text.
        if pdf_extract::output_doc_page(&pdf, &mut pdf_extract::PlainTextOutput::new(&mut text), number).is_err() {
            break;
        }
        pages.push(text);
    }
    Some((pages, title))
}

/// pdf-extract skips the operators `'` and `"` (move to the next line and show a string; the
/// second sets word and character spacing first, ISO 32000-1 §9.4.3), and Ghostscript writes every
/// line after a text block's first with `'`. So they are spelled out as the operators they stand
/// for, in each page's content and each form XObject, before the text is read.
fn spell_out_quote_operators(pdf: &mut lopdf::Document) {
    for page in pdf.get_pages().into_values() {
        if let Some(content) = pdf.get_page_content(page).ok().and_then(|content| spelled_out(&content)) {
            // Best effort: a page left as it was reads as before.
            let _ = pdf.change_page_content(page, content);
        }
    }
    for object in pdf.objects.values_mut() {
        let Object::Stream(stream) = object else { continue };
        if stream.dict.get(b"Subtype").and_then(Object::as_name).is_ok_and(|subtype| subtype == b"Form") {
            if let Some(content) = stream.decompressed_content().ok().and_then(|content| spelled_out(&content)) {
                stream.set_plain_content(content);
            }
        }
    }
}

/// The content stream with `'` and `"` spelled out, or none when it has neither (or cannot be
/// decoded, or its new spelling would not decode: it is then read as it was).
fn spelled_out(content: &[u8]) -> Option<Vec<u8>> {
    // Without either byte the content has neither operator, and is not decoded twice.
    if !content.iter().any(|byte| matches!(byte, b'\'' | b'"')) {
        return None;
    }
    let decoded = Content::decode(content).ok()?;
    if !decoded.operations.iter().any(|operation| matches!(operation.operator.as_str(), "'" | "\"")) {
        return None;
    }
    let mut operations = Vec::with_capacity(decoded.operations.len() * 2);
    for operation in decoded.operations {
        match (operation.operator.as_str(), operation.operands.as_slice()) {
            ("'", [text @ Object::String(..)]) => {
                operations.extend([Operation::new("T*", vec![]), Operation::new("Tj", vec![text.clone()])]);
            }
            ("\"", [word_spacing, character_spacing, text @ Object::String(..)]) => operations.extend([
                Operation::new("Tw", vec![word_spacing.clone()]),
                Operation::new("Tc", vec![character_spacing.clone()]),
                Operation::new("T*", vec![]),
                Operation::new("Tj", vec![text.clone()]),
            ]),
            _ => operations.push(operation),
        }
    }
    let encoded = Content { operations }.encode().ok()?;
    Content::decode(&encoded).ok().map(|_| encoded)
}

/// The document information's title (PDFDocEncoding or UTF-16 with its byte-order mark).
fn title_of(pdf: &lopdf::Document) -> Option<String> {
    let info = match pdf.trailer.get(b"Info").ok()? {
        Object::Reference(id) => pdf.get_object(*id).ok()?,
        other => other,
    };
    let raw = info.as_dict().ok()?.get(b"Title").ok()?.as_str().ok()?;
    let text = match raw.strip_prefix(&[0xfe, 0xff]) {
        Some(utf16) => String::from_utf16_lossy(&utf16.chunks_exact(2).map(|pair| u16::from_be_bytes([pair[0], pair[1]])).collect::<Vec<_>>()),
        None => raw.iter().map(|&b| char::from(b)).collect(),
    };
    let title = super::normalise_space(&text);
    (!title.is_empty() && title.chars().all(|c| !c.is_control())).then_some(title)
}
