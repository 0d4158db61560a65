//! Collections: the list, adding and editing (generic text inputs: title, subtitle, image,
//! categories and books as comma-joined ids). A collection shows its hand-picked books, then the
//! books of its categories.

use super::content::{check_lengths, check_required, text_or, MAX_LINE, MAX_TEXT};
use super::Admin;
use crate::audit::AuditAction;
use crate::content::AdminCollection;
use crate::error::AdminError;
use crate::form::{Field, FieldKind};
use crate::ports::AdminStore;
use kernel::UserId;
use serde_json::{json, Value};

pub const COLLECTION_FORM: [Field; 1] = [Field::required("title", "Title*", FieldKind::Text)];

/// Hand-picked books a collection may hold.
pub const MAX_COLLECTION_BOOKS: usize = 200;

/// The form's values as sent.
#[derive(Debug, Clone, Default)]
pub struct CollectionForm<'a> {
    pub title: Option<&'a str>,
    pub subtitle: Option<&'a str>,
    pub image: Option<&'a str>,
    /// Comma-joined category ids.
    pub categories: Option<&'a str>,
    /// Comma-joined book ids.
    pub books: Option<&'a str>,
}

fn audit_view(c: &AdminCollection) -> Value {
    json!({"slug": c.slug, "title": c.title, "subtitle": c.subtitle, "image": c.image, "categories": c.categories, "books": c.books})
}

/// "3, 7,9" as ids, in order, once each; `None` when a part is not an id.
pub fn parse_ids(text: &str) -> Option<Vec<i64>> {
    let mut ids = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let id: i64 = part.parse().ok().filter(|id| *id > 0)?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Some(ids)
}

/// A collection's picture: a public store key or an https address (nothing else reaches a page).
fn valid_image(image: &str) -> bool {
    image.is_empty()
        || (image.starts_with(media_prefix::PUBLIC) && !image.contains("..") && !image.contains(char::is_whitespace))
        || (image.starts_with("https://") && !image.contains(char::is_whitespace) && !image.contains(['"', '\'', '<', '>']))
}

mod media_prefix {
    pub const PUBLIC: &str = "public/";
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn collections(&self) -> Result<Vec<AdminCollection>, AdminError> {
        Ok(self.store.admin_collections()?)
    }

    pub fn collection(&self, id: i64) -> Result<AdminCollection, AdminError> {
        self.store.admin_collection(id)?.ok_or(AdminError::NotFound("Collection not found."))
    }

    pub fn add_collection(&self, actor: UserId, form: &CollectionForm<'_>) -> Result<AdminCollection, AdminError> {
        let draft = AdminCollection {
            id: 0,
            slug: String::new(),
            title: String::new(),
            subtitle: String::new(),
            image: String::new(),
            categories: vec![],
            books: vec![],
            upload_date: self.now,
            book_count: 0,
        };
        let mut collection = self.apply_collection(draft, form)?;
        collection.slug = self.free_collection_slug(&collection.title)?;
        let id = self.store.insert_collection(&collection, &self.added_entry(actor, AuditAction::CollectionAdded, audit_view(&collection)))?;
        self.collection(id)
    }

    pub fn update_collection(&self, actor: UserId, id: i64, form: &CollectionForm<'_>) -> Result<AdminCollection, AdminError> {
        let before = self.collection(id)?;
        let after = self.apply_collection(before.clone(), form)?;
        if let Some(entry) = self.change_entry(actor, AuditAction::CollectionUpdated, id, &audit_view(&before), &audit_view(&after)) {
            self.store.update_collection(&after, &entry)?;
        }
        self.collection(id)
    }

    fn free_collection_slug(&self, title: &str) -> Result<String, AdminError> {
        let base = catalogue::slug::slugify(title);
        let base = if base.is_empty() { "collection".to_owned() } else { base };
        for n in 1..1000 {
            let slug = if n == 1 { base.clone() } else { format!("{base}-{n}") };
            if !self.store.collection_slug_taken(&slug, 0)? {
                return Ok(slug);
            }
        }
        Err(AdminError::Invalid("Please choose another title.".into()))
    }

    fn apply_collection(&self, collection: AdminCollection, form: &CollectionForm<'_>) -> Result<AdminCollection, AdminError> {
        let title = text_or(form.title, &collection.title);
        let subtitle = text_or(form.subtitle, &collection.subtitle);
        let image = text_or(form.image, &collection.image);
        check_required(&COLLECTION_FORM, |id| (id == "title").then(|| title.clone()))?;
        check_lengths(&[(&title, MAX_LINE, "Title"), (&subtitle, MAX_TEXT, "Subtitle"), (&image, MAX_LINE, "Image")])?;
        if !valid_image(&image) {
            return Err(AdminError::Invalid("Please give Image as a public file (public/...) or an https address.".into()));
        }
        let categories = match form.categories {
            Some(text) => parse_ids(text).ok_or_else(|| AdminError::Invalid("Please give Categories as ids separated by commas.".into()))?,
            None => collection.categories.clone(),
        };
        let books = match form.books {
            Some(text) => parse_ids(text).ok_or_else(|| AdminError::Invalid("Please give Books as ids separated by commas.".into()))?,
            None => collection.books.clone(),
        };
        if books.len() > MAX_COLLECTION_BOOKS {
            return Err(AdminError::Invalid(format!("A collection holds at most {MAX_COLLECTION_BOOKS} hand-picked books.")));
        }
        let mut sorted = categories.clone();
        sorted.sort_unstable();
        if !self.store.categories_exist(&sorted)? {
            return Err(AdminError::Invalid("Please use the ids of existing categories.".into()));
        }
        if !self.store.books_exist(&books)? {
            return Err(AdminError::Invalid("Please use the ids of existing books.".into()));
        }
        Ok(AdminCollection { title, subtitle, image, categories, books, ..collection })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_read_from_a_comma_joined_list_once_each() {
        assert_eq!(parse_ids(" 3, 7,,9 ,3"), Some(vec![3, 7, 9]));
        assert_eq!(parse_ids(""), Some(vec![]));
        assert_eq!(parse_ids("3,x"), None);
        assert_eq!(parse_ids("0"), None);
        assert_eq!(parse_ids("-2"), None);
    }

    #[test]
    fn only_public_files_and_https_addresses_are_images() {
        assert!(valid_image(""));
        assert!(valid_image("public/collections/stoics.svg"));
        assert!(valid_image("https://cdn.example.com/a.png"));
        assert!(!valid_image("premium/audio/x.wav"), "a premium key would leak through a public link");
        assert!(!valid_image("public/../premium/x.wav"));
        assert!(!valid_image("javascript:alert(1)"));
        assert!(!valid_image("http://example.com/a.png"));
        assert!(!valid_image("https://x.com/a\" onerror=\"x"));
    }
}
