//! Podcasts: the list, adding ('Podcast was added.') and editing ('Podcast was updated.') with the
//! spec's required fields, and recording an uploaded cover or episode.

use super::content::{check_lengths, check_required, text_or, MAX_LINE, MAX_TEXT};
use super::Admin;
use crate::audit::AuditAction;
use crate::content::Podcast;
use crate::error::AdminError;
use crate::form::{Field, FieldKind};
use crate::ports::AdminStore;
use kernel::UserId;
use serde_json::{json, Value};

/// Podcast add (spec: title, author, author description and description required).
pub const PODCAST_ADD_FORM: [Field; 4] = [
    Field::required("title", "Title*", FieldKind::Text),
    Field::required("author", "Author*", FieldKind::Text),
    Field::required("authorDesc", "Author Description*", FieldKind::Textarea),
    Field::required("description", "Description*", FieldKind::Textarea),
];

/// Podcast edit (spec: title and author required).
pub const PODCAST_EDIT_FORM: [Field; 2] = [Field::required("title", "Title*", FieldKind::Text), Field::required("author", "Author*", FieldKind::Text)];

/// The longest episode the form takes, in minutes.
pub const MAX_MINUTES: i64 = 24 * 60;

/// The podcast form as sent. `mins` is the number as sent (`Some(None)`: sent but not a number).
#[derive(Debug, Clone, Default)]
pub struct PodcastForm<'a> {
    pub title: Option<&'a str>,
    pub author: Option<&'a str>,
    pub author_description: Option<&'a str>,
    pub description: Option<&'a str>,
    pub mins: Option<Option<f64>>,
}

/// The podcast's media: its cover or its episode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PodcastMedia {
    Photo,
    Episode,
}

fn audit_view(p: &Podcast) -> Value {
    json!({"title": p.title, "author": p.author, "authorDesc": p.author_description, "description": p.description, "mins": p.mins, "image": p.image, "mediaUrl": p.media})
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn podcasts(&self) -> Result<Vec<Podcast>, AdminError> {
        Ok(self.store.podcasts()?)
    }

    pub fn podcast(&self, id: i64) -> Result<Podcast, AdminError> {
        self.store.podcast(id)?.ok_or(AdminError::NotFound("Podcast not found."))
    }

    pub fn add_podcast(&self, actor: UserId, form: &PodcastForm<'_>) -> Result<Podcast, AdminError> {
        let draft = Podcast {
            id: 0,
            title: String::new(),
            author: String::new(),
            author_description: String::new(),
            description: String::new(),
            mins: 0,
            image: String::new(),
            media: None,
            created_at: self.now,
        };
        let podcast = apply(&PODCAST_ADD_FORM, draft, form)?;
        let id = self.store.insert_podcast(&podcast, &self.added_entry(actor, AuditAction::PodcastAdded, audit_view(&podcast)))?;
        self.podcast(id)
    }

    pub fn update_podcast(&self, actor: UserId, id: i64, form: &PodcastForm<'_>) -> Result<Podcast, AdminError> {
        let before = self.podcast(id)?;
        let after = apply(&PODCAST_EDIT_FORM, before.clone(), form)?;
        self.save_podcast(actor, &before, &after)
    }

    /// Points the podcast at an uploaded (stored) file.
    pub fn set_podcast_media(&self, actor: UserId, id: i64, media: PodcastMedia, key: &str) -> Result<Podcast, AdminError> {
        let before = self.podcast(id)?;
        let mut after = before.clone();
        match media {
            PodcastMedia::Photo => after.image = key.to_owned(),
            PodcastMedia::Episode => after.media = Some(key.to_owned()),
        }
        self.save_podcast(actor, &before, &after)
    }

    fn save_podcast(&self, actor: UserId, before: &Podcast, after: &Podcast) -> Result<Podcast, AdminError> {
        if let Some(entry) = self.change_entry(actor, AuditAction::PodcastUpdated, before.id, &audit_view(before), &audit_view(after)) {
            self.store.update_podcast(after, &entry)?;
        }
        self.podcast(before.id)
    }
}

fn apply(fields: &[Field], podcast: Podcast, form: &PodcastForm<'_>) -> Result<Podcast, AdminError> {
    let title = text_or(form.title, &podcast.title);
    let author = text_or(form.author, &podcast.author);
    let author_description = text_or(form.author_description, &podcast.author_description);
    let description = text_or(form.description, &podcast.description);
    check_required(fields, |id| match id {
        "title" => Some(title.clone()),
        "author" => Some(author.clone()),
        "authorDesc" => Some(author_description.clone()),
        "description" => Some(description.clone()),
        _ => None,
    })?;
    let mins = match form.mins {
        None => podcast.mins,
        Some(Some(n)) if n.is_finite() && n >= 0.0 && n <= MAX_MINUTES as f64 => n.round() as i32,
        Some(_) => return Err(AdminError::Invalid("Please make sure Minutes is greater or equal to 0.".into())),
    };
    check_lengths(&[
        (&title, MAX_LINE, "Title"),
        (&author, MAX_LINE, "Author"),
        (&author_description, MAX_TEXT, "Author Description"),
        (&description, MAX_TEXT, "Description"),
    ])?;
    Ok(Podcast { title, author, author_description, description, mins, ..podcast })
}
