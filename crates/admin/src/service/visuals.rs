//! Visual slides: the list, adding ('The visual was added.'), editing ('Visuals was edited.'),
//! deleting, the photo, and putting a book's slides in order (beyond the spec).

use super::content::{check_lengths, check_required, text_or, MAX_LINE, MAX_TEXT};
use super::Admin;
use crate::audit::{AuditAction, AuditEntry};
use crate::content::Visual;
use crate::error::AdminError;
use crate::form::{Field, FieldKind};
use crate::ports::AdminStore;
use kernel::UserId;
use serde_json::{json, Value};

/// The visual form (spec: title and body required; book and image optional).
pub const VISUAL_FORM: [Field; 4] = [
    Field::required("title", "Title*", FieldKind::Text),
    Field::required("body", "Body*", FieldKind::Textarea),
    Field::optional("bookId", "Book ID", FieldKind::Number),
    Field::optional("image", "Image", FieldKind::Text),
];

#[derive(Debug, Clone, Default)]
pub struct VisualForm<'a> {
    pub title: Option<&'a str>,
    pub body: Option<&'a str>,
    /// `Some(None)`: sent empty (no book).
    pub book_id: Option<Option<i64>>,
    /// A stored key (uploads set it); "" for none.
    pub image: Option<&'a str>,
}

fn audit_view(v: &Visual) -> Value {
    json!({"title": v.title, "body": v.body, "bookId": v.book_id, "image": v.image})
}

/// A slide's picture is a stored file: the photo page sets it.
fn valid_image(image: &str) -> bool {
    image.is_empty() || ((image.starts_with("premium/") || image.starts_with("public/")) && !image.contains("..") && !image.contains(char::is_whitespace))
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn visuals(&self) -> Result<Vec<Visual>, AdminError> {
        Ok(self.store.visuals()?)
    }

    pub fn visual(&self, id: i64) -> Result<Visual, AdminError> {
        self.store.visual(id)?.ok_or(AdminError::NotFound("Visual not found."))
    }

    pub fn add_visual(&self, actor: UserId, form: &VisualForm<'_>) -> Result<Visual, AdminError> {
        let draft = Visual { id: 0, book_id: None, book_title: None, title: String::new(), body: String::new(), image: String::new(), position: 0 };
        let visual = self.apply_visual(draft, form)?;
        let id = self.store.insert_visual(&visual, &self.added_entry(actor, AuditAction::VisualAdded, audit_view(&visual)))?;
        self.visual(id)
    }

    pub fn update_visual(&self, actor: UserId, id: i64, form: &VisualForm<'_>) -> Result<Visual, AdminError> {
        let before = self.visual(id)?;
        let after = self.apply_visual(before.clone(), form)?;
        self.save_visual(actor, &before, &after)
    }

    pub fn set_visual_image(&self, actor: UserId, id: i64, key: &str) -> Result<Visual, AdminError> {
        let before = self.visual(id)?;
        let after = Visual { image: key.to_owned(), ..before.clone() };
        self.save_visual(actor, &before, &after)
    }

    /// Deletes a slide; members stop seeing it at once. Its image key is given back for removal.
    pub fn delete_visual(&self, actor: UserId, id: i64) -> Result<Visual, AdminError> {
        let before = self.visual(id)?;
        let entry = AuditEntry {
            actor,
            action: AuditAction::VisualDeleted,
            entity_id: id.to_string(),
            before: audit_view(&before),
            after: Value::Null,
            reason: None,
            at: self.now,
        };
        self.store.delete_visual(id, &entry)?;
        Ok(before)
    }

    /// Puts the book's slides in the order of `ids` (each of its slides once).
    pub fn reorder_visuals(&self, actor: UserId, book_id: i64, ids: &[i64]) -> Result<Vec<Visual>, AdminError> {
        let current: Vec<i64> = self.store.visuals()?.into_iter().filter(|v| v.book_id == Some(book_id)).map(|v| v.id).collect();
        if current.is_empty() {
            return Err(AdminError::NotFound("This book has no visuals."));
        }
        let (mut sent, mut had) = (ids.to_vec(), current.clone());
        sent.sort_unstable();
        had.sort_unstable();
        if sent != had {
            return Err(AdminError::Invalid("Please send every visual of the book once.".into()));
        }
        if ids != current.as_slice() {
            let entry = AuditEntry {
                actor,
                action: AuditAction::VisualsReordered,
                entity_id: book_id.to_string(),
                before: json!({"order": current}),
                after: json!({"order": ids}),
                reason: None,
                at: self.now,
            };
            self.store.reorder_visuals(book_id, ids, &entry)?;
        }
        Ok(self.store.visuals()?.into_iter().filter(|v| v.book_id == Some(book_id)).collect())
    }

    fn save_visual(&self, actor: UserId, before: &Visual, after: &Visual) -> Result<Visual, AdminError> {
        if let Some(entry) = self.change_entry(actor, AuditAction::VisualUpdated, before.id, &audit_view(before), &audit_view(after)) {
            self.store.update_visual(after, &entry)?;
        }
        self.visual(before.id)
    }

    fn apply_visual(&self, visual: Visual, form: &VisualForm<'_>) -> Result<Visual, AdminError> {
        let title = text_or(form.title, &visual.title);
        let body = text_or(form.body, &visual.body);
        let image = text_or(form.image, &visual.image);
        check_required(&VISUAL_FORM, |id| match id {
            "title" => Some(title.clone()),
            "body" => Some(body.clone()),
            _ => None,
        })?;
        check_lengths(&[(&title, MAX_LINE, "Title"), (&body, MAX_TEXT, "Body")])?;
        if !valid_image(&image) {
            return Err(AdminError::Invalid("Please upload the image on the photo page.".into()));
        }
        let (book_id, book_title) = match form.book_id {
            None => (visual.book_id, visual.book_title.clone()),
            Some(None) => (None, None),
            Some(Some(id)) if id > 0 => {
                let (id, title) =
                    self.store.find_book(&id.to_string())?.ok_or_else(|| AdminError::Invalid("Please give the id of an existing book.".into()))?;
                (Some(id), Some(title))
            }
            Some(Some(_)) => return Err(AdminError::Invalid("Please make sure Book ID is greater or equal to 0.".into())),
        };
        Ok(Visual { title, body, image, book_id, book_title, ..visual })
    }
}
