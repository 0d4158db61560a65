//! A summary that uses every tag the catalogue's sanitiser keeps, and helpers.
#![allow(dead_code)]

use documents::{Cover, Section, Summary};

pub const TITLE: &str = "The Caf\u{e9}\u{2019}s \u{201C}Secret\u{201D} Menu";
pub const AUTHOR: &str = "Zo\u{eb} Bront\u{eb}-N\u{fa}\u{f1}ez";
pub const DESCRIPTION: &str = "A short guide to na\u{ef}ve habits \u{2014} and how to keep them.\n\nSecond paragraph of the description.";
pub const SITE: &str = "https://gistbook.app";

pub const SECTIONS: [(&str, &str); 4] = [
    (
        "Introduction: \u{201C}Why\u{201D} Habits Matter",
        "<p>Opening <strong>bold claim</strong> and an <em>italic aside</em> about the na\u{ef}ve caf\u{e9} owner \u{2014} \
         it\u{2019}s \u{201C}quoted\u{201D} here.</p><p>Second paragraph with a <a href=\"https://example.org/x?a=1&amp;b=2\" \
         rel=\"noopener noreferrer\">link text</a> and an image <img src=\"https://cdn.example.org/pic.png\" alt=\"picture\"> skipped; \
         entities &amp; &lt;kept&gt; as text.</p>",
    ),
    (
        "Lists and Quotes",
        "<h4>A smaller heading</h4><ul><li>First bullet point</li><li>Second bullet <b>point</b></li></ul>\
         <ol><li>Numbered one</li><li>Numbered two<ul><li>Nested item</li></ul></li></ol>\
         <blockquote><p>A quoted passage from the book.</p></blockquote><hr>\
         <figure><img src=\"a.png\"><figcaption>Figure caption text</figcaption></figure>",
    ),
    (
        "Code and Scripts",
        "<p>Water is H<sub>2</sub>O and E = mc<sup>2</sup>; call <code>habit.start()</code> daily.</p>\
         <pre>fn main() {\n    println!(\"hi\");\n}</pre><h2>Level two heading</h2><p>Closing words<br>after a break.</p>",
    ),
    ("", "<p>An untitled final part with Cyrillic \u{416}\u{438}\u{437}\u{43d}\u{44c} and Greek \u{3bb}\u{3cc}\u{3b3}\u{3bf}\u{3c2}.</p>"),
];

/// Words that must appear, in this order, in the PDF's text.
pub const IN_ORDER: [&str; 22] = [
    TITLE,
    AUTHOR,
    "na\u{ef}ve habits \u{2014} and how",
    "Second paragraph of the description.",
    "Introduction: \u{201C}Why\u{201D} Habits Matter",
    "Opening bold claim and an italic aside",
    "it\u{2019}s \u{201C}quoted\u{201D} here.",
    "link text",
    "entities & <kept> as text.",
    "Lists and Quotes",
    "A smaller heading",
    "\u{2022} First bullet point",
    "\u{2022} Second bullet point",
    "1. Numbered one",
    "\u{2013} Nested item",
    "A quoted passage from the book.",
    "Figure caption text",
    "Code and Scripts",
    "habit.start()",
    "println!(\"hi\");",
    "Level two heading",
    "Cyrillic \u{416}\u{438}\u{437}\u{43d}\u{44c} and Greek \u{3bb}\u{3cc}\u{3b3}\u{3bf}\u{3c2}.",
];

pub fn summary<'a>(cover: Option<&'a [u8]>) -> Summary<'a> {
    Summary {
        title: TITLE,
        author: AUTHOR,
        description: DESCRIPTION,
        cover: cover.map(|bytes| Cover { bytes }),
        sections: SECTIONS.iter().map(|(title, html)| Section { title, html }).collect(),
        site: SITE,
    }
}

/// A small PNG cover made here (a gradient, so it is not trivially compressible).
pub fn png_cover(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 128]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).expect("encode png");
    bytes.into_inner()
}

/// Whitespace (including no-break spaces) collapsed to single spaces.
pub fn normalise(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '\u{a0}').filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
}
