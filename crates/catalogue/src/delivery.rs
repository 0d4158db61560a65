//! Summaries that leave the reader: the PDF download and Send to Kindle. Who may have them
//! (server-rules "Access": paid only, except the PDF of a book bought on its own), the Kindle
//! address a member may set, and the daily limit of Kindle sends.

use crate::entitlement::Audience;
use crate::error::CatalogueError;
use kernel::{Email, Timestamp};

/// The Kindle domains Amazon delivers documents from (back-office spec "Kindle domains").
pub const KINDLE_DOMAINS: [&str; 5] = ["kindle.com", "free.kindle.com", "kindle.cn", "kindle.ca", "kindle.it"];

/// Kindle sends per member in any 24 hours.
pub const KINDLE_SENDS_PER_DAY: u32 = 20;

/// The window the daily limit counts sends in.
pub fn kindle_window_start(now: Timestamp) -> Timestamp {
    now - chrono::Duration::hours(24)
}

/// Whether the caller may download `book`'s PDF: paid members, and the buyer of that book.
pub fn may_download_pdf(audience: Audience, bought_this_book: bool) -> bool {
    audience.is_paid() || (audience.member().is_some() && bought_this_book)
}

/// Whether the caller may send summaries to a Kindle: paid members only.
pub fn may_send_to_kindle(audience: Audience) -> bool {
    audience.is_paid()
}

/// A Kindle address from the form's two parts: the name (required, the local part of an e-mail
/// address) and one of [`KINDLE_DOMAINS`].
pub fn kindle_address(name: Option<&str>, domain: Option<&str>) -> Result<String, CatalogueError> {
    let name = name.map(str::trim).unwrap_or_default();
    let domain = domain.map(str::trim).unwrap_or_default().to_lowercase();
    if name.is_empty() || domain.is_empty() {
        return Err(CatalogueError::KindleFormIncomplete);
    }
    if !KINDLE_DOMAINS.contains(&domain.as_str()) {
        return Err(CatalogueError::KindleDomainNotAllowed);
    }
    let well_formed = name.len() <= 64
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+'))
        && !name.starts_with('.')
        && !name.ends_with('.')
        && !name.contains("..");
    if !well_formed {
        return Err(CatalogueError::KindleNameInvalid);
    }
    let address = Email::parse(&format!("{name}@{domain}")).map_err(|_| CatalogueError::KindleNameInvalid)?;
    Ok(address.to_string())
}

/// A file name for a summary: its subid (already a slug), or `summary`.
pub fn file_name(subid: &str, extension: &str) -> String {
    let stem: String = subid.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').take(80).collect();
    let stem = if stem.is_empty() { "summary".to_owned() } else { stem };
    format!("{stem}.{extension}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use kernel::UserId;

    #[test]
    fn a_kindle_address_is_a_name_at_one_of_the_kindle_domains() {
        assert_eq!(kindle_address(Some(" Ada.Reads "), Some("kindle.com")).unwrap(), "ada.reads@kindle.com");
        assert_eq!(kindle_address(Some("ada_1+x"), Some("KINDLE.IT")).unwrap(), "ada_1+x@kindle.it");
        assert_eq!(kindle_address(Some(""), Some("kindle.com")), Err(CatalogueError::KindleFormIncomplete));
        assert_eq!(kindle_address(None, Some("kindle.com")), Err(CatalogueError::KindleFormIncomplete));
        assert_eq!(kindle_address(Some("ada"), None), Err(CatalogueError::KindleFormIncomplete));
        assert_eq!(kindle_address(Some("ada"), Some("gmail.com")), Err(CatalogueError::KindleDomainNotAllowed));
        for bad in ["ada@evil.com", "a b", "ada..b", ".ada", "ad\na", "<script>"] {
            assert_eq!(kindle_address(Some(bad), Some("kindle.com")), Err(CatalogueError::KindleNameInvalid), "{bad:?}");
        }
        assert_eq!(kindle_address(Some(&"a".repeat(65)), Some("kindle.com")), Err(CatalogueError::KindleNameInvalid));
    }

    #[test]
    fn pdfs_go_to_paid_members_and_to_the_buyer_of_the_book_only() {
        let member = UserId(7);
        assert!(may_download_pdf(Audience::Paid(member), false));
        assert!(may_download_pdf(Audience::Free(member), true));
        assert!(!may_download_pdf(Audience::Free(member), false));
        assert!(!may_download_pdf(Audience::Visitor, true));
        assert!(may_send_to_kindle(Audience::Paid(member)));
        assert!(!may_send_to_kindle(Audience::Free(member)));
        assert!(!may_send_to_kindle(Audience::Visitor));
    }

    #[test]
    fn file_names_are_slugs() {
        assert_eq!(file_name("the-prince", "pdf"), "the-prince.pdf");
        assert_eq!(file_name("../../etc/passwd", "epub"), "etcpasswd.epub");
        assert_eq!(file_name("", "pdf"), "summary.pdf");
    }
}
