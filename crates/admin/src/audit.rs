//! The audit log: every change an admin makes, with who, when, what, and the values before and
//! after (only the fields that changed), written in the transaction of the change itself.

use kernel::{Timestamp, UserId};
use serde_json::{Map, Value};

/// What was done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    MemberUpdated,
    /// A member's plan (plan, paid date, end) changed by hand; carries the admin's reason.
    PlanChanged,
    BookAdded,
    BookUpdated,
    BookDeleted,
    BookRestored,
    MediaUploaded,
    PreviewPicked,
    /// Content edits (uploads included: the changed key is in the entry).
    PodcastAdded,
    PodcastUpdated,
    GoalAdded,
    GoalUpdated,
    PostAdded,
    PostUpdated,
    InsightAdded,
    InsightUpdated,
    CollectionAdded,
    CollectionUpdated,
    VisualAdded,
    VisualUpdated,
    VisualDeleted,
    VisualsReordered,
    /// A plan's name, price, trial or sale changed (its reason kept).
    PlanUpdated,
    CouponAdded,
    CouponUpdated,
    /// Ended by an operator before its last day.
    CouponEnded,
    /// A contact message marked read or unread.
    MessageMarked,
    /// An affiliate application approved or rejected.
    AffiliateDecided,
    /// Money recorded as paid to an affiliate.
    AffiliatePaidOut,
    /// A CSV export downloaded (the entity is the file).
    ExportDownloaded,
}

impl AuditAction {
    pub const ALL: [AuditAction; 30] = [
        AuditAction::MemberUpdated,
        AuditAction::PlanChanged,
        AuditAction::BookAdded,
        AuditAction::BookUpdated,
        AuditAction::BookDeleted,
        AuditAction::BookRestored,
        AuditAction::MediaUploaded,
        AuditAction::PreviewPicked,
        AuditAction::PodcastAdded,
        AuditAction::PodcastUpdated,
        AuditAction::GoalAdded,
        AuditAction::GoalUpdated,
        AuditAction::PostAdded,
        AuditAction::PostUpdated,
        AuditAction::InsightAdded,
        AuditAction::InsightUpdated,
        AuditAction::CollectionAdded,
        AuditAction::CollectionUpdated,
        AuditAction::VisualAdded,
        AuditAction::VisualUpdated,
        AuditAction::VisualDeleted,
        AuditAction::VisualsReordered,
        AuditAction::PlanUpdated,
        AuditAction::CouponAdded,
        AuditAction::CouponUpdated,
        AuditAction::CouponEnded,
        AuditAction::MessageMarked,
        AuditAction::AffiliateDecided,
        AuditAction::AffiliatePaidOut,
        AuditAction::ExportDownloaded,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::MemberUpdated => "member.updated",
            AuditAction::PlanChanged => "member.plan_changed",
            AuditAction::BookAdded => "book.added",
            AuditAction::BookUpdated => "book.updated",
            AuditAction::BookDeleted => "book.deleted",
            AuditAction::BookRestored => "book.restored",
            AuditAction::MediaUploaded => "book.media_uploaded",
            AuditAction::PreviewPicked => "book.preview_picked",
            AuditAction::PodcastAdded => "podcast.added",
            AuditAction::PodcastUpdated => "podcast.updated",
            AuditAction::GoalAdded => "goal.added",
            AuditAction::GoalUpdated => "goal.updated",
            AuditAction::PostAdded => "post.added",
            AuditAction::PostUpdated => "post.updated",
            AuditAction::InsightAdded => "insight.added",
            AuditAction::InsightUpdated => "insight.updated",
            AuditAction::CollectionAdded => "collection.added",
            AuditAction::CollectionUpdated => "collection.updated",
            AuditAction::VisualAdded => "visual.added",
            AuditAction::VisualUpdated => "visual.updated",
            AuditAction::VisualDeleted => "visual.deleted",
            // The entity is the book whose slides were put in order.
            AuditAction::VisualsReordered => "book.visuals_reordered",
            AuditAction::PlanUpdated => "plan.updated",
            AuditAction::CouponAdded => "coupon.added",
            AuditAction::CouponUpdated => "coupon.updated",
            AuditAction::CouponEnded => "coupon.ended",
            AuditAction::MessageMarked => "message.marked",
            AuditAction::AffiliateDecided => "affiliate.decided",
            AuditAction::AffiliatePaidOut => "affiliate.paid_out",
            AuditAction::ExportDownloaded => "export.downloaded",
        }
    }

    pub fn parse(text: &str) -> Option<AuditAction> {
        AuditAction::ALL.into_iter().find(|a| a.as_str() == text)
    }

    /// The kind of thing it changed: `member`, `book`, `podcast`, `goal`, `post`, `insight`,
    /// `collection` or `visual` (the name's part before the dot).
    pub fn entity(self) -> &'static str {
        self.as_str().split_once('.').map_or("", |(entity, _)| entity)
    }
}

/// One change, as it is written.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry {
    pub actor: UserId,
    pub action: AuditAction,
    pub entity_id: String,
    /// The changed fields' old values (null for an addition).
    pub before: Value,
    /// The changed fields' new values.
    pub after: Value,
    pub reason: Option<String>,
    pub at: Timestamp,
}

/// A stored entry, with the actor's e-mail for the list.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditRecord {
    pub id: i64,
    pub actor: Option<UserId>,
    pub actor_email: Option<String>,
    pub action: String,
    pub entity: String,
    pub entity_id: String,
    pub before: Value,
    pub after: Value,
    pub reason: Option<String>,
    pub at: Timestamp,
}

/// Filters for the list at `/admin/audit`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AuditFilter {
    pub action: Option<AuditAction>,
    pub entity_id: Option<String>,
    pub actor: Option<UserId>,
    pub since: Option<Timestamp>,
    pub until: Option<Timestamp>,
    /// Entries older than this id (paging backwards, newest first).
    pub before_id: Option<i64>,
}

impl AuditFilter {
    /// The list's query as sent: an unknown action or a date out of range is refused.
    pub fn parse(
        action: Option<&str>,
        entity_id: Option<String>,
        actor: Option<i64>,
        since: Option<i64>,
        until: Option<i64>,
        before_id: Option<i64>,
    ) -> Result<AuditFilter, crate::AdminError> {
        let action = match action.map(str::trim).filter(|a| !a.is_empty()) {
            Some(text) => Some(AuditAction::parse(text).ok_or_else(|| crate::AdminError::Invalid(format!("Unknown action: {text}")))?),
            None => None,
        };
        let time = |ms: Option<i64>| ms.map(crate::form::date_from_millis).transpose();
        Ok(AuditFilter {
            action,
            entity_id: entity_id.map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()),
            actor: actor.map(UserId),
            since: time(since)?,
            until: time(until)?,
            before_id,
        })
    }
}

/// The fields that differ between two JSON objects: `(before, after)` holding only those keys.
/// `None` when nothing changed (no entry is written for a save that changed nothing).
pub fn changes(before: &Value, after: &Value) -> Option<(Value, Value)> {
    let empty = Map::new();
    let old = before.as_object().unwrap_or(&empty);
    let new = after.as_object().unwrap_or(&empty);
    let mut was = Map::new();
    let mut now = Map::new();
    for key in old.keys().chain(new.keys()) {
        let (a, b) = (old.get(key).unwrap_or(&Value::Null), new.get(key).unwrap_or(&Value::Null));
        if a != b && !was.contains_key(key) {
            was.insert(key.clone(), a.clone());
            now.insert(key.clone(), b.clone());
        }
    }
    (!now.is_empty()).then_some((Value::Object(was), Value::Object(now)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_changed_fields_are_kept_and_an_unchanged_save_is_no_entry() {
        let before = json!({"firstName": "Ada", "email": "ada@example.com", "planId": null});
        let after = json!({"firstName": "Ada", "email": "ada@example.org", "planId": "yearly"});
        let (was, now) = changes(&before, &after).unwrap();
        assert_eq!(was, json!({"email": "ada@example.com", "planId": null}));
        assert_eq!(now, json!({"email": "ada@example.org", "planId": "yearly"}));
        assert_eq!(changes(&before, &before), None);
        assert_eq!(changes(&json!({}), &json!({"title": "New"})), Some((json!({"title": null}), json!({"title": "New"}))));
    }

    #[test]
    fn actions_read_and_write_as_their_stored_names() {
        for action in AuditAction::ALL {
            assert_eq!(AuditAction::parse(action.as_str()), Some(action));
        }
        assert_eq!(AuditAction::parse("book.burned"), None);
        assert_eq!(AuditAction::PlanChanged.entity(), "member");
        assert_eq!(AuditAction::MediaUploaded.entity(), "book");
        assert_eq!(AuditAction::VisualDeleted.entity(), "visual");
        assert_eq!(AuditAction::PostAdded.entity(), "post");
    }
}
