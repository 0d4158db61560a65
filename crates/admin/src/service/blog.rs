//! Blog posts: the list (drafts too), adding ('The post has been added.') and editing ('The post
//! has been updated.') with the spec's required fields, HTML sanitised on store, drafts and a
//! publish date (beyond the spec), and the photo.

use super::content::{check_lengths, check_required, text_or, MAX_LINE, MAX_POST, MAX_TEXT};
use super::Admin;
use crate::audit::AuditAction;
use crate::content::{Post, BLOG_CATEGORIES};
use crate::error::AdminError;
use crate::form::{Field, FieldKind};
use crate::ports::AdminStore;
use catalogue::html::SanitizedHtml;
use kernel::UserId;
use serde_json::{json, Value};

/// The blog form (spec: title, description, categories and text required; the photo optional).
pub const POST_FORM: [Field; 4] = [
    Field::required("title", "Title*", FieldKind::Text),
    Field::required("description", "Description*", FieldKind::Textarea),
    Field::required("categories", "Categories*", FieldKind::NormalSelect),
    Field::required("text", "Text*", FieldKind::Textarea),
];

#[derive(Debug, Clone, Default)]
pub struct PostForm<'a> {
    pub title: Option<&'a str>,
    pub description: Option<&'a str>,
    /// One of [`BLOG_CATEGORIES`]' ids.
    pub category: Option<&'a str>,
    /// HTML.
    pub text: Option<&'a str>,
    pub draft: Option<bool>,
    /// Epoch ms; now when missing on add.
    pub publish_at: Option<i64>,
}

fn audit_view(p: &Post) -> Value {
    json!({
        "slug": p.slug, "title": p.title, "description": p.description, "categories": p.category, "text": p.text.as_str(),
        "photo": p.photo, "draft": p.draft, "publishDate": p.publish_at.timestamp_millis(),
    })
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn posts(&self) -> Result<Vec<Post>, AdminError> {
        Ok(self.store.posts()?)
    }

    pub fn post(&self, id: i64) -> Result<Post, AdminError> {
        self.store.post(id)?.ok_or(AdminError::NotFound("Post not found."))
    }

    pub fn add_post(&self, actor: UserId, form: &PostForm<'_>) -> Result<Post, AdminError> {
        let draft = Post {
            id: 0,
            slug: String::new(),
            title: String::new(),
            description: String::new(),
            category: String::new(),
            text: SanitizedHtml::new(""),
            photo: String::new(),
            draft: false,
            publish_at: self.now,
            created_at: self.now,
        };
        let mut post = self.apply_post(draft, form)?;
        post.slug = self.free_post_slug(&post.title, 0)?;
        let id = self.store.insert_post(&post, &self.added_entry(actor, AuditAction::PostAdded, audit_view(&post)))?;
        self.post(id)
    }

    /// Saves the post with `id` (the spec sends it in the body).
    pub fn update_post(&self, actor: UserId, id: Option<i64>, form: &PostForm<'_>) -> Result<Post, AdminError> {
        let id = id.ok_or(AdminError::NotFound("Post not found."))?;
        let before = self.post(id)?;
        let after = self.apply_post(before.clone(), form)?;
        self.save_post(actor, &before, &after)
    }

    pub fn set_post_photo(&self, actor: UserId, id: i64, key: &str) -> Result<Post, AdminError> {
        let before = self.post(id)?;
        let after = Post { photo: key.to_owned(), ..before.clone() };
        self.save_post(actor, &before, &after)
    }

    fn save_post(&self, actor: UserId, before: &Post, after: &Post) -> Result<Post, AdminError> {
        if let Some(entry) = self.change_entry(actor, AuditAction::PostUpdated, before.id, &audit_view(before), &audit_view(after)) {
            self.store.update_post(after, &entry)?;
        }
        self.post(before.id)
    }

    /// The title as an address name, numbered when another post has it.
    fn free_post_slug(&self, title: &str, except: i64) -> Result<String, AdminError> {
        let base = catalogue::slug::slugify(title);
        let base = if base.is_empty() { "post".to_owned() } else { base };
        for n in 1..1000 {
            let slug = if n == 1 { base.clone() } else { format!("{base}-{n}") };
            if !self.store.post_slug_taken(&slug, except)? {
                return Ok(slug);
            }
        }
        Err(AdminError::Invalid("Please choose another title.".into()))
    }

    fn apply_post(&self, post: Post, form: &PostForm<'_>) -> Result<Post, AdminError> {
        let title = text_or(form.title, &post.title);
        let description = text_or(form.description, &post.description);
        let category = text_or(form.category, &post.category);
        let text = form.text.map(str::trim).unwrap_or(post.text.as_str()).to_owned();
        check_required(&POST_FORM, |id| match id {
            "title" => Some(title.clone()),
            "description" => Some(description.clone()),
            "categories" => Some(category.clone()),
            "text" => Some(text.clone()),
            _ => None,
        })?;
        if !BLOG_CATEGORIES.iter().any(|(id, _)| *id == category) {
            return Err(AdminError::Invalid("Please choose Categories from the list.".into()));
        }
        check_lengths(&[(&title, MAX_LINE, "Title"), (&description, MAX_TEXT, "Description"), (&text, MAX_POST, "Text")])?;
        let text = SanitizedHtml::new(&text);
        if catalogue::html::plain_text(text.as_str()).trim().is_empty() {
            return Err(AdminError::Invalid("Please specify Text.".into()));
        }
        let publish_at = match form.publish_at {
            Some(ms) => crate::form::date_from_millis(ms)?,
            None => post.publish_at,
        };
        Ok(Post { title, description, category, text, draft: form.draft.unwrap_or(post.draft), publish_at, ..post })
    }
}
