//! What a purchase costs: the plan's unit price times the quantity, plus the add-on, then the
//! coupon's percentage off that total, rounded to the cent (half up), or its fixed amount off (never
//! below zero). The only place amounts are
//! made.

use crate::error::BillingError;
use crate::model::{AddOn, Cents, Coupon, Plan};
use kernel::Timestamp;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub plan_id: String,
    pub quantity: u32,
    pub unit: Cents,
    pub add_on: Option<AddOn>,
    /// Plan times quantity, plus the add-on.
    pub subtotal: Cents,
    /// The coupon's percentage (0 for none, or for a coupon of a fixed amount off).
    pub percent_off: u8,
    pub discount: Cents,
    /// What the buyer pays now (for a subscription: its first period with the add-on).
    pub total: Cents,
    pub coupon: Option<String>,
    /// For a subscription, what each later period costs: the plan with the coupon, without the
    /// add-on (bought once). `None` for one-time purchases.
    pub recurring: Option<Cents>,
}

impl Quote {
    /// What a subscription charges once, with its first period: the add-on after the coupon.
    pub fn one_time_extra(&self) -> Cents {
        self.recurring.map_or(Cents(0), |recurring| Cents(self.total.0 - recurring.0))
    }
}

/// `percent` of `amount`, rounded half up to the cent.
pub fn percentage_of(amount: Cents, percent: u8) -> Cents {
    Cents((amount.0 * i64::from(percent) + 50) / 100)
}

/// Prices one purchase. `coupon` must be the stored coupon for the code the buyer typed.
pub fn quote(plan: &Plan, quantity: u32, add_on: Option<AddOn>, coupon: Option<&Coupon>, now: Timestamp) -> Result<Quote, BillingError> {
    if !plan.active {
        return Err(BillingError::InvalidPlan);
    }
    let allowed = plan.quantities();
    if !allowed.contains(&quantity) {
        let below_minimum = quantity < *allowed.start() && *allowed.start() > 1;
        return Err(if below_minimum { BillingError::TooFewSeats } else { BillingError::InvalidQuantity });
    }
    let plan_total = plan.amount.times(quantity).ok_or(BillingError::InvalidQuantity)?;
    let subtotal = Cents(plan_total.0 + add_on.map_or(0, |a| a.price().0));
    if let Some(coupon) = coupon {
        coupon.check(&plan.id, now)?;
    }
    let discount_on = |amount: Cents| coupon.map_or(Cents(0), |c| c.discount_on(amount));
    let percent_off = coupon.map_or(0, |c| if c.amount_off.0 > 0 { 0 } else { c.percent_off.min(100) });
    let discount = discount_on(subtotal);
    let recurring = plan.kind.is_subscription().then(|| Cents(plan_total.0 - discount_on(plan_total).0));
    Ok(Quote {
        plan_id: plan.id.clone(),
        quantity,
        unit: plan.amount,
        add_on,
        subtotal,
        percent_off,
        discount,
        total: Cents(subtotal.0 - discount.0),
        coupon: coupon.map(|c| c.code.clone()),
        recurring,
    })
}
