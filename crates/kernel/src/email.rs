use serde::{Deserialize, Serialize};
use std::fmt;

/// A syntactically plausible, normalised (trimmed, lower-cased) e-mail address.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("Please specify a valid email address.")]
    Invalid,
}

impl Email {
    pub const MAX_LEN: usize = 254;

    pub fn parse(raw: &str) -> Result<Email, EmailError> {
        let email = raw.trim().to_lowercase();
        if email.len() > Self::MAX_LEN || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(EmailError::Invalid);
        }
        let (local, domain) = email.rsplit_once('@').ok_or(EmailError::Invalid)?;
        let domain_ok = domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && domain.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '.');
        if local.is_empty() || local.len() > 64 || local.contains('@') || !domain_ok {
            return Err(EmailError::Invalid);
        }
        Ok(Email(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Email {
    type Error = EmailError;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Email::parse(&value)
    }
}

impl From<Email> for String {
    fn from(value: Email) -> String {
        value.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalises_case_and_spaces() {
        assert_eq!(Email::parse("  Ada@Example.COM ").unwrap().as_str(), "ada@example.com");
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in ["", "ada", "ada@", "@example.com", "ada@example", "a b@example.com", "ada@.com", "ada@example..com"] {
            assert_eq!(Email::parse(bad), Err(EmailError::Invalid), "{bad:?}");
        }
    }
}

/// An e-mail waiting in the outbox (written in the transaction that causes it, sent by the mail
/// worker), from any domain: reset links, receipts, invites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingMail {
    pub to: String,
    pub subject: String,
    pub text_body: String,
    /// At most one file (a Kindle delivery's EPUB).
    pub attachment: Option<MailAttachment>,
}

impl OutgoingMail {
    /// A plain-text mail without attachment.
    pub fn text(to: impl Into<String>, subject: impl Into<String>, text_body: impl Into<String>) -> OutgoingMail {
        OutgoingMail { to: to.into(), subject: subject.into(), text_body: text_body.into(), attachment: None }
    }
}

/// A file sent with a mail.
#[derive(Clone, PartialEq, Eq)]
pub struct MailAttachment {
    /// The file name the recipient sees, e.g. `the-prince.epub`.
    pub file_name: String,
    /// Its MIME type, e.g. `application/epub+zip`.
    pub content_type: String,
    pub bytes: Vec<u8>,
}

impl std::fmt::Debug for MailAttachment {
    // The bytes would flood logs and test output.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MailAttachment")
            .field("file_name", &self.file_name)
            .field("content_type", &self.content_type)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}
