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
            && domain
                .chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '.');
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
