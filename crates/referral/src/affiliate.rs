//! The affiliate programme's rules: the application form, the review (pending, approved,
//! rejected), balances and payouts. An approved affiliate's link earns `AFFILIATE_RATE` of Premium
//! purchases (see `attribution`); payouts are negative ledger entries, never more than the balance.

use crate::error::ReferralError;
use kernel::{Email, Timestamp, UserId};

/// Longest name, in characters.
pub const MAX_NAME: usize = 100;
/// Longest description of the website or audience, in characters.
pub const MAX_AUDIENCE: usize = 2_000;
/// Longest payout note, in characters.
pub const MAX_NOTE: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AffiliateStatus {
    Pending,
    Approved,
    Rejected,
}

impl AffiliateStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AffiliateStatus::Pending => "pending",
            AffiliateStatus::Approved => "approved",
            AffiliateStatus::Rejected => "rejected",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "pending" => Some(AffiliateStatus::Pending),
            "approved" => Some(AffiliateStatus::Approved),
            "rejected" => Some(AffiliateStatus::Rejected),
            _ => None,
        }
    }
}

/// The application form as sent.
#[derive(Debug, Clone, Default)]
pub struct ApplicationForm<'a> {
    pub name: Option<&'a str>,
    pub email: Option<&'a str>,
    pub audience: Option<&'a str>,
    pub accept_terms: Option<bool>,
}

/// A checked application.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Application {
    pub name: String,
    pub email: Email,
    pub audience: String,
}

impl Application {
    /// The form's first failing field, in the form's order.
    pub fn check(form: &ApplicationForm<'_>) -> Result<Application, ReferralError> {
        let text = |value: Option<&str>| value.map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
        let name = text(form.name).ok_or(ReferralError::InvalidApplication("Please enter your name."))?;
        let email = text(form.email).ok_or(ReferralError::InvalidApplication("Please enter your email."))?;
        let email = Email::parse(&email).map_err(|_| ReferralError::InvalidApplication("Please enter a valid email address."))?;
        let audience = text(form.audience).ok_or(ReferralError::InvalidApplication("Please tell us about your website or audience."))?;
        if form.accept_terms != Some(true) {
            return Err(ReferralError::InvalidApplication("Please accept the affiliate terms."));
        }
        if name.chars().count() > MAX_NAME {
            return Err(ReferralError::InvalidApplication("Please keep your name under 100 characters."));
        }
        if audience.chars().count() > MAX_AUDIENCE {
            return Err(ReferralError::InvalidApplication("Please keep the description under 2000 characters."));
        }
        Ok(Application { name, email, audience })
    }
}

/// Whether a member may apply: never applied, or their last application was rejected.
pub fn may_apply(current: Option<AffiliateStatus>) -> Result<(), ReferralError> {
    match current {
        None | Some(AffiliateStatus::Rejected) => Ok(()),
        Some(AffiliateStatus::Pending | AffiliateStatus::Approved) => Err(ReferralError::AlreadyApplied),
    }
}

/// An operator's decision: approve or reject a pending application, reject (stop) an approved
/// affiliate, or approve a rejected one after all. Deciding what is already so changes nothing.
pub fn decide(current: AffiliateStatus, decision: AffiliateStatus) -> Result<bool, ReferralError> {
    match (current, decision) {
        (_, AffiliateStatus::Pending) => Err(ReferralError::InvalidDecision),
        (now, wanted) if now == wanted => Ok(false),
        _ => Ok(true),
    }
}

/// An affiliate with their money, as the store reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AffiliateRecord {
    pub member: UserId,
    /// The account's own address.
    pub account_email: String,
    pub name: String,
    /// Where payouts go.
    pub email: String,
    pub audience: String,
    pub status: AffiliateStatus,
    pub applied_at: Timestamp,
    pub decided_at: Option<Timestamp>,
    /// Members who signed up through their link.
    pub referred: i64,
    /// Commission credited, net of reversals.
    pub earned_cents: i64,
    /// Credited within the refund window: not available yet.
    pub pending_cents: i64,
    /// Paid out so far (a positive sum of the payout entries).
    pub paid_out_cents: i64,
}

impl AffiliateRecord {
    /// What may be paid out now: earned, out of the refund window, not paid yet (negative: a
    /// debt after a refund of money already paid out, which later credits pay first).
    pub fn balance_cents(&self) -> i64 {
        self.earned_cents - self.pending_cents - self.paid_out_cents
    }
}

/// A payout an operator records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payout {
    pub amount_cents: i64,
    pub note: String,
}

impl Payout {
    /// A payout of what an approved affiliate has earned and not been paid: above zero, at most
    /// the balance.
    pub fn check(affiliate: &AffiliateRecord, amount_cents: Option<i64>, note: Option<&str>) -> Result<Payout, ReferralError> {
        if affiliate.status != AffiliateStatus::Approved {
            return Err(ReferralError::InvalidPayout("Only approved affiliates are paid."));
        }
        let amount_cents = amount_cents.filter(|a| *a > 0).ok_or(ReferralError::InvalidPayout("Please enter an amount above zero."))?;
        if amount_cents > affiliate.balance_cents() {
            return Err(ReferralError::InvalidPayout(
                "The payout is more than the available balance (credits become available once their refund window has passed).",
            ));
        }
        let note = note.map(str::trim).unwrap_or_default();
        if note.chars().count() > MAX_NOTE {
            return Err(ReferralError::InvalidPayout("Please keep the note under 500 characters."));
        }
        Ok(Payout { amount_cents, note: note.to_owned() })
    }
}

/// Which affiliates a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AffiliateFilter {
    All,
    Only(AffiliateStatus),
}

/// A page of affiliates (pending first, then the newest applications).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AffiliatePage {
    pub affiliates: Vec<AffiliateRecord>,
    /// In the filter.
    pub total: i64,
    /// Waiting for a decision, whatever the filter.
    pub pending: i64,
}

/// Affiliates a page lists.
pub const AFFILIATES_PAGE: i64 = 50;

/// The affiliates as a CSV file for the accountant (cents as dollars with two decimals).
pub fn to_csv(affiliates: &[AffiliateRecord]) -> String {
    let mut csv = String::from("user id,account email,name,payout email,status,applied,referred,earned,pending,paid out,available\r\n");
    for a in affiliates {
        let row = [
            a.member.0.to_string(),
            a.account_email.clone(),
            a.name.clone(),
            a.email.clone(),
            a.status.as_str().to_owned(),
            a.applied_at.format("%Y-%m-%d").to_string(),
            a.referred.to_string(),
            dollars(a.earned_cents),
            dollars(a.pending_cents),
            dollars(a.paid_out_cents),
            dollars(a.balance_cents()),
        ];
        csv.push_str(&row.iter().map(|field| csv_field(field)).collect::<Vec<_>>().join(","));
        csv.push_str("\r\n");
    }
    csv
}

fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

/// A CSV field, quoted when it must be, and never read as a formula by a spreadsheet.
fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) && value.parse::<f64>().is_err() { format!("'{value}") } else { value.to_owned() };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn form<'a>(name: &'a str, email: &'a str, audience: &'a str, terms: bool) -> ApplicationForm<'a> {
        ApplicationForm { name: Some(name), email: Some(email), audience: Some(audience), accept_terms: Some(terms) }
    }

    #[test]
    fn the_first_failing_field_is_named() {
        let message = |f: ApplicationForm<'_>| Application::check(&f).unwrap_err().to_string();
        assert_eq!(message(ApplicationForm::default()), "Please enter your name.");
        assert_eq!(message(form("Ann", " ", "", false)), "Please enter your email.");
        assert_eq!(message(form("Ann", "ann@", "", false)), "Please enter a valid email address.");
        assert_eq!(message(form("Ann", "ann@example.com", " ", false)), "Please tell us about your website or audience.");
        assert_eq!(message(form("Ann", "ann@example.com", "A blog", false)), "Please accept the affiliate terms.");
        assert_eq!(message(form(&"a".repeat(101), "ann@example.com", "A blog", true)), "Please keep your name under 100 characters.");
        assert_eq!(message(form("Ann", "ann@example.com", &"b".repeat(2_001), true)), "Please keep the description under 2000 characters.");
        let ok = Application::check(&form(" Ann ", " Ann@Example.com ", " A blog ", true)).unwrap();
        assert_eq!((ok.name.as_str(), ok.email.as_str(), ok.audience.as_str()), ("Ann", "ann@example.com", "A blog"));
    }

    #[test]
    fn a_member_applies_once_unless_rejected() {
        assert!(may_apply(None).is_ok());
        assert!(may_apply(Some(AffiliateStatus::Rejected)).is_ok());
        assert_eq!(may_apply(Some(AffiliateStatus::Pending)), Err(ReferralError::AlreadyApplied));
        assert_eq!(may_apply(Some(AffiliateStatus::Approved)), Err(ReferralError::AlreadyApplied));
    }

    #[test]
    fn decisions_approve_or_reject_and_never_go_back_to_pending() {
        use AffiliateStatus::*;
        assert_eq!(decide(Pending, Approved), Ok(true));
        assert_eq!(decide(Pending, Rejected), Ok(true));
        assert_eq!(decide(Approved, Rejected), Ok(true));
        assert_eq!(decide(Rejected, Approved), Ok(true));
        assert_eq!(decide(Approved, Approved), Ok(false));
        assert_eq!(decide(Approved, Pending), Err(ReferralError::InvalidDecision));
    }

    fn record(status: AffiliateStatus, earned: i64, paid: i64) -> AffiliateRecord {
        AffiliateRecord {
            member: UserId(7),
            account_email: "ann@example.com".into(),
            name: "Ann, \"the reader\"".into(),
            email: "=cmd@example.com".into(),
            audience: "A blog".into(),
            status,
            applied_at: chrono::Utc.with_ymd_and_hms(2026, 11, 2, 9, 0, 0).unwrap(),
            decided_at: None,
            referred: 3,
            earned_cents: earned,
            pending_cents: 0,
            paid_out_cents: paid,
        }
    }

    #[test]
    fn payouts_are_above_zero_within_the_balance_and_for_approved_affiliates() {
        let approved = record(AffiliateStatus::Approved, 5_000, 1_250);
        assert_eq!(approved.balance_cents(), 3_750);
        let message = |r: &AffiliateRecord, a: Option<i64>| Payout::check(r, a, None).unwrap_err().to_string();
        assert_eq!(message(&approved, None), "Please enter an amount above zero.");
        assert_eq!(message(&approved, Some(0)), "Please enter an amount above zero.");
        assert_eq!(message(&approved, Some(-5)), "Please enter an amount above zero.");
        assert_eq!(
            message(&approved, Some(3_751)),
            "The payout is more than the available balance (credits become available once their refund window has passed)."
        );
        // Money still in its refund window is not available.
        let waiting = AffiliateRecord { pending_cents: 3_000, ..approved.clone() };
        assert_eq!(waiting.balance_cents(), 750);
        assert!(Payout::check(&waiting, Some(751), None).is_err());
        assert!(Payout::check(&waiting, Some(750), None).is_ok());
        // A refund after a payout leaves a debt: nothing more is paid until credits cover it.
        let owing = AffiliateRecord { earned_cents: 1_000, ..approved.clone() };
        assert_eq!(owing.balance_cents(), -250);
        assert!(Payout::check(&owing, Some(1), None).is_err());
        assert_eq!(message(&record(AffiliateStatus::Pending, 5_000, 0), Some(100)), "Only approved affiliates are paid.");
        assert_eq!(Payout::check(&approved, Some(3_750), Some(" PayPal 42 ")).unwrap(), Payout { amount_cents: 3_750, note: "PayPal 42".into() });
    }

    #[test]
    fn the_csv_quotes_fields_and_defuses_formulas() {
        let csv = to_csv(&[record(AffiliateStatus::Approved, 5_005, 1_000)]);
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("user id,account email,name,payout email,status,applied,referred,earned,pending,paid out,available"));
        assert_eq!(lines.next(), Some("7,ann@example.com,\"Ann, \"\"the reader\"\"\",'=cmd@example.com,approved,2026-11-02,3,50.05,0.00,10.00,40.05"));
        assert_eq!(dollars(-1_205), "-12.05");
    }
}
