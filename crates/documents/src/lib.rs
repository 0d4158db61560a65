//! One book summary as a document to download or send: a PDF (the "download as PDF" button and
//! single-book purchases) and an EPUB (Send to Kindle). An adapter with no I/O: bytes in, bytes
//! out; the fonts are compiled in.
//!
//! The sections are the reader's (`catalogue::html::sections`): a title and sanitised HTML each.

mod cover;
mod epub;
mod fonts;
mod html;
mod layout;
mod pdf;

/// One summary to render.
#[derive(Debug, Clone)]
pub struct Summary<'a> {
    pub title: &'a str,
    pub author: &'a str,
    /// Plain text, may be empty; blank lines separate paragraphs.
    pub description: &'a str,
    /// The cover image when the book has a raster cover.
    pub cover: Option<Cover<'a>>,
    /// The reader's sections, in order.
    pub sections: Vec<Section<'a>>,
    /// The site, e.g. `https://gistbook.app`: printed on the title page, and the base of
    /// site-relative links in the EPUB.
    pub site: &'a str,
}

/// A cover image: PNG or JPEG. Anything else, or an image that does not decode, is left out of
/// the document (not an error).
#[derive(Debug, Clone, Copy)]
pub struct Cover<'a> {
    pub bytes: &'a [u8],
}

/// One section: its title (plain text, may be empty) and its sanitised HTML.
#[derive(Debug, Clone, Copy)]
pub struct Section<'a> {
    pub title: &'a str,
    pub html: &'a str,
}

/// A document could not be produced. The message names no file, path or internal detail.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DocumentError {
    #[error("the PDF could not be produced: {0}")]
    Pdf(String),
    #[error("the EPUB could not be produced: {0}")]
    Epub(String),
}

/// The summary as a PDF: A5 pages, a title page (cover, title, author, description, site),
/// then each section from a new page; numbered pages after the title page; fonts embedded as
/// subsets; an outline (bookmarks) of the sections.
pub fn pdf(summary: &Summary) -> Result<Vec<u8>, DocumentError> {
    let fonts = fonts::Fonts::get()?;
    let cover = summary.cover.and_then(|cover| cover::decode(cover.bytes).and_then(|decoded| cover::for_pdf(cover.bytes, &decoded)));
    let sections: Vec<(String, Vec<html::Block>)> = summary.sections.iter().map(|section| (section.title.to_owned(), html::blocks(section.html))).collect();
    let title_page = layout::TitlePage {
        title: summary.title,
        author: summary.author,
        description: summary.description,
        site: summary.site,
        cover: cover.as_ref().map(|image| (image.width, image.height)),
    };
    let document = layout::lay_out(fonts, &title_page, &sections);
    let info = pdf::Info { title: summary.title, author: summary.author, site: summary.site };
    pdf::write(fonts, &document, &info, cover.as_ref())
}

/// The summary as an EPUB 3 book (with an EPUB 2 NCX), which Send to Kindle accepts.
pub fn epub(summary: &Summary) -> Result<Vec<u8>, DocumentError> {
    epub::write(summary)
}
