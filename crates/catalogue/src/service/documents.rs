//! The summary as a file: the PDF download, the PDF a single-book purchase answers, and Send to
//! Kindle (an EPUB through the mail outbox).

use super::{Catalogue, Result};
use crate::delivery::{file_name, kindle_address, kindle_window_start, may_download_pdf, may_send_to_kindle, KINDLE_DOMAINS, KINDLE_SENDS_PER_DAY};
use crate::error::CatalogueError;
use crate::html::sections;
use crate::model::{Book, BookKey};
use crate::ports::{CatalogueStore, CoverImages};
use kernel::{MailAttachment, OutgoingMail, Session};

/// A rendered summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryFile {
    /// `the-prince.pdf`
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// The member's Kindle setting and the domains the form offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindleSetting {
    pub address: Option<String>,
    pub domains: Vec<&'static str>,
}

/// A Kindle send that was queued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindleSent {
    pub to: String,
    pub sends_left_today: u32,
}

impl<S: CatalogueStore + ?Sized> Catalogue<'_, S> {
    /// `GET /api/books/download-pdf/{id}`: the summary as a PDF, for paid members and the book's
    /// buyer.
    pub fn summary_pdf(&self, who: Session, key: &BookKey, covers: &dyn CoverImages, site: &str) -> Result<SummaryFile> {
        let caller = self.caller(Some(who))?;
        let book = self.store.book(key)?.ok_or(CatalogueError::BookNotFound)?;
        let bought = match caller.audience.member() {
            Some(member) if !caller.audience.is_paid() => self.store.bought_book(member, book.id)?,
            _ => false,
        };
        if !may_download_pdf(caller.audience, bought) {
            return Err(CatalogueError::PremiumOnly);
        }
        render_pdf(&book, covers, site)
    }

    /// The PDF a paid single-book charge bought, answered by the checkout itself (the buyer may
    /// be a guest; the charge id is the proof). `None`: the charge bought something else.
    pub fn purchased_pdf(&self, charge_id: &str, covers: &dyn CoverImages, site: &str) -> Result<Option<SummaryFile>> {
        let Some(book_id) = self.store.book_of_paid_charge(charge_id)? else { return Ok(None) };
        let book = self.store.book(&BookKey::Id(book_id))?.ok_or(CatalogueError::BookNotFound)?;
        render_pdf(&book, covers, site).map(Some)
    }

    /// `GET /kindle/has-kindle`.
    pub fn kindle_setting(&self, who: Session) -> Result<KindleSetting> {
        let member = self.signed_in(who)?;
        Ok(KindleSetting { address: self.store.kindle_address(member)?, domains: KINDLE_DOMAINS.to_vec() })
    }

    /// `POST /kindle/set-kindle`: any member may keep an address (sending needs premium).
    pub fn set_kindle(&self, who: Session, name: Option<&str>, domain: Option<&str>) -> Result<String> {
        let member = self.signed_in(who)?;
        let address = kindle_address(name, domain)?;
        self.store.set_kindle_address(member, &address, self.now)?;
        Ok(address)
    }

    /// Sends the summary to the member's Kindle as an EPUB: paid members, at most
    /// [`KINDLE_SENDS_PER_DAY`] in any 24 hours.
    pub fn send_to_kindle(&self, who: Session, key: &BookKey, covers: &dyn CoverImages, site: &str) -> Result<KindleSent> {
        let caller = self.caller(Some(who))?;
        let member = caller.audience.member().ok_or(CatalogueError::SessionExpired)?;
        if !may_send_to_kindle(caller.audience) {
            return Err(CatalogueError::PremiumOnly);
        }
        let to = self.store.kindle_address(member)?.ok_or(CatalogueError::NoKindleAddress)?;
        let book = self.store.book(key)?.ok_or(CatalogueError::BookNotFound)?;
        let epub = render(&book, covers, site, documents::epub)?;
        let mail = OutgoingMail {
            to: to.clone(),
            subject: book.title.clone(),
            text_body: format!("{} by {}, from Gistbook ({site}).\n", book.title, book.author),
            attachment: Some(MailAttachment { file_name: file_name(&book.subid, "epub"), content_type: "application/epub+zip".into(), bytes: epub }),
        };
        let (sent_before, sent) =
            self.store.send_to_kindle(member, book.id, &mail, self.now, kindle_window_start(self.now), &|count| count < KINDLE_SENDS_PER_DAY)?;
        if !sent {
            return Err(CatalogueError::KindleDailyLimit);
        }
        Ok(KindleSent { to, sends_left_today: KINDLE_SENDS_PER_DAY.saturating_sub(sent_before + 1) })
    }

    fn signed_in(&self, who: Session) -> Result<kernel::UserId> {
        self.caller(Some(who))?.audience.member().ok_or(CatalogueError::SessionExpired)
    }
}

fn render_pdf(book: &Book, covers: &dyn CoverImages, site: &str) -> Result<SummaryFile> {
    Ok(SummaryFile { file_name: file_name(&book.subid, "pdf"), bytes: render(book, covers, site, documents::pdf)? })
}

/// The book through one of `documents`' formats: its cover when stored (a missing file leaves
/// the cover out) and the reader's sections.
fn render(
    book: &Book,
    covers: &dyn CoverImages,
    site: &str,
    format: fn(&documents::Summary) -> std::result::Result<Vec<u8>, documents::DocumentError>,
) -> Result<Vec<u8>> {
    let cover = if book.image.trim().is_empty() { None } else { covers.cover(&book.image)? };
    let sections = sections(&book.body);
    let summary = documents::Summary {
        title: &book.title,
        author: &book.author,
        description: &book.description,
        cover: cover.as_deref().map(|bytes| documents::Cover { bytes }),
        sections: sections.iter().map(|section| documents::Section { title: &section.title, html: &section.html }).collect(),
        site,
    };
    format(&summary).map_err(|e| CatalogueError::Internal(e.to_string()))
}
