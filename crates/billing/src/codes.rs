//! Single-use codes: subscription codes (operators), gift codes (a gift bought for someone), team
//! seats (bought in bulk) and marketplace (StackSocial) lifetime deals. A code is random enough not
//! to be guessed and is looked up by its digest; redeeming one extends the member's plan rather than
//! replacing it.

use crate::access::{covered_until, AccessGrant, GrantSource, NewGrant};
use crate::error::BillingError;
use kernel::{Timestamp, UserId};

/// What made the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeKind {
    Subscription,
    Gift,
    Seat,
    StackSocial,
}

impl CodeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CodeKind::Subscription => "subscription",
            CodeKind::Gift => "gift",
            CodeKind::Seat => "seat",
            CodeKind::StackSocial => "stacksocial",
        }
    }

    pub fn parse(text: &str) -> Option<CodeKind> {
        [CodeKind::Subscription, CodeKind::Gift, CodeKind::Seat, CodeKind::StackSocial].into_iter().find(|k| k.as_str() == text)
    }
}

/// A code as stored (its digest is the key; the code itself is known only to whoever holds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeRecord {
    pub id: i64,
    pub kind: CodeKind,
    pub plan_id: String,
    /// Days of premium; `None` is for life.
    pub duration_days: Option<i32>,
    pub redeemed_at: Option<Timestamp>,
    pub revoked_at: Option<Timestamp>,
}

impl CodeRecord {
    pub fn usable(&self) -> bool {
        self.redeemed_at.is_none() && self.revoked_at.is_none()
    }
}

/// Days of premium a gift or a seat gives.
pub const ONE_YEAR_DAYS: i32 = 365;

/// The grant redeeming `code` gives `user`: a lifetime code for life; a code of days from now
/// until that many days after the member's current access ends (or from now). A member who has
/// Premium for life keeps the code for someone else.
pub fn code_grant(grants: &[AccessGrant], code: &CodeRecord, user: UserId, now: Timestamp) -> Result<NewGrant, BillingError> {
    let covered = covered_until(grants, now);
    if covered == Some(None) {
        return Err(BillingError::AlreadyForLife);
    }
    let ends_at = code.duration_days.map(|days| covered.flatten().map_or(now, |end| end.max(now)) + chrono::Duration::days(i64::from(days)));
    Ok(NewGrant { user, plan_id: code.plan_id.clone(), source: GrantSource::Code { code_id: code.id }, starts_at: now, ends_at })
}

/// A team seat: a code bought in bulk, shown to its buyer, who hands it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub id: i64,
    pub code: String,
    pub charge_id: String,
    pub invited_email: Option<String>,
    pub invited_at: Option<Timestamp>,
    pub redeemed_by: Option<String>,
    pub redeemed_at: Option<Timestamp>,
    pub revoked_at: Option<Timestamp>,
}

/// Where a seat stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatState {
    Free,
    Invited,
    Redeemed,
    Revoked,
}

impl SeatState {
    pub fn as_str(self) -> &'static str {
        match self {
            SeatState::Free => "free",
            SeatState::Invited => "invited",
            SeatState::Redeemed => "redeemed",
            SeatState::Revoked => "revoked",
        }
    }
}

impl Seat {
    pub fn state(&self) -> SeatState {
        if self.redeemed_at.is_some() {
            SeatState::Redeemed
        } else if self.revoked_at.is_some() {
            SeatState::Revoked
        } else if self.invited_at.is_some() {
            SeatState::Invited
        } else {
            SeatState::Free
        }
    }

    /// A seat can be offered (again) until someone redeems it or it is revoked.
    pub fn can_invite(&self) -> bool {
        matches!(self.state(), SeatState::Free | SeatState::Invited)
    }

    /// A seat nobody redeemed can be revoked (a new code replaces it).
    pub fn can_revoke(&self) -> bool {
        matches!(self.state(), SeatState::Free | SeatState::Invited)
    }
}

/// The gift form (member spec: Gift payload). Names and the message are optional; without a
/// recipient e-mail the code goes to the buyer.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GiftDetails {
    pub sender_name: String,
    pub recipient_name: String,
    pub recipient_email: Option<String>,
    pub message: String,
}

/// The longest gift message and names (characters).
pub const MAX_GIFT_MESSAGE: usize = 1000;
pub const MAX_GIFT_NAME: usize = 100;

impl GiftDetails {
    /// The form as typed: trimmed, bounded, the recipient's address valid when given.
    pub fn parse(sender: Option<&str>, recipient: Option<&str>, recipient_email: Option<&str>, message: Option<&str>) -> Result<GiftDetails, BillingError> {
        let text = |v: Option<&str>| v.map(str::trim).unwrap_or_default().to_owned();
        // Names go into the mail's lines (and the subject): line breaks and runs of spaces become
        // one space, so a name cannot forge the mail's layout.
        let flat = |v: Option<&str>| v.unwrap_or_default().split_whitespace().collect::<Vec<_>>().join(" ");
        let (sender_name, recipient_name, message) = (flat(sender), flat(recipient), text(message));
        if sender_name.chars().count() > MAX_GIFT_NAME || recipient_name.chars().count() > MAX_GIFT_NAME {
            return Err(BillingError::GiftTooLong("Names may be at most 100 characters."));
        }
        if message.chars().count() > MAX_GIFT_MESSAGE {
            return Err(BillingError::GiftTooLong("The message may be at most 1,000 characters."));
        }
        let recipient_email = match recipient_email.map(str::trim).filter(|e| !e.is_empty()) {
            Some(email) => Some(kernel::Email::parse(email).map_err(|_| BillingError::InvalidEmail)?.as_str().to_owned()),
            None => None,
        };
        Ok(GiftDetails { sender_name, recipient_name, recipient_email, message })
    }
}

/// A marketplace's code export (CSV: the code in the first column, a header line allowed) read for
/// import: the codes, normalised and each once, and how many lines were not codes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CodeImport {
    pub codes: Vec<String>,
    /// Lines whose first field is not a code (8 to 64 letters and digits, dashes and spaces aside).
    pub malformed: usize,
    /// Lines repeating a code earlier in the same file.
    pub repeated: usize,
}

pub fn read_code_import(text: &str) -> CodeImport {
    let mut import = CodeImport::default();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let first = line.split([',', ';', '\t']).next().unwrap_or_default().trim().trim_matches('"');
        let code = kernel::normalise_code(first);
        let looks_like_a_code = first.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ' ') && (8..=64).contains(&code.len());
        if !looks_like_a_code {
            // A header line is expected, not an error.
            if !(n == 0 && first.eq_ignore_ascii_case("code")) {
                import.malformed += 1;
            }
            continue;
        }
        if import.codes.contains(&code) {
            import.repeated += 1;
        } else {
            import.codes.push(code);
        }
    }
    import
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone, Utc};

    fn now() -> Timestamp {
        Utc.with_ymd_and_hms(2026, 11, 23, 12, 0, 0).unwrap()
    }

    fn code(days: Option<i32>) -> CodeRecord {
        CodeRecord { id: 1, kind: CodeKind::Gift, plan_id: "gift".into(), duration_days: days, redeemed_at: None, revoked_at: None }
    }

    const ADA: UserId = UserId(7);

    /// A monthly grant of Ada's that began 40 days ago and ends in `end_in_days` (none: for life).
    fn grant(end_in_days: Option<i64>) -> AccessGrant {
        AccessGrant {
            id: 1,
            user: ADA,
            plan_id: "monthly".into(),
            source: GrantSource::Operator,
            starts_at: now() - Duration::days(40),
            ends_at: end_in_days.map(|d| now() + Duration::days(d)),
            revoked: None,
        }
    }

    #[test]
    fn a_year_is_added_after_the_current_access_or_from_now() {
        let from_now = code_grant(&[], &code(Some(365)), ADA, now()).unwrap();
        assert_eq!((from_now.starts_at, from_now.ends_at), (now(), Some(now() + Duration::days(365))));
        assert_eq!(from_now.source, GrantSource::Code { code_id: 1 });
        let extended = code_grant(&[grant(Some(10))], &code(Some(365)), ADA, now()).unwrap();
        assert_eq!(extended.ends_at, Some(now() + Duration::days(375)), "the ten days left are kept");
        assert_eq!(extended.starts_at, now(), "a grant starts when it is made");
        assert_eq!(extended.plan_id, "gift");
        let lapsed = code_grant(&[grant(Some(-5))], &code(Some(365)), ADA, now()).unwrap();
        assert_eq!(lapsed.ends_at, Some(now() + Duration::days(365)), "a lapsed plan is not extended backwards");
    }

    #[test]
    fn a_lifetime_code_gives_life_and_a_member_for_life_keeps_codes_for_others() {
        assert_eq!(code_grant(&[grant(Some(10))], &code(None), ADA, now()).unwrap().ends_at, None);
        assert_eq!(code_grant(&[grant(None)], &code(Some(365)), ADA, now()).unwrap_err(), BillingError::AlreadyForLife);
        // A lifetime grant that was refunded no longer counts.
        let refunded = AccessGrant { revoked: Some((now() - Duration::days(1), crate::access::Revocation::Refund)), ..grant(None) };
        assert_eq!(code_grant(&[refunded], &code(Some(365)), ADA, now()).unwrap().ends_at, Some(now() + Duration::days(365)));
    }

    #[test]
    fn a_seat_moves_from_free_to_invited_to_redeemed_and_only_unredeemed_ones_are_revoked() {
        let free = Seat {
            id: 1,
            code: "C".into(),
            charge_id: "ch".into(),
            invited_email: None,
            invited_at: None,
            redeemed_by: None,
            redeemed_at: None,
            revoked_at: None,
        };
        assert_eq!((free.state(), free.can_invite(), free.can_revoke()), (SeatState::Free, true, true));
        let invited = Seat { invited_email: Some("x@example.com".into()), invited_at: Some(now()), ..free.clone() };
        assert_eq!((invited.state(), invited.can_invite(), invited.can_revoke()), (SeatState::Invited, true, true));
        let redeemed = Seat { redeemed_at: Some(now()), redeemed_by: Some("x@example.com".into()), ..invited.clone() };
        assert_eq!((redeemed.state(), redeemed.can_invite(), redeemed.can_revoke()), (SeatState::Redeemed, false, false));
        let revoked = Seat { revoked_at: Some(now()), ..free };
        assert_eq!((revoked.state(), revoked.can_invite(), revoked.can_revoke()), (SeatState::Revoked, false, false));
    }

    #[test]
    fn a_code_is_usable_until_redeemed_or_revoked() {
        assert!(code(None).usable());
        assert!(!CodeRecord { redeemed_at: Some(now()), ..code(None) }.usable());
        assert!(!CodeRecord { revoked_at: Some(now()), ..code(None) }.usable());
    }

    #[test]
    fn an_import_reads_first_columns_once_and_counts_what_is_not_a_code() {
        let csv = "code,order\nABCD-1234-EFGH,991\n abcd1234efgh ,992\n\"XYZW-9876-QRST\",993\nshort,1\n<script>,2\n\n";
        let import = read_code_import(csv);
        assert_eq!(import.codes, vec!["ABCD1234EFGH".to_owned(), "XYZW9876QRST".to_owned()]);
        assert_eq!((import.repeated, import.malformed), (1, 2));
        assert_eq!(read_code_import("HEADER\nGOODCODE1\n").malformed, 1, "only a `code` header is skipped silently");
    }

    #[test]
    fn the_gift_form_is_trimmed_bounded_and_its_address_checked() {
        let gift = GiftDetails::parse(Some(" Ada "), None, Some(" Grace@Example.com "), Some("Enjoy!")).unwrap();
        assert_eq!(
            gift,
            GiftDetails { sender_name: "Ada".into(), recipient_name: "".into(), recipient_email: Some("grace@example.com".into()), message: "Enjoy!".into() }
        );
        assert_eq!(GiftDetails::parse(None, None, Some("nope"), None).unwrap_err(), BillingError::InvalidEmail);
        assert!(GiftDetails::parse(None, None, None, Some(&"x".repeat(1001))).is_err());
        assert_eq!(GiftDetails::parse(None, None, Some("  "), None).unwrap().recipient_email, None);
    }

    /// Security III §8: a name cannot add lines to the gift mail (or its subject).
    #[test]
    fn names_with_line_breaks_are_flattened_to_one_line() {
        let gift = GiftDetails::parse(Some("Ada\r\n\r\nYour code: FAKE-CODE"), Some(" Grace \t Hopper\n"), None, Some("Line one\nLine two")).unwrap();
        assert_eq!(gift.sender_name, "Ada Your code: FAKE-CODE");
        assert_eq!(gift.recipient_name, "Grace Hopper");
        assert_eq!(gift.message, "Line one\nLine two", "the message keeps its own lines, quoted in the mail");
    }
}
