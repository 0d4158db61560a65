//! The EPUB 3 book (with the EPUB 2 NCX for older readers): a title page with the cover, one
//! XHTML chapter per section, a navigation document. Written directly rather than through
//! epub-builder, whose OPF gives the language and the author the same id (`epub-creator-0`).

use std::fmt::Write as _;
use std::io::{Cursor, Write as _};

use ego_tree::NodeRef;
use scraper::{Html, Node};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

use crate::cover::Kind;
use crate::{DocumentError, Summary};

/// The summaries are written in English; the API has no language yet.
const LANGUAGE: &str = "en";

const CONTAINER: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"#;

const STYLESHEET: &str = "body { font-family: serif; line-height: 1.45; margin: 0 5%; }
h1 { font-size: 1.5em; margin: 1em 0 0.8em; }
h2 { font-size: 1.25em; } h3 { font-size: 1.1em; } h4 { font-size: 1em; }
p { margin: 0 0 0.7em; text-align: justify; }
blockquote { margin: 0.8em 1.5em; font-style: italic; }
pre { white-space: pre-wrap; font-size: 0.85em; }
figcaption { font-size: 0.85em; text-align: center; font-style: italic; }
.title-page { text-align: center; }
.title-page .cover img { max-width: 100%; max-height: 60vh; }
.title-page h1 { font-size: 1.8em; margin-top: 1.2em; }
.title-page .author { font-style: italic; font-size: 1.15em; }
.title-page .description { text-align: justify; }
.title-page .site { font-size: 0.8em; margin-top: 2em; }
";

pub(crate) fn write(summary: &Summary) -> Result<Vec<u8>, DocumentError> {
    let cover = summary.cover.and_then(|cover| crate::cover::decode(cover.bytes).map(|decoded| (cover.bytes, decoded.kind)));
    let cover_href = cover.map(|(_, kind)| format!("cover.{}", kind.extension()));
    let identifier = identifier(summary);
    let title = fallback(summary.title, "Untitled");
    let chapters: Vec<Chapter> = summary
        .sections
        .iter()
        .enumerate()
        .map(|(index, section)| Chapter {
            file: format!("section-{:03}.xhtml", index + 1),
            id: format!("section-{}", index + 1),
            heading: section.title.trim().to_owned(),
            label: if section.title.trim().is_empty() {
                if summary.sections.len() == 1 {
                    title.to_owned()
                } else {
                    format!("Part {}", index + 1)
                }
            } else {
                section.title.trim().to_owned()
            },
            html: section.html,
        })
        .collect();

    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("META-INF/container.xml".into(), CONTAINER.into()),
        ("OEBPS/content.opf".into(), package(summary, &identifier, cover.map(|(_, kind)| kind), &chapters).into()),
        ("OEBPS/nav.xhtml".into(), navigation(title, &chapters).into()),
        ("OEBPS/toc.ncx".into(), ncx(summary, &identifier, &chapters).into()),
        ("OEBPS/style.css".into(), STYLESHEET.into()),
        ("OEBPS/title.xhtml".into(), title_page(summary, cover_href.as_deref()).into()),
    ];
    if let (Some((bytes, _)), Some(href)) = (cover, &cover_href) {
        files.push((format!("OEBPS/{href}"), bytes.to_vec()));
    }
    for chapter in &chapters {
        files.push((format!("OEBPS/{}", chapter.file), chapter_page(title, chapter, summary.site).into()));
    }
    archive(&files).map_err(|_| DocumentError::Epub("the archive could not be written".into()))
}

struct Chapter<'a> {
    file: String,
    id: String,
    /// The section's title as written (may be empty).
    heading: String,
    /// What the contents list it as.
    label: String,
    html: &'a str,
}

/// The ZIP container: `mimetype` first and stored (no compression, no extra field), as the OCF
/// spec requires, the rest deflated.
fn archive(files: &[(String, Vec<u8>)]) -> zip::result::ZipResult<Vec<u8>> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    zip.start_file("mimetype", SimpleFileOptions::default().compression_method(CompressionMethod::Stored))?;
    zip.write_all(b"application/epub+zip")?;
    let deflated = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, bytes) in files {
        zip.start_file(name.as_str(), deflated)?;
        zip.write_all(bytes)?;
    }
    Ok(zip.finish()?.into_inner())
}

fn fallback<'a>(text: &'a str, default: &'a str) -> &'a str {
    if text.trim().is_empty() {
        default
    } else {
        text.trim()
    }
}

/// A stable identifier for the book (the same summary gives the same id, so a reader can
/// replace an earlier copy): a UUID (version 8) from two FNV-1a hashes of title, author and site.
fn identifier(summary: &Summary) -> String {
    let hash = |seed: u64| {
        let mut hash = seed;
        for byte in [summary.title, summary.author, summary.site].join("\u{0}").bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash
    };
    let (high, low) = (hash(0xcbf2_9ce4_8422_2325), hash(0x6c62_272e_07bb_0142));
    let high = (high & !0xF000) | 0x8000; // version 8
    let low = (low & !(0b11 << 62)) | (0b10 << 62); // RFC 9562 variant
    format!("urn:uuid:{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", high >> 32, (high >> 16) & 0xFFFF, high & 0xFFFF, low >> 48, low & 0xFFFF_FFFF_FFFF)
}

fn package(summary: &Summary, identifier: &str, cover: Option<Kind>, chapters: &[Chapter]) -> String {
    let modified = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ");
    let mut opf = String::new();
    let _ = write!(
        opf,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="{LANGUAGE}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">{identifier}</dc:identifier>
    <dc:title id="book-title">{title}</dc:title>
    <dc:language id="book-language">{LANGUAGE}</dc:language>
"#,
        title = escape(fallback(summary.title, "Untitled")),
    );
    if !summary.author.trim().is_empty() {
        let _ = writeln!(opf, r#"    <dc:creator id="book-author">{}</dc:creator>"#, escape(summary.author.trim()));
        opf.push_str("    <meta refines=\"#book-author\" property=\"role\" scheme=\"marc:relators\">aut</meta>\n");
    }
    if !summary.description.trim().is_empty() {
        let _ = writeln!(opf, "    <dc:description>{}</dc:description>", escape(summary.description.trim()));
    }
    if !summary.site.trim().is_empty() {
        let _ = writeln!(opf, "    <dc:publisher>{}</dc:publisher>", escape(summary.site.trim()));
    }
    let _ = writeln!(opf, r#"    <meta property="dcterms:modified">{modified}</meta>"#);
    if cover.is_some() {
        // EPUB 2 readers (and older Kindles) find the cover through this.
        opf.push_str("    <meta name=\"cover\" content=\"cover-image\"/>\n");
    }
    opf.push_str("  </metadata>\n  <manifest>\n");
    opf.push_str("    <item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n");
    opf.push_str("    <item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>\n");
    opf.push_str("    <item id=\"style\" href=\"style.css\" media-type=\"text/css\"/>\n");
    if let Some(kind) = cover {
        let _ = writeln!(opf, r#"    <item id="cover-image" href="cover.{}" media-type="{}" properties="cover-image"/>"#, kind.extension(), kind.media_type());
    }
    opf.push_str("    <item id=\"title-page\" href=\"title.xhtml\" media-type=\"application/xhtml+xml\"/>\n");
    for chapter in chapters {
        let _ = writeln!(opf, r#"    <item id="{}" href="{}" media-type="application/xhtml+xml"/>"#, chapter.id, chapter.file);
    }
    // The contents page follows the title page (Kindle also lists it under "Table of Contents").
    opf.push_str("  </manifest>\n  <spine toc=\"ncx\">\n    <itemref idref=\"title-page\"/>\n    <itemref idref=\"nav\"/>\n");
    for chapter in chapters {
        let _ = writeln!(opf, r#"    <itemref idref="{}"/>"#, chapter.id);
    }
    opf.push_str("  </spine>\n  <guide>\n");
    opf.push_str("    <reference type=\"cover\" title=\"Cover\" href=\"title.xhtml\"/>\n");
    opf.push_str("    <reference type=\"toc\" title=\"Contents\" href=\"nav.xhtml\"/>\n");
    let start = chapters.first().map_or("title.xhtml", |chapter| chapter.file.as_str());
    let _ = writeln!(opf, r#"    <reference type="text" title="Start" href="{start}"/>"#);
    opf.push_str("  </guide>\n</package>\n");
    opf
}

fn xhtml_page(title: &str, body: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="{LANGUAGE}" lang="{LANGUAGE}">
<head>
  <meta charset="utf-8"/>
  <title>{}</title>
  <link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
{body}
</body>
</html>
"#,
        escape(title)
    )
}

fn navigation(title: &str, chapters: &[Chapter]) -> String {
    let mut body = String::from("<nav epub:type=\"toc\" id=\"toc\">\n  <h1>Contents</h1>\n  <ol>\n");
    let _ = writeln!(body, "    <li><a href=\"title.xhtml\">{}</a></li>", escape(title));
    for chapter in chapters {
        let _ = writeln!(body, "    <li><a href=\"{}\">{}</a></li>", chapter.file, escape(&chapter.label));
    }
    body.push_str("  </ol>\n</nav>\n<nav epub:type=\"landmarks\" id=\"landmarks\" hidden=\"hidden\">\n  <ol>\n");
    body.push_str("    <li><a epub:type=\"cover\" href=\"title.xhtml\">Cover</a></li>\n");
    body.push_str("    <li><a epub:type=\"toc\" href=\"nav.xhtml#toc\">Contents</a></li>\n");
    if let Some(first) = chapters.first() {
        let _ = writeln!(body, "    <li><a epub:type=\"bodymatter\" href=\"{}\">Start</a></li>", first.file);
    }
    body.push_str("  </ol>\n</nav>");
    xhtml_page("Contents", &body)
}

fn ncx(summary: &Summary, identifier: &str, chapters: &[Chapter]) -> String {
    let title = fallback(summary.title, "Untitled");
    let mut ncx = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="{LANGUAGE}">
  <head>
    <meta name="dtb:uid" content="{identifier}"/>
    <meta name="dtb:depth" content="1"/>
    <meta name="dtb:totalPageCount" content="0"/>
    <meta name="dtb:maxPageNumber" content="0"/>
  </head>
  <docTitle><text>{}</text></docTitle>
  <docAuthor><text>{}</text></docAuthor>
  <navMap>
    <navPoint id="nav-title-page" playOrder="1"><navLabel><text>{}</text></navLabel><content src="title.xhtml"/></navPoint>
"#,
        escape(title),
        escape(fallback(summary.author, "Unknown")),
        escape(title),
    );
    for (index, chapter) in chapters.iter().enumerate() {
        let _ = writeln!(
            ncx,
            r#"    <navPoint id="nav-{}" playOrder="{}"><navLabel><text>{}</text></navLabel><content src="{}"/></navPoint>"#,
            chapter.id,
            index + 2,
            escape(&chapter.label),
            chapter.file
        );
    }
    ncx.push_str("  </navMap>\n</ncx>\n");
    ncx
}

fn title_page(summary: &Summary, cover_href: Option<&str>) -> String {
    let title = fallback(summary.title, "Untitled");
    let mut body = String::from("<section epub:type=\"titlepage\" class=\"title-page\" id=\"title-page\">\n");
    if let Some(href) = cover_href {
        let _ = writeln!(body, "  <div class=\"cover\"><img src=\"{href}\" alt=\"{}\"/></div>", escape(&format!("Cover: {title}")));
    }
    let _ = writeln!(body, "  <h1>{}</h1>", escape(title));
    if !summary.author.trim().is_empty() {
        let _ = writeln!(body, "  <p class=\"author\">{}</p>", escape(summary.author.trim()));
    }
    for paragraph in summary.description.replace("\r\n", "\n").split("\n\n").filter(|p| !p.trim().is_empty()) {
        let _ = writeln!(body, "  <p class=\"description\">{}</p>", escape(paragraph.trim()));
    }
    if !summary.site.trim().is_empty() {
        let _ = writeln!(body, "  <p class=\"site\">{}</p>", escape(summary.site.trim()));
    }
    body.push_str("</section>");
    xhtml_page(title, &body)
}

fn chapter_page(book_title: &str, chapter: &Chapter, site: &str) -> String {
    let mut body = format!("<section epub:type=\"chapter\" id=\"{}\">\n", chapter.id);
    if !chapter.heading.is_empty() {
        let _ = writeln!(body, "<h1>{}</h1>", escape(&chapter.heading));
    }
    body.push_str(&xhtml_fragment(chapter.html, site));
    body.push_str("\n</section>");
    let title = if chapter.heading.is_empty() { book_title } else { chapter.heading.as_str() };
    xhtml_page(title, &body)
}

/// Sanitised HTML as XHTML: the catalogue's tags (closed, void ones self-closed), text escaped,
/// every attribute dropped but a link's `href` (absolute http(s) or mailto; site-relative ones
/// made absolute) and a list's `start`; images left out, unknown elements unwrapped.
pub(crate) fn xhtml_fragment(html: &str, site: &str) -> String {
    let fragment = Html::parse_fragment(html);
    let mut out = String::new();
    for child in fragment.root_element().children() {
        write_node(child, site, &mut out);
    }
    out
}

fn write_node(node: NodeRef<Node>, site: &str, out: &mut String) {
    let children = |out: &mut String| {
        for child in node.children() {
            write_node(child, site, out);
        }
    };
    match node.value() {
        Node::Text(text) => out.push_str(&escape(text)),
        Node::Element(element) => match element.name() {
            "img" | "script" | "style" | "template" | "head" | "title" => {}
            "br" => out.push_str("<br/>"),
            "hr" => out.push_str("<hr/>"),
            "a" => match element.attr("href").and_then(|href| link(href, site)) {
                Some(href) => {
                    let _ = write!(out, "<a href=\"{}\">", escape(&href));
                    children(out);
                    out.push_str("</a>");
                }
                None => children(out),
            },
            "ol" => {
                match element.attr("start").and_then(|start| start.trim().parse::<u32>().ok()) {
                    Some(start) if start != 1 => {
                        let _ = write!(out, "<ol start=\"{start}\">");
                    }
                    _ => out.push_str("<ol>"),
                }
                children(out);
                out.push_str("</ol>");
            }
            name @ ("h2" | "h3" | "h4" | "p" | "blockquote" | "ul" | "li" | "em" | "strong" | "b" | "i" | "u" | "figure" | "figcaption" | "code" | "pre"
            | "sup" | "sub") => {
                let _ = write!(out, "<{name}>");
                children(out);
                let _ = write!(out, "</{name}>");
            }
            "h1" => {
                out.push_str("<h2>");
                children(out);
                out.push_str("</h2>");
            }
            "h5" | "h6" => {
                out.push_str("<h4>");
                children(out);
                out.push_str("</h4>");
            }
            _ => children(out),
        },
        _ => {}
    }
}

/// The link target a chapter may carry.
fn link(href: &str, site: &str) -> Option<String> {
    let href = href.trim();
    let lower = href.to_ascii_lowercase();
    if ["http://", "https://", "mailto:"].iter().any(|scheme| lower.starts_with(scheme)) {
        Some(href.to_owned())
    } else if href.starts_with('/') && !href.starts_with("//") && !site.trim().is_empty() {
        Some(format!("{}{href}", site.trim().trim_end_matches('/')))
    } else {
        None
    }
}

/// Text for XML content and attributes; characters XML 1.0 forbids are dropped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_becomes_well_formed_xhtml() {
        let xhtml = xhtml_fragment(
            "<p>a<br>b &amp; c &lt;d&gt; <img src=\"x.png\" alt=\"x\"><a href=\"https://e.org/?a=1&amp;b=2\" rel=\"noopener\">link</a> \
             <a href=\"javascript:alert(1)\">bad</a> <a href=\"/books/x\">rel</a></p><hr><ol start=\"4\"><li>four</li></ol><h5>five</h5>\u{1}",
            "https://gistbook.app/",
        );
        assert_eq!(
            xhtml,
            "<p>a<br/>b &amp; c &lt;d&gt; <a href=\"https://e.org/?a=1&amp;b=2\">link</a> bad \
             <a href=\"https://gistbook.app/books/x\">rel</a></p><hr/><ol start=\"4\"><li>four</li></ol><h4>five</h4>"
        );
    }

    #[test]
    fn the_identifier_is_a_stable_uuid() {
        let summary = Summary { title: "T", author: "A", description: "", cover: None, sections: vec![], site: "s" };
        let id = identifier(&summary);
        assert_eq!(id, identifier(&summary));
        assert_eq!(id.len(), "urn:uuid:".len() + 36);
        assert_eq!(&id[23..24], "8");
    }
}
