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
    /// How many units may be bought at once: seats 20-200, anything else exactly one.
    pub fn quantities(&self) -> std::ops::RangeInclusive<u32> {
        match self.kind {
            PlanKind::Bulk => BULK_MIN_SEATS..=MAX_QUANTITY,
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

/// A discount code as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub code: String,
    /// 1 to 100.
    pub percent_off: u8,
    pub valid_from: Option<Timestamp>,
    pub valid_until: Option<Timestamp>,
    /// `None`: unlimited.
    pub max_redemptions: Option<u32>,
    /// Paid charges that used it so far.
    pub redemptions: u32,
    /// The plans it applies to; empty means every plan.
    pub plan_ids: Vec<String>,
}

impl Coupon {
    /// Whether it may be used for `plan_id` at `now`, with the reason when not.
    pub fn check(&self, plan_id: &str, now: Timestamp) -> Result<(), BillingError> {
        if self.valid_from.is_some_and(|from| now < from) {
            return Err(BillingError::CouponNotYetValid);
        }
        if self.valid_until.is_some_and(|until| now >= until) {
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
}

/// Codes are typed by people: any case, surrounding spaces.
pub fn normalise_coupon_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}
