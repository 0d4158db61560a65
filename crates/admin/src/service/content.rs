//! What every content use case shares: audit entries of the changed fields only, trimmed texts
//! with length limits, and the form's first failing field.

use super::Admin;
use crate::audit::{changes, AuditAction, AuditEntry};
use crate::error::AdminError;
use crate::form::{first_problem, Field, FieldValue};
use crate::ports::AdminStore;
use kernel::UserId;
use serde_json::Value;

/// Longest title-like line (characters).
pub const MAX_LINE: usize = 300;
/// Longest description, quote or slide text (characters).
pub const MAX_TEXT: usize = 5_000;
/// Longest blog post (characters of HTML).
pub const MAX_POST: usize = 200_000;

/// A form field as sent: trimmed text, or the stored value when not sent.
pub(crate) fn text_or(sent: Option<&str>, stored: &str) -> String {
    sent.map_or_else(|| stored.to_owned(), |t| t.trim().to_owned())
}

/// The spec's first failing field, over texts given by id.
pub(crate) fn check_required(fields: &[Field], value_of: impl Fn(&str) -> Option<String>) -> Result<(), AdminError> {
    let values: Vec<(&str, Option<String>)> = fields.iter().map(|f| (f.id, value_of(f.id))).collect();
    let found = |id: &str| values.iter().find(|(k, _)| *k == id).and_then(|(_, v)| v.as_deref());
    match first_problem(fields, |id| found(id).map_or(FieldValue::Missing, FieldValue::Text)) {
        Some(message) => Err(AdminError::Invalid(message)),
        None => Ok(()),
    }
}

/// Each `(text, limit, label)` at most `limit` characters long.
pub(crate) fn check_lengths(texts: &[(&str, usize, &str)]) -> Result<(), AdminError> {
    for (text, limit, label) in texts {
        if text.chars().count() > *limit {
            return Err(AdminError::Invalid(format!("{label} is too long (at most {limit} characters).")));
        }
    }
    Ok(())
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    /// The entry for an addition, made once the id is known.
    pub(crate) fn added_entry(&self, actor: UserId, action: AuditAction, after: Value) -> impl Fn(i64) -> AuditEntry + '_ {
        move |id| AuditEntry { actor, action, entity_id: id.to_string(), before: Value::Null, after: after.clone(), reason: None, at: self.now }
    }

    /// The entry for a change of `id` (only the fields that differ); `None` when nothing did.
    pub(crate) fn change_entry(&self, actor: UserId, action: AuditAction, id: i64, before: &Value, after: &Value) -> Option<AuditEntry> {
        let (was, now) = changes(before, after)?;
        Some(AuditEntry { actor, action, entity_id: id.to_string(), before: was, after: now, reason: None, at: self.now })
    }
}
