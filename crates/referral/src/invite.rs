//! Inviting a friend by e-mail: the form's rules (the spec's fields, first failing one only), the
//! daily limit and the invitation mail with the member's referral link.

use crate::error::ReferralError;
use kernel::{Email, OutgoingMail};

/// Invites one member may send a day (a person invites a few friends; more is a spammer).
pub const INVITES_PER_DAY: u32 = 20;
/// Longest name, in characters.
pub const MAX_NAME: usize = 100;

/// The form as sent.
#[derive(Debug, Clone, Default)]
pub struct InviteForm<'a> {
    pub your_name: Option<&'a str>,
    pub friend_name: Option<&'a str>,
    pub friend_email: Option<&'a str>,
}

/// A checked invite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub your_name: String,
    pub friend_name: String,
    pub friend_email: Email,
}

/// The invitation's subject, the same for every inviter.
pub const INVITE_SUBJECT: &str = "A friend invited you to Gistbook";

impl Invite {
    pub fn check(form: &InviteForm<'_>) -> Result<Invite, ReferralError> {
        let text = |value: Option<&str>| value.map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
        let your_name = text(form.your_name).ok_or(ReferralError::InvalidInvite("Please enter your name."))?;
        let friend_name = text(form.friend_name).ok_or(ReferralError::InvalidInvite("Please enter your friend's name."))?;
        let friend_email = text(form.friend_email).ok_or(ReferralError::InvalidInvite("Please enter your friend's email."))?;
        let friend_email = Email::parse(&friend_email).map_err(|_| ReferralError::InvalidInvite("Please enter a valid email address."))?;
        if your_name.chars().count() > MAX_NAME || friend_name.chars().count() > MAX_NAME {
            return Err(ReferralError::InvalidInvite("Please keep names under 100 characters."));
        }
        Ok(Invite { your_name, friend_name, friend_email })
    }

    /// The invitation: who invites, and the link that makes the friend theirs.
    pub fn mail(&self, link: &str) -> OutgoingMail {
        // Names go into a plain-text mail only; line breaks are flattened so a name cannot forge
        // the mail's layout.
        let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let (you, friend) = (flat(&self.your_name), flat(&self.friend_name));
        OutgoingMail::text(
            self.friend_email.as_str(),
            // The subject names nobody: it is the one line a mail client shows before opening,
            // and a free-text name there reads as whatever its writer wanted.
            INVITE_SUBJECT.to_owned(),
            format!(
                "Hi {friend},\n\n{you} reads book summaries on Gistbook and thinks you would like it too: the key ideas of the best non-fiction books in 15 minutes, to read or listen to.\n\nStart with three free summaries:\n{link}\n\nHappy reading,\nThe Gistbook team\n\nYou received this because {you} entered your address. We will not write to you again unless you sign up.\n"
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form<'a>(your: &'a str, friend: &'a str, email: &'a str) -> InviteForm<'a> {
        InviteForm { your_name: Some(your), friend_name: Some(friend), friend_email: Some(email) }
    }

    #[test]
    fn the_first_missing_field_is_named() {
        let message = |f: InviteForm<'_>| Invite::check(&f).unwrap_err().to_string();
        assert_eq!(message(form(" ", "", "")), "Please enter your name.");
        assert_eq!(message(form("Ann", " ", "")), "Please enter your friend's name.");
        assert_eq!(message(form("Ann", "Bo", "")), "Please enter your friend's email.");
        assert_eq!(message(InviteForm::default()), "Please enter your name.");
        assert_eq!(message(form("Ann", "Bo", "bo@")), "Please enter a valid email address.");
        assert_eq!(message(form(&"a".repeat(101), "Bo", "bo@example.com")), "Please keep names under 100 characters.");
    }

    #[test]
    fn a_valid_invite_is_trimmed_and_its_mail_carries_the_link() {
        let invite = Invite::check(&form(" Ann\n\nThe Gistbook team ", "Bo\nBcc: x@evil.example", " Bo@Example.com ")).unwrap();
        assert_eq!(invite.friend_email.as_str(), "bo@example.com");
        let mail = invite.mail("https://gistbook.app/r/ab3k9mzq2x7p");
        // Security III §8: no free-text name in the subject; names flattened in the body.
        assert_eq!((mail.to.as_str(), mail.subject.as_str()), ("bo@example.com", "A friend invited you to Gistbook"));
        assert!(mail.text_body.contains("\nAnn The Gistbook team reads book summaries"), "{}", mail.text_body);
        assert!(mail.text_body.contains("https://gistbook.app/r/ab3k9mzq2x7p"));
        assert!(mail.text_body.starts_with("Hi Bo Bcc: x@evil.example,"), "{}", mail.text_body);
    }
}
