//! Books in the back office: the list (deleted ones too), adding and editing with the spec's
//! required fields, soft delete and restore, the month's preview, and recording uploaded media.
//! Every change is audited in its transaction.

use super::Admin;
use crate::audit::{changes, AuditAction, AuditEntry};
use crate::books::{AdminBook, BookOrder, BookRow, MediaSlot};
use crate::error::AdminError;
use crate::form::{first_problem, Field, FieldKind, FieldValue};
use crate::ports::AdminStore;
use catalogue::html::SanitizedHtml;
use chrono::Datelike;
use kernel::UserId;
use serde_json::{json, Value};

/// Book add (spec: title, author and categories required).
pub const BOOK_ADD_FORM: [Field; 3] = [
    Field::required("title", "Title*", FieldKind::Text),
    Field::required("author", "Author*", FieldKind::Text),
    Field::required("categories", "Categories*", FieldKind::MultiSelect),
];

/// Book edit (spec: title, image, author and categories required).
pub const BOOK_EDIT_FORM: [Field; 4] = [
    Field::required("title", "Title*", FieldKind::Text),
    Field::required("image", "Image*", FieldKind::Text),
    Field::required("author", "Author*", FieldKind::Text),
    Field::required("categories", "Categories*", FieldKind::MultiSelect),
];

/// Longest title, author or description the form takes (characters).
pub const MAX_LINE: usize = 300;
pub const MAX_DESCRIPTION: usize = 5_000;
/// Longest summary body (characters of HTML).
pub const MAX_BODY: usize = 400_000;

/// The book form as sent (add and edit).
#[derive(Debug, Clone, Default)]
pub struct BookForm<'a> {
    pub title: Option<&'a str>,
    /// The address name; made from the title when empty.
    pub subid: Option<&'a str>,
    pub author: Option<&'a str>,
    pub author_description: Option<&'a str>,
    pub description: Option<&'a str>,
    /// HTML, sanitised before it is stored.
    pub body: Option<&'a str>,
    pub quotes: Option<Vec<String>>,
    pub takeaways: Option<Vec<String>>,
    pub tags: Option<Vec<String>>,
    pub categories: Option<Vec<i64>>,
    pub goals: Option<Vec<i64>>,
    pub free: Option<bool>,
    pub popular: Option<bool>,
    pub coming_soon: Option<bool>,
    /// Epoch ms; the time of adding when missing.
    pub upload_date: Option<i64>,
}

fn lines(list: &Option<Vec<String>>) -> Vec<String> {
    list.iter().flatten().map(|l| l.trim().to_owned()).filter(|l| !l.is_empty()).collect()
}

/// What the audit log records of a book.
fn audit_view(book: &AdminBook) -> Value {
    json!({
        "subid": book.subid, "title": book.title, "author": book.author, "authorDesc": book.author_description,
        "description": book.description, "body": book.body.as_str(), "quotes": book.quotes, "takeaways": book.takeaways,
        "tags": book.tags, "categories": book.categories, "goals": book.goals, "image": book.image, "imageCard": book.image_card, "vector": book.vector,
        "infographic": book.infographic, "mediaUrl": book.media_url, "video": book.video, "podcast": book.podcast,
        "free": book.free, "popular": book.popular, "comingSoon": book.coming_soon,
        "uploadDate": book.upload_date.timestamp_millis(), "deleted": book.deleted_at.is_some(),
    })
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    /// Every book, deleted ones too, in `order` (upload date, newest first, by default).
    pub fn books(&self, order: Option<&str>) -> Result<Vec<BookRow>, AdminError> {
        let order = BookOrder::parse(order).ok_or_else(|| AdminError::Invalid("Unknown sort order.".into()))?;
        Ok(self.store.book_rows(order, self.month())?)
    }

    /// A book as the editor shows it: its body with every block's stable id, including a body
    /// stored before bodies had ids (each block gets the id it is read by), so that the operator's
    /// first edit already keeps the members' highlights in their blocks.
    pub fn book(&self, id: i64) -> Result<AdminBook, AdminError> {
        let mut book = self.store.admin_book(id, self.month())?.ok_or(AdminError::BookNotFound)?;
        book.body = SanitizedHtml::summary(book.body.as_str());
        Ok(book)
    }

    /// "Book was added.": the add form's required fields, known categories, a free address name.
    pub fn add_book(&self, actor: UserId, form: &BookForm<'_>) -> Result<AdminBook, AdminError> {
        let draft = AdminBook {
            id: 0,
            subid: String::new(),
            title: String::new(),
            author: String::new(),
            author_description: String::new(),
            description: String::new(),
            body: SanitizedHtml::new(""),
            quotes: vec![],
            takeaways: vec![],
            tags: vec![],
            categories: vec![],
            goals: vec![],
            image: String::new(),
            image_card: None,
            vector: String::new(),
            infographic: None,
            media_url: None,
            audio_seconds: None,
            video: None,
            podcast: None,
            free: false,
            popular: false,
            coming_soon: false,
            upload_date: self.now,
            deleted_at: None,
            preview: false,
        };
        let book = self.apply(&BOOK_ADD_FORM, draft, form)?;
        let entry = |id: i64| AuditEntry {
            actor,
            action: AuditAction::BookAdded,
            entity_id: id.to_string(),
            before: Value::Null,
            after: audit_view(&AdminBook { id, ..book.clone() }),
            reason: None,
            at: self.now,
        };
        let id = self.store.insert_book(&book, billing::model::SINGLE_BOOK_PRICE.0, &entry)?;
        self.book(id)
    }

    /// "Book was updated.": the edit form's required fields (a cover must be uploaded first).
    pub fn update_book(&self, actor: UserId, id: i64, form: &BookForm<'_>) -> Result<AdminBook, AdminError> {
        let before = self.book(id)?;
        let after = self.apply(&BOOK_EDIT_FORM, before.clone(), form)?;
        self.save(actor, AuditAction::BookUpdated, &before, &after)
    }

    /// Hides a book from members (their history and XP stay); restorable.
    pub fn delete_book(&self, actor: UserId, id: i64) -> Result<AdminBook, AdminError> {
        let before = self.book(id)?;
        let after = AdminBook { deleted_at: Some(before.deleted_at.unwrap_or(self.now)), ..before.clone() };
        self.save(actor, AuditAction::BookDeleted, &before, &after)
    }

    pub fn restore_book(&self, actor: UserId, id: i64) -> Result<AdminBook, AdminError> {
        let before = self.book(id)?;
        let after = AdminBook { deleted_at: None, ..before.clone() };
        self.save(actor, AuditAction::BookRestored, &before, &after)
    }

    /// Makes a book this month's preview for free members (the calendar month, UTC).
    pub fn pick_preview(&self, actor: UserId, id: i64) -> Result<(), AdminError> {
        let book = self.book(id)?;
        if book.deleted_at.is_some() {
            return Err(AdminError::BookDeleted);
        }
        let month = self.month();
        let entry = AuditEntry {
            actor,
            action: AuditAction::PreviewPicked,
            entity_id: id.to_string(),
            before: Value::Null,
            after: json!({"month": month.format("%Y-%m").to_string()}),
            reason: None,
            at: self.now,
        };
        Ok(self.store.set_preview(month, id, &entry)?)
    }

    /// Records an uploaded file as the book's media for `slot` (the file is stored already); for a
    /// cover, `card` is its small variant for book cards (none for a vector cover); for narration,
    /// `seconds` is its length as read from the file.
    pub fn set_book_media(
        &self,
        actor: UserId,
        id: i64,
        slot: MediaSlot,
        key: &str,
        card: Option<&str>,
        seconds: Option<f64>,
    ) -> Result<AdminBook, AdminError> {
        let before = self.book(id)?;
        let mut after = before.clone();
        match slot {
            MediaSlot::Photo => {
                after.image = key.to_owned();
                after.image_card = card.map(str::to_owned);
            }
            MediaSlot::Vector => after.vector = key.to_owned(),
            MediaSlot::Infographic => after.infographic = Some(key.to_owned()),
            MediaSlot::Media => {
                after.media_url = Some(key.to_owned());
                after.audio_seconds = seconds.filter(|s| s.is_finite() && *s >= 0.0).map(|s| s.round().min(f64::from(i32::MAX)) as i32);
            }
            MediaSlot::Podcast => after.podcast = Some(key.to_owned()),
            MediaSlot::Video => after.video = Some(key.to_owned()),
        }
        self.save(actor, AuditAction::MediaUploaded, &before, &after)
    }

    fn month(&self) -> chrono::NaiveDate {
        let today = self.now.date_naive();
        chrono::NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap_or(today)
    }

    fn save(&self, actor: UserId, action: AuditAction, before: &AdminBook, after: &AdminBook) -> Result<AdminBook, AdminError> {
        let Some((was, now)) = changes(&audit_view(before), &audit_view(after)) else { return Ok(before.clone()) };
        let entry = AuditEntry { actor, action, entity_id: before.id.to_string(), before: was, after: now, reason: None, at: self.now };
        self.store.update_book(after, &entry)?;
        self.book(before.id)
    }

    /// The form over a book: required fields (first failing message), lengths, categories that
    /// exist, a free address name, sanitised HTML.
    fn apply(&self, fields: &[Field], book: AdminBook, form: &BookForm<'_>) -> Result<AdminBook, AdminError> {
        let categories = form.categories.clone().unwrap_or_else(|| book.categories.clone());
        let title = form.title.map(str::trim);
        let author = form.author.map(str::trim);
        let image = book.image.clone();
        let value_of = |id: &str| match id {
            "title" => title.map_or(FieldValue::Missing, FieldValue::Text),
            "author" => author.map_or(FieldValue::Missing, FieldValue::Text),
            "image" => FieldValue::Text(image.as_str()),
            "categories" => FieldValue::Choices(categories.len()),
            _ => FieldValue::Missing,
        };
        if let Some(message) = first_problem(fields, value_of) {
            return Err(AdminError::Invalid(message));
        }
        let title = title.unwrap_or_default().to_owned();
        let author = author.unwrap_or_default().to_owned();
        let description = form.description.map_or(book.description.clone(), |d| d.trim().to_owned());
        let author_description = form.author_description.map_or(book.author_description.clone(), |d| d.trim().to_owned());
        for (text, limit, label) in [
            (&title, MAX_LINE, "Title"),
            (&author, MAX_LINE, "Author"),
            (&description, MAX_DESCRIPTION, "Description"),
            (&author_description, MAX_DESCRIPTION, "Author Description"),
        ] {
            if text.chars().count() > limit {
                return Err(AdminError::Invalid(format!("{label} is too long (at most {limit} characters).")));
            }
        }
        if form.body.is_some_and(|b| b.chars().count() > MAX_BODY) {
            return Err(AdminError::Invalid(format!("Body is too long (at most {MAX_BODY} characters).")));
        }
        let mut unique = categories.clone();
        unique.sort_unstable();
        unique.dedup();
        if !self.store.categories_exist(&unique)? {
            return Err(AdminError::Invalid("Please choose categories from the list.".into()));
        }
        let mut goals = form.goals.clone().unwrap_or_else(|| book.goals.clone());
        goals.sort_unstable();
        goals.dedup();
        if !self.store.goals_exist(&goals)? {
            return Err(AdminError::Invalid("Please choose goals from the list.".into()));
        }
        let subid = match form.subid.map(str::trim).filter(|s| !s.is_empty()) {
            Some(subid) if catalogue::slug::is_slug(subid) => subid.to_owned(),
            Some(_) => return Err(AdminError::Invalid("The address name may only hold lower-case letters, digits and dashes.".into())),
            None if !book.subid.is_empty() => book.subid.clone(),
            None => catalogue::slug::slugify(&title),
        };
        if subid.is_empty() {
            return Err(AdminError::Invalid("Please specify Title.".into()));
        }
        if self.store.subid_taken(&subid, book.id)? {
            return Err(AdminError::SubidTaken);
        }
        let upload_date = match form.upload_date {
            Some(ms) => crate::form::date_from_millis(ms)?,
            None => book.upload_date,
        };
        Ok(AdminBook {
            subid,
            title,
            author,
            author_description,
            description,
            body: form.body.map_or(book.body.clone(), SanitizedHtml::summary),
            quotes: if form.quotes.is_some() { lines(&form.quotes) } else { book.quotes.clone() },
            takeaways: if form.takeaways.is_some() { lines(&form.takeaways) } else { book.takeaways.clone() },
            tags: if form.tags.is_some() { lines(&form.tags) } else { book.tags.clone() },
            categories: unique,
            goals,
            free: form.free.unwrap_or(book.free),
            popular: form.popular.unwrap_or(book.popular),
            coming_soon: form.coming_soon.unwrap_or(book.coming_soon),
            upload_date,
            ..book
        })
    }
}
