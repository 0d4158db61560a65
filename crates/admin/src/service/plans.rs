//! Plans in the back office: the plans on sale (single books are priced on the book form), and
//! editing one's name, price, free trial and whether it is sold. A price applies to purchases
//! from then on (every subscription is priced when it is bought); a subscription's PayPal plan,
//! which carries its interval and trial, is found or made through PayPal's API, never typed.

use super::Admin;
use crate::audit::{changes, AuditAction, AuditEntry};
use crate::error::AdminError;
use crate::ports::{AdminStore, PayPalPlans};
use billing::model::{PlanKind, MAX_PLAN_CENTS, MAX_TRIAL_DAYS};
use billing::{Cents, Plan};
use kernel::UserId;
use serde_json::{json, Value};

/// A plan form as sent; absent fields keep the stored value.
#[derive(Debug, Clone, Default)]
pub struct PlanForm<'a> {
    pub name: Option<&'a str>,
    pub amount_cents: Option<i64>,
    pub trial_days: Option<i64>,
    pub active: Option<bool>,
    pub reason: Option<&'a str>,
}

/// The longest plan name (characters).
pub const MAX_PLAN_NAME: usize = 100;

fn audit_view(p: &Plan) -> Value {
    let trial = match p.kind {
        PlanKind::Subscription { trial_days, .. } => Some(trial_days),
        _ => None,
    };
    json!({"name": p.name, "amountCents": p.amount.0, "trialDays": trial, "active": p.active, "paypalPlan": p.paypal_plan})
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    /// Every plan but single books', active or not.
    pub fn plans(&self) -> Result<Vec<Plan>, AdminError> {
        Ok(self.store.sold_plans()?)
    }

    pub fn update_plan(&self, actor: UserId, id: &str, form: &PlanForm<'_>, paypal: &dyn PayPalPlans) -> Result<Plan, AdminError> {
        let reason = super::coupons::reason(form.reason)?;
        let before = self.store.sold_plans()?.into_iter().find(|p| p.id == id).ok_or(AdminError::NotFound("Plan not found."))?;
        let mut after = before.clone();
        if let Some(name) = form.name {
            let name = name.trim();
            if name.is_empty() || name.chars().count() > MAX_PLAN_NAME {
                return Err(AdminError::Invalid("A plan's name is 1 to 100 characters.".into()));
            }
            after.name = name.to_owned();
        }
        if let Some(cents) = form.amount_cents {
            if !(0..=MAX_PLAN_CENTS).contains(&cents) {
                return Err(AdminError::Invalid("The price must be from $0.00 to $10,000.00.".into()));
            }
            after.amount = Cents(cents);
        }
        if let Some(days) = form.trial_days {
            let PlanKind::Subscription { interval, .. } = after.kind else {
                return Err(AdminError::Invalid("Only subscriptions have a free trial.".into()));
            };
            let days = u32::try_from(days).ok().filter(|d| *d <= MAX_TRIAL_DAYS).ok_or_else(|| AdminError::Invalid("A free trial is 0 to 90 days.".into()))?;
            after.kind = PlanKind::Subscription { interval, trial_days: days };
        }
        if let Some(active) = form.active {
            after.active = active;
        }
        if let (PlanKind::Subscription { interval, trial_days }, Some(current)) = (&after.kind, &before.paypal_plan) {
            if after.kind != before.kind {
                let found = paypal.plan_with(current, &after.name, *interval, *trial_days, after.amount).map_err(AdminError::ProviderUnavailable)?;
                after.paypal_plan = Some(found);
            }
        }
        let Some((was, now)) = changes(&audit_view(&before), &audit_view(&after)) else { return Ok(before) };
        let entry =
            AuditEntry { actor, action: AuditAction::PlanUpdated, entity_id: before.id.clone(), before: was, after: now, reason: Some(reason), at: self.now };
        self.store.update_plan(&after, &entry)?;
        Ok(after)
    }
}
