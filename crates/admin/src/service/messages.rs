//! The contact, suggest-a-book and feedback forms (anyone may send), and the back office's inbox.

use super::Admin;
use crate::audit::{AuditAction, AuditEntry};
use crate::error::AdminError;
use crate::messages::{InboxFilter, InboxPage, Message, MessageForm, MessageKind, NewMessage, INBOX_PAGE, MESSAGES_PER_ADDRESS_PER_HOUR};
use crate::ports::AdminStore;
use kernel::UserId;

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    /// Checks and stores a message from `client` (an address), mailing it to `support`. A filled
    /// honeypot is answered as a success and nothing is kept, so bots learn nothing.
    pub fn send_message(&self, kind: MessageKind, form: &MessageForm<'_>, member: Option<UserId>, client: &str, support: &str) -> Result<(), AdminError> {
        let message = NewMessage::check(kind, form, member)?;
        if form.is_spam() {
            return Ok(());
        }
        let since = self.now - chrono::Duration::hours(1);
        if self.store.record_and_count(&format!("message:ip:{client}"), self.now, since)? > MESSAGES_PER_ADDRESS_PER_HOUR {
            return Err(AdminError::TooManyMessages);
        }
        self.store.save_message(&message, &message.support_mail(support), self.now)?;
        Ok(())
    }

    /// A page of the inbox, newest first, with how many the filter keeps and how many are unread.
    pub fn inbox(&self, filter: InboxFilter, start: i64) -> Result<InboxPage, AdminError> {
        if start < 0 {
            return Err(AdminError::NegativeStart);
        }
        let messages = self.store.messages(filter, start, INBOX_PAGE)?;
        let (every, unread) = self.store.count_messages()?;
        let total = if filter == InboxFilter::Unread { unread } else { every };
        Ok(InboxPage { messages, total, unread })
    }

    /// Marks a message read (now) or unread, in the audit log under `actor`.
    pub fn mark_message(&self, actor: UserId, id: i64, read: bool) -> Result<Message, AdminError> {
        let missing = AdminError::NotFound("Message not found.");
        let message = self.store.message(id)?.ok_or(missing.clone())?;
        // Marking read again keeps when it was first read.
        let read_at = if read { Some(message.read_at.unwrap_or(self.now)) } else { None };
        let entry = AuditEntry {
            actor,
            action: AuditAction::MessageMarked,
            entity_id: id.to_string(),
            before: serde_json::json!({ "read": message.read_at.is_some() }),
            after: serde_json::json!({ "read": read }),
            reason: None,
            at: self.now,
        };
        if !self.store.mark_message(id, read_at, &entry)? {
            return Err(missing);
        }
        self.store.message(id)?.ok_or(missing)
    }
}
