//! Plans, add-ons and coupons as the product sells them.

use crate::error::BillingError;
use kernel::Timestamp;
use std::fmt;

/// An amount in US cents. Never a float: every sum and percentage is integer arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Cents(pub i64);

impl Cents {
    /// Checked multiplication by a quantity (an absurd quantity is refused, not wrapped).
    pub fn times(self, quantity: u32) -> Option<Cents> {
        self.0.checked_mul(i64::from(quantity)).map(Cents)
    }
}

impl fmt::Display for Cents {
    /// `$44.99`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}${}.{:02}", self.0.abs() / 100, self.0.abs() % 100)
    }
}

/// How often a subscription renews.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interval {
    Month,
    Year,
}

/// What buying a plan gives, which decides how it is charged and what the success view shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlanKind {
    /// Renews every interval after a free trial of `trial_days`.
    Subscription { interval: Interval, trial_days: u32 },
    /// Premium for life, one payment.
    Lifetime,
    /// A one-year premium code for someone else; the code never expires.
    Gift,
    /// Seats for a team: that many single-use one-year codes for the buyer.
    Bulk,
    /// One summary bought on its own, delivered as a PDF.
    Book { book_id: i64 },
    /// The results page of a quiz (`quiz` or `personality-quiz`).
    QuizResults { quiz: String },
}

impl PlanKind {
    pub fn slug(&self) -> &'static str {
        match self {
            PlanKind::Subscription { .. } => "subscription",
            PlanKind::Lifetime => "lifetime",
            PlanKind::Gift => "gift",
            PlanKind::Bulk => "bulk",
            PlanKind::Book { .. } => "book",
            PlanKind::QuizResults { .. } => "quiz",
        }
    }

    pub fn is_subscription(&self) -> bool {
        matches!(self, PlanKind::Subscription { .. })
    }
}

/// A plan as stored (seeded, later edited by operators).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub id: String,
    /// What people read: "Premium Monthly".
    pub name: String,
    pub kind: PlanKind,
    /// The price of one unit (one seat for `Bulk`).
    pub amount: Cents,
    /// The matching PayPal billing plan for subscriptions.
    pub paypal_plan: Option<String>,
    /// For a book plan, its title (the price call shows it).
    pub book_title: Option<String>,
    /// A course this plan belongs to, when it does.
    pub course: Option<String>,
    /// Plans no longer sold keep their rows for old purchases.
    pub active: bool,
}

impl Plan {
    /// How many units may be bought at once: seats 20-200, gifts 1-200 (one code each), anything
    /// else exactly one (a second subscription or lifetime on one account gives nothing more).
    pub fn quantities(&self) -> std::ops::RangeInclusive<u32> {
        match self.kind {
            PlanKind::Bulk => BULK_MIN_SEATS..=MAX_QUANTITY,
            PlanKind::Gift => 1..=MAX_QUANTITY,
            _ => 1..=1,
        }
    }

    /// Whether only a signed-in buyer may buy it: a quiz's full report is kept with the account
    /// whose results it reports.
    pub fn needs_account(&self) -> bool {
        matches!(self.kind, PlanKind::QuizResults { .. })
    }

    /// A guest must give an e-mail for the receipt, except for gifts and seats, whose details
    /// form carries the addresses (the spec's two special plans).
    pub fn needs_buyer_email(&self) -> bool {
        !matches!(self.kind, PlanKind::Gift | PlanKind::Bulk)
    }
}

/// What a new book's PDF sells for on its own until an operator changes its plan.
pub const SINGLE_BOOK_PRICE: Cents = Cents(499);

/// The highest price an operator may give a plan ($10,000.00).
pub const MAX_PLAN_CENTS: i64 = 1_000_000;
/// The longest free trial an operator may give a subscription.
pub const MAX_TRIAL_DAYS: u32 = 90;

pub const BULK_MIN_SEATS: u32 = 20;
pub const MAX_QUANTITY: u32 = 200;

/// Infographics sold beside a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddOn {
    Infographics20,
    Infographics50,
}

impl AddOn {
    pub fn price(self) -> Cents {
        match self {
            AddOn::Infographics20 => Cents(1099),
            AddOn::Infographics50 => Cents(2999),
        }
    }

    /// How many infographics it is.
    pub fn count(self) -> i16 {
        match self {
            AddOn::Infographics20 => 20,
            AddOn::Infographics50 => 50,
        }
    }

    /// The client sends `addInfographics` as 0 (none), 20 or 50.
    pub fn parse(count: Option<i64>) -> Result<Option<AddOn>, BillingError> {
        match count.unwrap_or(0) {
            0 => Ok(None),
            20 => Ok(Some(AddOn::Infographics20)),
            50 => Ok(Some(AddOn::Infographics50)),
            _ => Err(BillingError::InvalidAddOn),
        }
    }
}

/// A discount code as stored (operators make them in the back office).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub code: String,
    /// 1 to 100, or 0 when the coupon takes a fixed amount off.
    pub percent_off: u8,
    /// A fixed amount off the purchase (never more than it costs), or 0 for a percentage.
    pub amount_off: Cents,
    pub valid_from: Option<Timestamp>,
    pub valid_until: Option<Timestamp>,
    /// `None`: unlimited.
    pub max_redemptions: Option<u32>,
    /// Charges that claimed it so far (paid ones, and those still waiting for the provider).
    pub redemptions: u32,
    /// The plans it applies to; empty means every plan.
    pub plan_ids: Vec<String>,
    /// Each buyer (by e-mail address) may use it once.
    pub once_per_member: bool,
    /// The site's offer: the banner announces it and "Claim offer" applies it.
    pub site_offer: bool,
    /// Ended by an operator: refused from then on, kept for the purchases that used it.
    pub ended_at: Option<Timestamp>,
}

impl Coupon {
    /// A percentage off every plan, with no limits.
    pub fn percent(code: &str, percent_off: u8) -> Coupon {
        Coupon {
            code: code.into(),
            percent_off,
            amount_off: Cents(0),
            valid_from: None,
            valid_until: None,
            max_redemptions: None,
            redemptions: 0,
            plan_ids: vec![],
            once_per_member: false,
            site_offer: false,
            ended_at: None,
        }
    }

    /// Whether it may be used for `plan_id` at `now`, with the reason when not.
    pub fn check(&self, plan_id: &str, now: Timestamp) -> Result<(), BillingError> {
        if self.valid_from.is_some_and(|from| now < from) {
            return Err(BillingError::CouponNotYetValid);
        }
        if !self.is_running(now) {
            return Err(BillingError::CouponExpired);
        }
        if self.max_redemptions.is_some_and(|max| self.redemptions >= max) {
            return Err(BillingError::CouponUsedUp);
        }
        if !self.plan_ids.is_empty() && !self.plan_ids.iter().any(|p| p == plan_id) {
            return Err(BillingError::CouponNotForPlan);
        }
        Ok(())
    }

    /// Where it stands, as the back office lists it: `ended`, `expired`, `scheduled`, `used up` or
    /// `running`.
    pub fn state(&self, now: Timestamp) -> &'static str {
        if self.ended_at.is_some() {
            "ended"
        } else if self.valid_until.is_some_and(|until| now >= until) {
            "expired"
        } else if self.valid_from.is_some_and(|from| now < from) {
            "scheduled"
        } else if self.max_redemptions.is_some_and(|max| self.redemptions >= max) {
            "used up"
        } else {
            "running"
        }
    }

    /// Not ended by an operator and not past its last day.
    pub fn is_running(&self, now: Timestamp) -> bool {
        self.ended_at.is_none_or(|ended| now < ended) && self.valid_until.is_none_or(|until| now < until)
    }

    /// What it takes off `amount`: its percentage (rounded half up to the cent), or its fixed
    /// amount but never more than `amount`.
    pub fn discount_on(&self, amount: Cents) -> Cents {
        if self.amount_off.0 > 0 {
            Cents(self.amount_off.0.min(amount.0.max(0)))
        } else {
            crate::pricing::percentage_of(amount, self.percent_off.min(100))
        }
    }

    /// The checks an operator's coupon must pass before it is stored.
    pub fn validate(&self) -> Result<(), CouponProblem> {
        let code_ok = (3..=MAX_COUPON_CODE).contains(&self.code.len())
            && self.code.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        if !code_ok {
            return Err(CouponProblem::Code);
        }
        match (self.percent_off, self.amount_off.0) {
            (1..=100, 0) | (0, 1..) => {}
            _ => return Err(CouponProblem::Discount),
        }
        if let (Some(from), Some(until)) = (self.valid_from, self.valid_until) {
            if until <= from {
                return Err(CouponProblem::Dates);
            }
        }
        if self.max_redemptions == Some(0) {
            return Err(CouponProblem::MaxRedemptions);
        }
        Ok(())
    }
}

pub const MAX_COUPON_CODE: usize = 32;

/// Why an operator's coupon cannot be stored; the message is the form's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CouponProblem {
    #[error("A code is 3 to 32 letters, digits, dashes or underscores.")]
    Code,
    #[error("Give either a percentage from 1 to 100 or an amount off, not both.")]
    Discount,
    #[error("The end date must be after the start date.")]
    Dates,
    #[error("The maximum number of uses must be at least 1 (leave it empty for no limit).")]
    MaxRedemptions,
}

/// Codes are typed by people: any case, surrounding spaces.
pub fn normalise_coupon_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}
