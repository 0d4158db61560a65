//! The PDF, read back with a PDF text extractor (pdf-extract) and its object parser (lopdf).

mod common;

use common::{normalise, png_cover, summary, AUTHOR, IN_ORDER, SECTIONS, SITE, TITLE};
use documents::{Section, Summary};
use pdf_extract::{Dictionary, Document, Object};

fn text(pdf: &[u8]) -> String {
    normalise(&pdf_extract::extract_text_from_mem(pdf).expect("the PDF's text extracts"))
}

fn pages(pdf: &[u8]) -> Vec<String> {
    pdf_extract::extract_text_from_mem_by_pages(pdf).expect("the PDF's pages extract")
}

/// Asserts that each needle occurs in `haystack` after the previous one.
fn assert_in_order(haystack: &str, needles: &[&str]) {
    let mut from = 0;
    for needle in needles {
        let needle = normalise(needle);
        match haystack[from..].find(&needle) {
            Some(at) => from += at + needle.len(),
            None => panic!("{needle:?} missing or out of order after byte {from} in:\n{haystack}"),
        }
    }
}

fn image_xobjects(document: &Document, page: u32) -> usize {
    let page_id = document.get_pages()[&page];
    let (resources, inherited) = document.get_page_resources(page_id).expect("page resources");
    let mut dictionaries: Vec<&Dictionary> = resources.into_iter().collect();
    dictionaries.extend(inherited.into_iter().filter_map(|id| document.get_dictionary(id).ok()));
    let mut count = 0;
    for resources in dictionaries {
        let Ok(xobjects) = resources.get(b"XObject").and_then(|object| document.dereference(object)) else { continue };
        let Ok(xobjects) = xobjects.1.as_dict() else { continue };
        for (_, reference) in xobjects.iter() {
            let (_, object) = document.dereference(reference).expect("xobject");
            if let Object::Stream(stream) = object {
                if stream.dict.get(b"Subtype").and_then(Object::as_name).is_ok_and(|name| name == b"Image") {
                    count += 1;
                }
            }
        }
    }
    count
}

#[test]
fn the_pdf_has_a_pdf_header_and_its_text_reads_in_order() {
    let pdf = documents::pdf(&summary(None)).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    let text = text(&pdf);
    assert_in_order(&text, &IN_ORDER);
    for (title, _) in SECTIONS.iter().filter(|(title, _)| !title.is_empty()) {
        assert!(text.contains(&normalise(title)), "section title {title:?} missing");
    }
}

#[test]
fn the_pdf_shows_no_markup() {
    let text = text(&documents::pdf(&summary(None)).unwrap());
    for markup in ["<p", "</", "<h", "<strong", "<em", "<a ", "<img", "<li", "href", "&amp;", "&lt;", "pic.png", "a.png", "noopener"] {
        assert!(!text.contains(markup), "{markup:?} in the text:\n{text}");
    }
}

#[test]
fn curly_quotes_dashes_and_accents_survive() {
    let text = text(&documents::pdf(&summary(None)).unwrap());
    for word in ["Caf\u{e9}\u{2019}s", "\u{201C}Secret\u{201D}", "Zo\u{eb}", "N\u{fa}\u{f1}ez", "na\u{ef}ve", "\u{2014}", "\u{416}\u{438}\u{437}\u{43d}\u{44c}"]
    {
        assert!(text.contains(word), "{word:?} missing from:\n{text}");
    }
}

#[test]
fn every_page_but_the_title_page_is_numbered() {
    let pages = pages(&documents::pdf(&summary(None)).unwrap());
    assert!(pages.len() >= 5, "a title page and one page per section: {}", pages.len());
    let last_line = |page: &str| page.lines().map(str::trim).rfind(|line| !line.is_empty()).unwrap_or("").to_owned();
    assert_eq!(last_line(&pages[0]), SITE, "the title page ends with the colophon, not a number");
    assert!(normalise(&pages[0]).contains(&normalise(TITLE)));
    for (index, page) in pages.iter().enumerate().skip(1) {
        assert_eq!(last_line(page), (index + 1).to_string(), "page {}:\n{page}", index + 1);
    }
}

#[test]
fn a_long_summary_paginates_without_losing_text() {
    let bodies: Vec<(String, String)> = (0..30)
        .map(|section| {
            let paragraphs: String = (0..5)
                .map(|paragraph| {
                    let words: Vec<String> = (0..60).map(|word| format!("w{section}x{paragraph}y{word}")).collect();
                    format!("<p>{}</p>", words.join(" "))
                })
                .collect();
            (format!("Chapter number {section}"), paragraphs)
        })
        .collect();
    let long = Summary { sections: bodies.iter().map(|(title, html)| Section { title, html }).collect(), ..summary(None) };
    let pdf = documents::pdf(&long).unwrap();
    let pages = pages(&pdf);
    assert!(pages.len() > 60, "30 sections of 5 long paragraphs fill more than two pages each: {}", pages.len());
    let text = text(&pdf);
    let mut expected = Vec::new();
    for section in 0..30 {
        expected.push(format!("Chapter number {section}"));
        for paragraph in 0..5 {
            for word in 0..60 {
                expected.push(format!("w{section}x{paragraph}y{word}"));
            }
        }
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    assert_in_order(&text, &expected);
    assert_eq!(text.matches("w29x4y59").count(), 1);
}

#[test]
fn a_cover_puts_an_image_on_the_title_page_only() {
    let cover = png_cover(240, 360);
    let pdf = documents::pdf(&summary(Some(&cover))).unwrap();
    let document = Document::load_mem(&pdf).unwrap();
    assert_eq!(image_xobjects(&document, 1), 1);
    assert_eq!(image_xobjects(&document, 2), 0);
    assert_in_order(&text(&pdf), &[TITLE, AUTHOR]);

    let without = Document::load_mem(&documents::pdf(&summary(None)).unwrap()).unwrap();
    assert_eq!(image_xobjects(&without, 1), 0);
}

#[test]
fn a_corrupt_or_unsupported_cover_is_skipped() {
    let mut truncated = png_cover(50, 50);
    truncated.truncate(truncated.len() / 2);
    for bad in [truncated, b"GIF89a\x01\x00\x01\x00".to_vec(), b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec(), vec![]] {
        let pdf = documents::pdf(&summary(Some(&bad))).expect("a bad cover is not an error");
        let document = Document::load_mem(&pdf).unwrap();
        assert_eq!(image_xobjects(&document, 1), 0);
        assert!(text(&pdf).contains(&normalise(TITLE)));
    }
}

#[test]
fn fonts_are_embedded_subsets_and_the_file_stays_small() {
    let pdf = documents::pdf(&summary(None)).unwrap();
    let document = Document::load_mem(&pdf).unwrap();
    let mut names = Vec::new();
    let mut files = 0;
    for object in document.objects.values() {
        let dict = match object {
            Object::Dictionary(dict) => dict,
            Object::Stream(stream) => &stream.dict,
            _ => continue,
        };
        if dict.get(b"Type").and_then(Object::as_name).is_ok_and(|name| name == b"FontDescriptor") {
            names.push(String::from_utf8_lossy(dict.get(b"FontName").unwrap().as_name().unwrap()).into_owned());
            files += usize::from(dict.get(b"FontFile2").is_ok());
        }
    }
    assert_eq!(files, names.len());
    let mut styles: Vec<&str> = names.iter().map(|name| name.split_once('+').expect("a subset tag").1).collect();
    styles.sort_unstable();
    // Regular text, bold (headings, <strong>), italic (<em>, the author), mono (<code>, <pre>).
    assert_eq!(styles, ["DejaVuSansMono", "DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"]);
    assert!(pdf.len() < 80_000, "four subset fonts and five pages: {} bytes", pdf.len());
}

#[test]
fn an_empty_summary_still_makes_a_document() {
    let empty = Summary { title: "", author: "", description: "", cover: None, sections: vec![], site: "" };
    let pdf = documents::pdf(&empty).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert_eq!(Document::load_mem(&pdf).unwrap().get_pages().len(), 1);
}
