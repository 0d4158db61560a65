//! Commission arithmetic in integer cents. A referrer is credited 25% of what a referred member
//! pays; an affiliate 10% of Premium purchases through their link. Shares round half up to the
//! cent; a refund reverses the share of what was refunded, and a full refund reverses exactly what
//! was credited, so a payment and its refund always net to zero.

/// A share of payments, in basis points (1/100 of a percent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate(pub i64);

/// What a member earns from a friend's payments.
pub const REFERRER_RATE: Rate = Rate(2_500);
/// What an affiliate earns from a Premium purchase through their link.
pub const AFFILIATE_RATE: Rate = Rate(1_000);

/// The credit for a payment of `paid_cents` (0 for nothing or a negative amount).
pub fn credit(paid_cents: i64, rate: Rate) -> i64 {
    if paid_cents <= 0 {
        return 0;
    }
    share(paid_cents, rate.0, 10_000)
}

/// The (negative) entry that reverses `credited_cents` when `refunded_cents` of a `paid_cents`
/// payment go back: proportional, rounded half up, never more than was credited.
pub fn reversal(credited_cents: i64, paid_cents: i64, refunded_cents: i64) -> i64 {
    if credited_cents <= 0 || paid_cents <= 0 || refunded_cents <= 0 {
        return 0;
    }
    if refunded_cents >= paid_cents {
        return -credited_cents;
    }
    -share(credited_cents, refunded_cents, paid_cents).min(credited_cents)
}

/// Where the money one referred member's payments earned stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CreditStatus {
    /// Nothing earned: no payment yet, or a refund took it back.
    None,
    /// Some of it is still inside the refund window: a refund may take it back, and it cannot be
    /// paid out yet.
    Pending,
    /// All of it is out of the refund window.
    Available,
}

impl CreditStatus {
    /// From what a member's payments earned (net) and how much of it is still pending.
    pub fn of(earned_cents: i64, pending_cents: i64) -> Self {
        if pending_cents > 0 {
            CreditStatus::Pending
        } else if earned_cents > 0 {
            CreditStatus::Available
        } else {
            CreditStatus::None
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CreditStatus::None => "none",
            CreditStatus::Pending => "pending",
            CreditStatus::Available => "available",
        }
    }
}

/// `amount * numerator / denominator`, rounded half up, for non-negative amounts.
fn share(amount: i64, numerator: i64, denominator: i64) -> i64 {
    let exact = i128::from(amount) * i128::from(numerator);
    let denominator = i128::from(denominator);
    ((exact * 2 + denominator) / (denominator * 2)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn referrers_get_a_quarter_and_affiliates_a_tenth_rounded_half_up() {
        assert_eq!(credit(9_999, REFERRER_RATE), 2_500); // 2499.75
        assert_eq!(credit(4_499, REFERRER_RATE), 1_125); // 1124.75
        assert_eq!(credit(1_099, REFERRER_RATE), 275); // 274.75
        assert_eq!(credit(2, REFERRER_RATE), 1); // 0.5 rounds up
        assert_eq!(credit(1, REFERRER_RATE), 0); // 0.25 rounds down
        assert_eq!(credit(9_999, AFFILIATE_RATE), 1_000); // 999.9
        assert_eq!(credit(1_005, AFFILIATE_RATE), 101); // 100.5
        assert_eq!(credit(0, REFERRER_RATE), 0);
        assert_eq!(credit(-500, REFERRER_RATE), 0);
    }

    #[test]
    fn a_full_refund_reverses_exactly_what_was_credited() {
        for paid in [1, 2, 3, 99, 1_099, 4_499, 9_999, 123_457] {
            let credited = credit(paid, REFERRER_RATE);
            assert_eq!(credited + reversal(credited, paid, paid), 0, "paid {paid}");
            assert_eq!(credited + reversal(credited, paid, paid + 1), 0, "refunds above the payment reverse no more");
        }
    }

    #[test]
    fn a_members_money_is_pending_while_any_of_it_is_in_the_refund_window() {
        assert_eq!(CreditStatus::of(0, 0), CreditStatus::None);
        assert_eq!(CreditStatus::of(2_500, 2_500), CreditStatus::Pending);
        assert_eq!(CreditStatus::of(2_775, 275), CreditStatus::Pending, "a renewal still pending");
        assert_eq!(CreditStatus::of(2_500, 0), CreditStatus::Available);
        assert_eq!(CreditStatus::of(-100, 0), CreditStatus::None, "never available below zero");
        assert_eq!(CreditStatus::Pending.as_str(), "pending");
    }

    #[test]
    fn a_partial_refund_reverses_its_share_and_never_more() {
        assert_eq!(reversal(2_500, 10_000, 5_000), -1_250);
        assert_eq!(reversal(275, 1_099, 100), -25); // 25.02
        assert_eq!(reversal(1, 2, 1), -1); // 0.5 rounds up, still within the credit
        assert_eq!(reversal(0, 1_000, 1_000), 0);
        assert_eq!(reversal(250, 1_000, 0), 0);
    }
}
