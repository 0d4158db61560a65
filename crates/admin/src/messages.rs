//! What visitors and members write to the team: the contact form, "suggest a book" and the
//! feedback form. The rules of what a message must hold (the spec's texts), the honeypot and the
//! per-address limit; the support mail each one sends.

use crate::error::AdminError;
use kernel::{Email, OutgoingMail, Timestamp, UserId};

/// Messages one address may send per hour (a person writes a few; a script writes hundreds).
pub const MESSAGES_PER_ADDRESS_PER_HOUR: u32 = 5;
/// Longest message, in characters.
pub const MAX_MESSAGE: usize = 5_000;
/// Longest name, in characters.
pub const MAX_NAME: usize = 200;
/// Messages per page of the back office's inbox.
pub const INBOX_PAGE: i64 = 50;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    Contact,
    Suggest,
    Feedback,
}

impl MessageKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MessageKind::Contact => "contact",
            MessageKind::Suggest => "suggest",
            MessageKind::Feedback => "feedback",
        }
    }

    pub fn parse(text: &str) -> Option<MessageKind> {
        match text {
            "contact" => Some(MessageKind::Contact),
            "suggest" => Some(MessageKind::Suggest),
            "feedback" => Some(MessageKind::Feedback),
            _ => None,
        }
    }

    /// The support mail's subject line.
    fn subject(self) -> &'static str {
        match self {
            MessageKind::Contact => "Contact form",
            MessageKind::Suggest => "Book suggestion",
            MessageKind::Feedback => "Feedback",
        }
    }

    /// The spec's message for a form missing what it needs.
    fn incomplete(self) -> AdminError {
        match self {
            MessageKind::Feedback => AdminError::Invalid("Please input the required fields.".into()),
            MessageKind::Contact | MessageKind::Suggest => AdminError::Invalid("Please complete the form.".into()),
        }
    }
}

/// A form as sent: every field may be missing.
#[derive(Debug, Clone, Default)]
pub struct MessageForm<'a> {
    pub name: Option<&'a str>,
    pub email: Option<&'a str>,
    pub body: Option<&'a str>,
    /// The hidden field people never see and bots fill in.
    pub honeypot: Option<&'a str>,
}

impl MessageForm<'_> {
    pub fn is_spam(&self) -> bool {
        self.honeypot.is_some_and(|text| !text.trim().is_empty())
    }
}

/// A checked message, ready to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    pub kind: MessageKind,
    pub name: Option<String>,
    pub email: String,
    pub body: String,
    pub member: Option<UserId>,
}

impl NewMessage {
    /// Checks a form of `kind`: contact and suggest need a name, an e-mail and a message;
    /// feedback needs the text and an e-mail (its name is not asked).
    pub fn check(kind: MessageKind, form: &MessageForm<'_>, member: Option<UserId>) -> Result<NewMessage, AdminError> {
        let text = |value: Option<&str>| value.map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
        let (name, email, body) = (text(form.name), text(form.email), text(form.body));
        let needs_name = kind != MessageKind::Feedback;
        let (Some(email), Some(body)) = (email, body) else { return Err(kind.incomplete()) };
        if needs_name && name.is_none() {
            return Err(kind.incomplete());
        }
        let email = Email::parse(&email).map_err(|_| AdminError::Invalid("Please enter a valid email address.".into()))?;
        if body.chars().count() > MAX_MESSAGE {
            return Err(AdminError::Invalid(format!("Please keep the message under {MAX_MESSAGE} characters.")));
        }
        if name.as_ref().is_some_and(|n| n.chars().count() > MAX_NAME) {
            return Err(AdminError::Invalid(format!("Please keep the name under {MAX_NAME} characters.")));
        }
        Ok(NewMessage { kind, name: if needs_name { name } else { None }, email: email.as_str().to_owned(), body, member })
    }

    /// The mail to the support address: who wrote, how to answer, what they wrote.
    pub fn support_mail(&self, support: &str) -> OutgoingMail {
        let from = match &self.name {
            Some(name) => format!("{name} <{}>", self.email),
            None => self.email.clone(),
        };
        let member = self.member.map_or_else(|| "not signed in".to_owned(), |id| format!("member #{}", id.0));
        OutgoingMail::text(
            support,
            format!("{}: {}", self.kind.subject(), first_line(&self.body)),
            format!("From: {from} ({member})\nReply to: {}\n\n{}\n", self.email, self.body),
        )
    }
}

fn first_line(body: &str) -> String {
    let line = body.lines().next().unwrap_or("").trim();
    let mut short: String = line.chars().take(60).collect();
    if line.chars().count() > 60 {
        short.push('…');
    }
    short
}

/// A stored message, as the back office reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub id: i64,
    pub kind: MessageKind,
    pub name: Option<String>,
    pub email: String,
    pub body: String,
    pub read_at: Option<Timestamp>,
    pub created_at: Timestamp,
}

/// Which messages the inbox lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum InboxFilter {
    #[default]
    All,
    Unread,
}

/// A page of the inbox with its counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InboxPage {
    pub messages: Vec<Message>,
    /// Messages the filter keeps.
    pub total: i64,
    pub unread: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form<'a>(name: &'a str, email: &'a str, body: &'a str) -> MessageForm<'a> {
        MessageForm { name: Some(name), email: Some(email), body: Some(body), honeypot: None }
    }

    #[test]
    fn contact_and_suggest_need_name_email_and_message_with_the_specs_text() {
        for kind in [MessageKind::Contact, MessageKind::Suggest] {
            for incomplete in [form("", "a@b.co", "hi"), form("Ann", " ", "hi"), form("Ann", "a@b.co", "  \n")] {
                assert_eq!(NewMessage::check(kind, &incomplete, None), Err(AdminError::Invalid("Please complete the form.".into())));
            }
        }
    }

    #[test]
    fn feedback_needs_text_and_email_and_keeps_no_name() {
        let missing = MessageForm { email: Some("a@b.co"), ..MessageForm::default() };
        assert_eq!(NewMessage::check(MessageKind::Feedback, &missing, None), Err(AdminError::Invalid("Please input the required fields.".into())));
        let message =
            NewMessage::check(MessageKind::Feedback, &MessageForm { name: Some("x"), ..form("", " A@B.co ", " Great app ") }, Some(UserId(7))).unwrap();
        assert_eq!(message, NewMessage { kind: MessageKind::Feedback, name: None, email: "a@b.co".into(), body: "Great app".into(), member: Some(UserId(7)) });
    }

    #[test]
    fn a_malformed_email_or_an_overlong_message_is_refused() {
        assert_eq!(
            NewMessage::check(MessageKind::Contact, &form("Ann", "not-an-email", "hi"), None),
            Err(AdminError::Invalid("Please enter a valid email address.".into()))
        );
        let long = "x".repeat(MAX_MESSAGE + 1);
        assert!(NewMessage::check(MessageKind::Contact, &form("Ann", "a@b.co", &long), None).is_err());
        assert!(NewMessage::check(MessageKind::Contact, &form("Ann", "a@b.co", &long[1..]), None).is_ok());
    }

    #[test]
    fn the_support_mail_says_who_wrote_and_what() {
        let message = NewMessage::check(MessageKind::Suggest, &form("Ann Lee", "ann@example.com", "Please add Deep Work\nby Cal Newport"), None).unwrap();
        let mail = message.support_mail("support@gistbook.app");
        assert_eq!(mail.to, "support@gistbook.app");
        assert_eq!(mail.subject, "Book suggestion: Please add Deep Work");
        assert!(mail.text_body.contains("From: Ann Lee <ann@example.com> (not signed in)"));
        assert!(mail.text_body.contains("by Cal Newport"));
    }

    #[test]
    fn only_a_filled_honeypot_is_spam() {
        assert!(!form("a", "b", "c").is_spam());
        assert!(!MessageForm { honeypot: Some(" "), ..form("a", "b", "c") }.is_spam());
        assert!(MessageForm { honeypot: Some("http://spam"), ..form("a", "b", "c") }.is_spam());
    }
}
