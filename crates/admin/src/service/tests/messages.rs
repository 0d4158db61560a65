//! The contact, suggest and feedback forms, and the inbox.

use super::*;
use crate::messages::{InboxFilter, MessageForm, MessageKind, INBOX_PAGE, MESSAGES_PER_ADDRESS_PER_HOUR};

const OPERATOR: UserId = UserId(1);

const SUPPORT: &str = "support@gistbook.app";

fn contact<'a>(body: &'a str) -> MessageForm<'a> {
    MessageForm { name: Some("Ann"), email: Some("ann@example.com"), body: Some(body), honeypot: None }
}

#[test]
fn a_message_is_stored_and_mailed_to_support() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    admin.send_message(MessageKind::Contact, &contact("Hello team"), Some(UserId(4)), "10.0.0.1", SUPPORT).unwrap();
    let page = admin.inbox(InboxFilter::All, 0).unwrap();
    assert_eq!((page.total, page.unread), (1, 1));
    assert_eq!((page.messages[0].kind, page.messages[0].body.as_str(), page.messages[0].created_at), (MessageKind::Contact, "Hello team", now()));
    let mail = store.mail.borrow();
    assert_eq!((mail.len(), mail[0].to.as_str()), (1, SUPPORT));
    assert!(mail[0].text_body.contains("member #4"));
}

#[test]
fn an_incomplete_message_changes_nothing() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    let error = admin.send_message(MessageKind::Suggest, &contact(" "), None, "10.0.0.1", SUPPORT).unwrap_err();
    assert_eq!(error.to_string(), "Please complete the form.");
    assert_eq!(admin.inbox(InboxFilter::All, 0).unwrap().total, 0);
    assert!(store.mail.borrow().is_empty());
}

#[test]
fn a_filled_honeypot_looks_sent_but_keeps_nothing() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    let spam = MessageForm { honeypot: Some("https://cheap.example"), ..contact("Buy now") };
    admin.send_message(MessageKind::Contact, &spam, None, "10.0.0.1", SUPPORT).unwrap();
    assert_eq!(admin.inbox(InboxFilter::All, 0).unwrap().total, 0);
    assert!(store.mail.borrow().is_empty());
}

#[test]
fn one_address_sends_a_few_messages_an_hour() {
    let store = InMemoryAdmin::default();
    let admin = Admin::new(&store, now());
    for _ in 0..MESSAGES_PER_ADDRESS_PER_HOUR {
        admin.send_message(MessageKind::Contact, &contact("Hi"), None, "10.0.0.1", SUPPORT).unwrap();
    }
    assert_eq!(admin.send_message(MessageKind::Contact, &contact("Hi"), None, "10.0.0.1", SUPPORT), Err(AdminError::TooManyMessages));
    admin.send_message(MessageKind::Contact, &contact("Hi"), None, "10.0.0.2", SUPPORT).unwrap();
    let later = Admin::new(&store, now() + chrono::Duration::minutes(61));
    later.send_message(MessageKind::Feedback, &contact("Hi"), None, "10.0.0.1", SUPPORT).unwrap();
    assert_eq!(admin.inbox(InboxFilter::All, 0).unwrap().total, i64::from(MESSAGES_PER_ADDRESS_PER_HOUR) + 2);
}

#[test]
fn the_inbox_pages_newest_first_and_marks_read_and_unread() {
    let store = InMemoryAdmin::default();
    for n in 0..(INBOX_PAGE + 3) {
        let at = now() + chrono::Duration::minutes(n * 20);
        Admin::new(&store, at).send_message(MessageKind::Contact, &contact(&format!("m{n}")), None, &format!("10.0.{n}.1"), SUPPORT).unwrap();
    }
    let admin = Admin::new(&store, now() + chrono::Duration::days(2));
    let first = admin.inbox(InboxFilter::All, 0).unwrap();
    assert_eq!((first.messages.len() as i64, first.messages[0].body.as_str()), (INBOX_PAGE, format!("m{}", INBOX_PAGE + 2).as_str()));
    assert_eq!(admin.inbox(InboxFilter::All, INBOX_PAGE).unwrap().messages.len(), 3);

    let newest = first.messages[0].id;
    let read = admin.mark_message(OPERATOR, newest, true).unwrap();
    assert_eq!(read.read_at, Some(now() + chrono::Duration::days(2)));
    // Marking it read again keeps the first time.
    let again = Admin::new(&store, now() + chrono::Duration::days(3)).mark_message(OPERATOR, newest, true).unwrap();
    assert_eq!(again.read_at, read.read_at);
    let unread = admin.inbox(InboxFilter::Unread, 0).unwrap();
    assert_eq!((unread.total, unread.unread, unread.messages.iter().any(|m| m.id == newest)), (INBOX_PAGE + 2, INBOX_PAGE + 2, false));
    assert_eq!(admin.mark_message(OPERATOR, newest, false).unwrap().read_at, None);
    assert_eq!(admin.mark_message(OPERATOR, 9_999, true), Err(AdminError::NotFound("Message not found.")));
    // Security III §7: each mark is in the audit log, with who and what (none for a missing message).
    let marks: Vec<_> = store.audit().into_iter().filter(|e| e.action == crate::audit::AuditAction::MessageMarked).collect();
    assert_eq!(marks.len(), 3);
    assert_eq!((marks[0].actor, marks[0].entity_id.as_str()), (OPERATOR, newest.to_string().as_str()));
    assert_eq!((marks[0].before.clone(), marks[2].after.clone()), (serde_json::json!({"read": false}), serde_json::json!({"read": false})));
    assert_eq!(admin.inbox(InboxFilter::All, -1), Err(AdminError::NegativeStart));
}
