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

/// An EPUB in memory: `mimetype` first and stored, then the given files deflated.
fn epub_of(files: &[(&str, &str)]) -> Vec<u8> {
    use std::io::Write;
    use zip::write::SimpleFileOptions;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("mimetype", SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored)).unwrap();
    zip.write_all(b"application/epub+zip").unwrap();
    for (name, text) in files {
        zip.start_file(*name, SimpleFileOptions::default()).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn chapter(body: &str) -> String {
    format!("<?xml version='1.0' encoding='utf-8'?>\n<html xmlns='http://www.w3.org/1999/xhtml'><head><title>t</title></head><body>{body}</body></html>")
}

#[test]
fn the_epub_container_and_package_are_read_as_xml_however_they_are_spelled() {
    // Prefixed names, single quotes, another rendition named first, decoys in comments, the
    // manifest in another order than the spine and the title in CDATA: all the same to XML.
    let container = "<?xml version='1.0' encoding='utf-8'?>\n\
        <!-- <rootfile full-path=\"decoy.opf\" media-type=\"application/oebps-package+xml\"/> -->\n\
        <ocf:container xmlns:ocf='urn:oasis:names:tc:opendocument:xmlns:container' version='1.0'><ocf:rootfiles>\n\
          <ocf:rootfile media-type='application/pdf' full-path='print/book.pdf'/>\n\
          <ocf:rootfile media-type='application/oebps-package+xml' full-path='content/book.opf'/>\n\
        </ocf:rootfiles></ocf:container>";
    let package = "<?xml version='1.0' encoding='utf-8'?>\n\
        <opf:package xmlns:opf='http://www.idpf.org/2007/opf' xmlns:dc='http://purl.org/dc/elements/1.1/' version='3.0' unique-identifier='uid'>\n\
          <opf:metadata><dc:identifier id='uid'>urn:uuid:0b7e6f5a-1c2d-4e3f-8a9b-0c1d2e3f4a5b</dc:identifier>\n\
            <dc:title><![CDATA[Rivers & Deltas]]></dc:title><opf:meta property='dcterms:modified'>2025-01-01T00:00:00Z</opf:meta></opf:metadata>\n\
          <opf:manifest>\n\
            <!-- <opf:item id='two' href='decoy.xhtml' media-type='application/xhtml+xml'/> -->\n\
            <opf:item media-type='application/xhtml+xml' href='text/two.xhtml' id='two'/>\n\
            <opf:item href='text/one%20part.xhtml' id='one' media-type='application/xhtml+xml'/>\n\
          </opf:manifest>\n\
          <opf:spine><opf:itemref idref='one'/><opf:itemref idref='two'/></opf:spine>\n\
        </opf:package>";
    let decoy = chapter("<p>This decoy chapter must never be read.</p>");
    let bytes = epub_of(&[
        ("META-INF/container.xml", container),
        ("decoy.opf", "<package xmlns='http://www.idpf.org/2007/opf'><spine><itemref idref='d'/></spine></package>"),
        ("content/book.opf", package),
        ("content/decoy.xhtml", &decoy),
        ("content/text/one part.xhtml", &chapter("<h1>Where Rivers Begin</h1><p>A river begins as rain that gathers in the hills.</p>")),
        ("content/text/two.xhtml", &chapter("<p>A delta forms where the river slows and drops its sand.</p>")),
    ]);
    assert_eq!(detect(&bytes), Some(DocKind::Epub));
    let document = extract(DocKind::Epub, &bytes, None).unwrap();
    assert_eq!(document.title, "Rivers & Deltas");
    assert_eq!(
        document.blocks,
        vec![
            Block::Heading("Where Rivers Begin".into()),
            Block::Paragraph("A river begins as rain that gathers in the hills.".into()),
            Block::Paragraph("A delta forms where the river slows and drops its sand.".into()),
        ]
    );
}

#[test]
fn an_epub_whose_container_or_package_is_not_xml_is_refused() {
    let package =
        "<package xmlns='http://www.idpf.org/2007/opf'><spine><itemref idref='a'/></spine><manifest><item id='a' href='a.xhtml'/></manifest></package>";
    let chapter = chapter("<p>Words enough to count as text here.</p>");
    let good = epub_of(&[
        (
            "META-INF/container.xml",
            "<container xmlns='urn:oasis:names:tc:opendocument:xmlns:container'><rootfiles><rootfile full-path='p.opf'/></rootfiles></container>",
        ),
        ("p.opf", package),
        ("a.xhtml", &chapter),
    ]);
    assert_eq!(extract(DocKind::Epub, &good, None).unwrap().blocks, vec![Block::Paragraph("Words enough to count as text here.".into())]);
    // The same package cut short (not well-formed) and a container without a rootfile.
    let cut = epub_of(&[
        (
            "META-INF/container.xml",
            "<container xmlns='urn:oasis:names:tc:opendocument:xmlns:container'><rootfiles><rootfile full-path='p.opf'/></rootfiles></container>",
        ),
        ("p.opf", &package[..package.len() - 12]),
        ("a.xhtml", &chapter),
    ]);
    assert_eq!(extract(DocKind::Epub, &cut, None).unwrap_err(), ExtractError::Unreadable);
    let empty = epub_of(&[
        ("META-INF/container.xml", "<container xmlns='urn:oasis:names:tc:opendocument:xmlns:container'/>"),
        ("p.opf", package),
        ("a.xhtml", &chapter),
    ]);
    assert_eq!(extract(DocKind::Epub, &empty, None).unwrap_err(), ExtractError::Unreadable);
}

/// A one-page PDF (Helvetica, not embedded) whose page content and form XObject are given.
fn pdf_with(page: &str, form: &str) -> Vec<u8> {
    use lopdf::{dictionary, Object, Stream};
    let mut pdf = lopdf::Document::with_version("1.7");
    let pages = pdf.new_object_id();
    let font = pdf.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" });
    let a4 = || vec![Object::from(0), 0.into(), 595.into(), 842.into()];
    let form = pdf.add_object(Stream::new(dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => a4() }, form.as_bytes().to_vec()));
    let resources = dictionary! { "Font" => dictionary! { "F1" => font }, "XObject" => dictionary! { "Fm1" => form } };
    let content = pdf.add_object(Stream::new(dictionary! {}, page.as_bytes().to_vec()));
    let page = pdf.add_object(dictionary! { "Type" => "Page", "Parent" => pages, "Contents" => content, "Resources" => resources, "MediaBox" => a4() });
    pdf.objects.insert(pages, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1 }));
    let catalog = pdf.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages });
    pdf.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    pdf.save_to(&mut bytes).unwrap();
    bytes
}

#[test]
fn a_pdf_s_quote_operators_show_their_lines_in_pages_and_forms() {
    // `'` is T* then Tj; `"` sets word and character spacing, then does the same (ISO 32000-1
    // §9.4.3). pdf-extract reads neither; the extractor spells them out, here in the page's
    // content and in a form XObject it draws.
    let page = "BT /F1 12 Tf 16 TL 72 760 Td (The page shows its first line with Tj.) Tj \
                0 0 (Its second line comes with the double quote operator.) \" ET /Fm1 Do";
    let form = "BT /F1 12 Tf 16 TL 72 600 Td (The form shows its first line with Tj.) Tj (Its second line comes with the single quote operator.) ' ET";
    let bytes = pdf_with(page, form);
    assert_eq!(detect(&bytes), Some(DocKind::Pdf));
    let document = extract(DocKind::Pdf, &bytes, None).unwrap();
    assert_eq!(
        normalise_space(&paragraphs(&document)),
        "The page shows its first line with Tj. Its second line comes with the double quote operator. \
         The form shows its first line with Tj. Its second line comes with the single quote operator."
    );
}
