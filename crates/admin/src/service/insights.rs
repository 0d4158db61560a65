//! Insights: quotes from a book, shown on its page and on members' home. The form has Quote and
//! Book (a book's id or address name).

use super::content::{check_lengths, check_required, text_or, MAX_TEXT};
use super::Admin;
use crate::audit::AuditAction;
use crate::content::Insight;
use crate::error::AdminError;
use crate::form::{Field, FieldKind};
use crate::ports::AdminStore;
use kernel::UserId;
use serde_json::{json, Value};

/// The insight form (spec: quote and book required).
pub const INSIGHT_FORM: [Field; 2] = [Field::required("insight", "Quote*", FieldKind::Textarea), Field::required("bookId", "Book*", FieldKind::Text)];

#[derive(Debug, Clone, Default)]
pub struct InsightForm<'a> {
    pub insight: Option<&'a str>,
    /// A book's id or address name.
    pub book: Option<&'a str>,
}

fn audit_view(i: &Insight) -> Value {
    json!({"insight": i.insight, "bookId": i.book_id})
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn insights(&self) -> Result<Vec<Insight>, AdminError> {
        Ok(self.store.insights()?)
    }

    pub fn insight(&self, id: i64) -> Result<Insight, AdminError> {
        self.store.insight(id)?.ok_or(AdminError::NotFound("Insight not found."))
    }

    pub fn add_insight(&self, actor: UserId, form: &InsightForm<'_>) -> Result<Insight, AdminError> {
        let draft = Insight { id: 0, insight: String::new(), book_id: 0, book_title: String::new(), created_at: self.now };
        let insight = self.apply_insight(draft, form)?;
        let id = self.store.insert_insight(&insight, &self.added_entry(actor, AuditAction::InsightAdded, audit_view(&insight)))?;
        self.insight(id)
    }

    pub fn update_insight(&self, actor: UserId, id: Option<i64>, form: &InsightForm<'_>) -> Result<Insight, AdminError> {
        let id = id.ok_or(AdminError::NotFound("Insight not found."))?;
        let before = self.insight(id)?;
        let after = self.apply_insight(before.clone(), form)?;
        if let Some(entry) = self.change_entry(actor, AuditAction::InsightUpdated, id, &audit_view(&before), &audit_view(&after)) {
            self.store.update_insight(&after, &entry)?;
        }
        self.insight(id)
    }

    fn apply_insight(&self, insight: Insight, form: &InsightForm<'_>) -> Result<Insight, AdminError> {
        let quote = text_or(form.insight, &insight.insight);
        let stored_book = if insight.book_id > 0 { insight.book_id.to_string() } else { String::new() };
        let book = text_or(form.book, &stored_book);
        check_required(&INSIGHT_FORM, |id| match id {
            "insight" => Some(quote.clone()),
            "bookId" => Some(book.clone()),
            _ => None,
        })?;
        check_lengths(&[(&quote, MAX_TEXT, "Quote")])?;
        let (book_id, book_title) = self.store.find_book(&book)?.ok_or_else(|| AdminError::Invalid("Please enter the id or address name of a book.".into()))?;
        Ok(Insight { insight: quote, book_id, book_title, ..insight })
    }
}
