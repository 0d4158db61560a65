use super::*;

const SITE: &str = "https://gistbook.app";

fn summary_doc<'a>(sections: &'a [(&'a str, &'a str)]) -> documents::Summary<'a> {
    documents::Summary {
        title: "Deep Focus",
        author: "A. Writer",
        description: "",
        cover: None,
        sections: sections.iter().map(|(title, html)| documents::Section { title, html }).collect(),
        site: SITE,
    }
}

fn paragraphs(document: &Document) -> String {
    document
        .blocks
        .iter()
        .filter_map(|b| match b {
            Block::Paragraph(text) => Some(text.as_str()),
            Block::Heading(_) => None,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_pdf_made_in_the_test_gives_its_text() {
    let sections = [("Attention", "<p>Attention is the scarcest resource of modern work.</p><p>Protect your mornings for deep work.</p>")];
    let bytes = documents::pdf(&summary_doc(&sections)).unwrap();
    assert_eq!(detect(&bytes), Some(DocKind::Pdf));
    let document = extract(DocKind::Pdf, &bytes, None).unwrap();
    assert_eq!(document.title, "Deep Focus");
    let text = paragraphs(&document);
    assert!(text.contains("Attention is the scarcest resource of modern work."), "{text}");
    assert!(text.contains("Protect your mornings for deep work."), "{text}");
    // A damaged PDF is refused, not a crash.
    assert_eq!(extract(DocKind::Pdf, &bytes[..bytes.len() / 3], None).unwrap_err(), ExtractError::Unreadable);
}

#[test]
fn an_epub_made_in_the_test_gives_its_chapters_in_order() {
    let sections = [("One", "<p>The first chapter explains why focus matters.</p>"), ("Two", "<p>The second chapter shows how to schedule deep work.</p>")];
    let bytes = documents::epub(&summary_doc(&sections)).unwrap();
    assert_eq!(detect(&bytes), Some(DocKind::Epub));
    let document = extract(DocKind::Epub, &bytes, None).unwrap();
    assert_eq!(document.title, "Deep Focus");
    let text = paragraphs(&document);
    let first = text.find("The first chapter explains why focus matters.").expect("first chapter");
    let second = text.find("The second chapter shows how to schedule deep work.").expect("second chapter");
    assert!(first < second);
    assert!(document.blocks.contains(&Block::Heading("Two".into())), "{:?}", document.blocks);
}

#[test]
fn a_web_page_gives_its_article_without_the_navigation() {
    let body = "<p>Sleep is when the brain files away what it learned during the day, and skipping it costs more than it saves.</p>".repeat(6);
    let html = format!(
        "<!DOCTYPE html><html><head><title>Why Sleep Matters | Site</title><script>var x = 1;</script></head><body>\
         <nav><a href=\"/\">Home</a> <a href=\"/shop\">Shop the sale now</a></nav>\
         <article><h1>Why Sleep Matters</h1><h2>Memory</h2>{body}<p>Adults need seven to nine hours of sleep.</p></article>\
         <footer>Copyright notice and cookie settings</footer></body></html>"
    );
    assert_eq!(detect(html.as_bytes()), Some(DocKind::Html));
    let document = extract(DocKind::Html, html.as_bytes(), Some("https://example.com/sleep")).unwrap();
    assert!(document.title.contains("Why Sleep Matters"), "{}", document.title);
    let text = paragraphs(&document);
    assert!(text.contains("Adults need seven to nine hours of sleep."), "{text}");
    assert!(!text.contains("Shop the sale") && !text.contains("cookie settings") && !text.contains("var x"), "{text}");
}

#[test]
fn plain_text_keeps_paragraphs_and_a_short_first_line_is_the_title() {
    let document = extract(DocKind::Text, "My Notes\n\nFirst line of a paragraph\ncontinues here.\n\n\nSecond paragraph.".as_bytes(), None).unwrap();
    assert_eq!(document.title, "My Notes");
    assert_eq!(document.blocks, vec![Block::Paragraph("First line of a paragraph continues here.".into()), Block::Paragraph("Second paragraph.".into())]);
    assert_eq!(extract(DocKind::Text, b"   \n\n ", None).unwrap_err(), ExtractError::NoText);
}

#[test]
fn the_kind_comes_from_the_bytes() {
    assert_eq!(detect(b"%PDF-1.7\n..."), Some(DocKind::Pdf));
    assert_eq!(detect(b"<html><body><p>x</p></body></html>"), Some(DocKind::Html));
    assert_eq!(detect("\u{feff}  <!DOCTYPE html><p>x".as_bytes()), Some(DocKind::Html));
    assert_eq!(detect(b"Just some words."), Some(DocKind::Text));
    // Images, executables and plain zips are not documents.
    assert_eq!(detect(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), None);
    assert_eq!(detect(b"\x7fELF\x02\x01\x01\0\0\0"), None);
    assert_eq!(detect(b"PK\x03\x04\x14\0\0\0\0\0somethingelse"), None);
}
