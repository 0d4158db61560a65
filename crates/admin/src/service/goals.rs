//! Goals: the list, adding ('Goal was added.') and editing ('Goal was edited.') with the spec's
//! required fields, and their two photos. Books link to goals from the book form.

use super::content::{check_lengths, check_required, text_or, MAX_LINE, MAX_TEXT};
use super::Admin;
use crate::audit::AuditAction;
use crate::content::Goal;
use crate::error::AdminError;
use crate::form::{Field, FieldKind};
use crate::ports::AdminStore;
use kernel::UserId;
use serde_json::{json, Value};

/// Goal add (spec: title and short title required).
pub const GOAL_ADD_FORM: [Field; 2] = [Field::required("title", "Title*", FieldKind::Text), Field::required("shortTitle", "Short Title*", FieldKind::Text)];

/// Goal edit (spec: title, short title and mobile title required).
pub const GOAL_EDIT_FORM: [Field; 3] = [
    Field::required("title", "Title*", FieldKind::Text),
    Field::required("shortTitle", "Short Title*", FieldKind::Text),
    Field::required("mobileTitle", "Mobile Title*", FieldKind::Text),
];

#[derive(Debug, Clone, Default)]
pub struct GoalForm<'a> {
    pub title: Option<&'a str>,
    pub short_title: Option<&'a str>,
    /// The short title when left empty on add.
    pub mobile_title: Option<&'a str>,
    pub description: Option<&'a str>,
}

/// A goal's photos: the card photo and the featured one (`photov2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoalPhoto {
    Photo,
    Featured,
}

fn audit_view(g: &Goal) -> Value {
    json!({"title": g.title, "shortTitle": g.short_title, "mobileTitle": g.mobile_title, "desc": g.description, "photo": g.photo, "photov2": g.featured_photo})
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    pub fn goals(&self) -> Result<Vec<Goal>, AdminError> {
        Ok(self.store.goals()?)
    }

    pub fn goal(&self, id: i64) -> Result<Goal, AdminError> {
        self.store.goal(id)?.ok_or(AdminError::NotFound("Goal not found."))
    }

    pub fn add_goal(&self, actor: UserId, form: &GoalForm<'_>) -> Result<Goal, AdminError> {
        let draft = Goal {
            id: 0,
            title: String::new(),
            short_title: String::new(),
            mobile_title: String::new(),
            description: String::new(),
            photo: String::new(),
            featured_photo: String::new(),
            book_count: 0,
        };
        let mut goal = apply(&GOAL_ADD_FORM, draft, form)?;
        if goal.mobile_title.is_empty() {
            goal.mobile_title = goal.short_title.clone();
        }
        let id = self.store.insert_goal(&goal, &self.added_entry(actor, AuditAction::GoalAdded, audit_view(&goal)))?;
        self.goal(id)
    }

    pub fn update_goal(&self, actor: UserId, id: i64, form: &GoalForm<'_>) -> Result<Goal, AdminError> {
        let before = self.goal(id)?;
        let after = apply(&GOAL_EDIT_FORM, before.clone(), form)?;
        self.save_goal(actor, &before, &after)
    }

    pub fn set_goal_photo(&self, actor: UserId, id: i64, photo: GoalPhoto, key: &str) -> Result<Goal, AdminError> {
        let before = self.goal(id)?;
        let mut after = before.clone();
        match photo {
            GoalPhoto::Photo => after.photo = key.to_owned(),
            GoalPhoto::Featured => after.featured_photo = key.to_owned(),
        }
        self.save_goal(actor, &before, &after)
    }

    fn save_goal(&self, actor: UserId, before: &Goal, after: &Goal) -> Result<Goal, AdminError> {
        if let Some(entry) = self.change_entry(actor, AuditAction::GoalUpdated, before.id, &audit_view(before), &audit_view(after)) {
            self.store.update_goal(after, &entry)?;
        }
        self.goal(before.id)
    }
}

fn apply(fields: &[Field], goal: Goal, form: &GoalForm<'_>) -> Result<Goal, AdminError> {
    let title = text_or(form.title, &goal.title);
    let short_title = text_or(form.short_title, &goal.short_title);
    let mobile_title = text_or(form.mobile_title, &goal.mobile_title);
    let description = text_or(form.description, &goal.description);
    check_required(fields, |id| match id {
        "title" => Some(title.clone()),
        "shortTitle" => Some(short_title.clone()),
        "mobileTitle" => Some(mobile_title.clone()),
        _ => None,
    })?;
    check_lengths(&[
        (&title, MAX_LINE, "Title"),
        (&short_title, MAX_LINE, "Short Title"),
        (&mobile_title, MAX_LINE, "Mobile Title"),
        (&description, MAX_TEXT, "Description"),
    ])?;
    Ok(Goal { title, short_title, mobile_title, description, ..goal })
}
