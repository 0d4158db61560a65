//! Issue 39 §2, memory caps: the PDF and the EPUB of the longest summary the back office accepts
//! (400,000 characters of body, `admin::service::books::MAX_BODY`) are made within a stated cap on
//! the process's peak resident memory above where it stood. cargo-nextest (what `cargo xtask test`
//! runs) gives each test a process of its own, so nothing else runs beside the one measuring, and
//! memory another document freed cannot hide this one's. Each prints what it measured.

use documents::{Section, Summary};

/// The body's length: the back office refuses a longer one.
const LONGEST_BODY_CHARS: usize = 400_000;
/// Peak resident memory above the start, at most, while the PDF is made (measured: about 7 MiB).
const PDF_CAP_BYTES: u64 = 32 << 20;
/// The same for the EPUB.
const EPUB_CAP_BYTES: u64 = 16 << 20;

/// `VmHWM` (peak) and `VmRSS` (now) of this process, in bytes.
fn memory() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let field = |name: &str| -> u64 {
        status.lines().find_map(|l| l.strip_prefix(name)).and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok()).expect(name) * 1024
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// Sets the peak back to what the process holds now (Linux `clear_refs` 5); that level.
fn reset_peak() -> u64 {
    std::fs::write("/proc/self/clear_refs", "5").expect("resetting the peak resident memory");
    memory().1
}

/// Forty titled sections of paragraphs with the inline markup summaries use, 400,000 characters.
fn longest_sections() -> Vec<(String, String)> {
    let paragraph = "<p>A habit is a loop of <strong>cue</strong>, craving, response and <em>reward</em>; change the \
                     cue and the rest follows, as the chapter shows with the <a href=\"https://example.org/\">case</a> of a \
                     nurse who walked each evening.</p>";
    let sections = 40;
    let per_section = LONGEST_BODY_CHARS / sections;
    (0..sections)
        .map(|n| {
            let mut html = String::with_capacity(per_section + paragraph.len());
            while html.chars().count() + paragraph.chars().count() <= per_section {
                html.push_str(paragraph);
            }
            (format!("Part {n}: the loop again"), html)
        })
        .collect()
}

fn longest_summary(owned: &[(String, String)]) -> Summary<'_> {
    let chars: usize = owned.iter().map(|(_, html)| html.chars().count()).sum();
    assert!(chars > LONGEST_BODY_CHARS * 95 / 100, "the body is nearly the longest accepted: {chars}");
    Summary {
        title: "The Longest Summary",
        author: "A. Writer",
        description: "The longest body the back office accepts.",
        cover: None,
        sections: owned.iter().map(|(title, html)| Section { title, html }).collect(),
        site: "https://gistbook.app",
    }
}

/// Makes the document of a small summary first (the fonts are parsed once per process, not per
/// document), then of the longest one; the peak above the start while making it, and its bytes.
fn peak_while_making(make: impl Fn(&Summary) -> Result<Vec<u8>, documents::DocumentError>) -> (u64, Vec<u8>) {
    let owned = longest_sections();
    let summary = longest_summary(&owned);
    let small = Summary { sections: summary.sections[..1].to_vec(), ..summary.clone() };
    make(&small).expect("a small document");
    let before = reset_peak();
    let document = make(&summary).expect("the document");
    (memory().0 - before, document)
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

#[test]
fn the_pdf_of_the_longest_summary_is_made_within_its_memory_cap() {
    let (peak, pdf) = peak_while_making(documents::pdf);
    assert!(pdf.starts_with(b"%PDF-") && pdf.len() > 100_000, "a whole PDF: {} bytes", pdf.len());
    println!("the longest summary's PDF: {} bytes, peak +{:.1} MiB (cap {:.0} MiB)", pdf.len(), mib(peak), mib(PDF_CAP_BYTES));
    assert!(peak <= PDF_CAP_BYTES, "the PDF took {:.1} MiB above the start, over its {:.0} MiB cap", mib(peak), mib(PDF_CAP_BYTES));
}

#[test]
fn the_epub_of_the_longest_summary_is_made_within_its_memory_cap() {
    let (peak, epub) = peak_while_making(documents::epub);
    assert!(epub.starts_with(b"PK") && epub.len() > 10_000, "a whole EPUB: {} bytes", epub.len());
    println!("the longest summary's EPUB: {} bytes, peak +{:.1} MiB (cap {:.0} MiB)", epub.len(), mib(peak), mib(EPUB_CAP_BYTES));
    assert!(peak <= EPUB_CAP_BYTES, "the EPUB took {:.1} MiB above the start, over its {:.0} MiB cap", mib(peak), mib(EPUB_CAP_BYTES));
}
