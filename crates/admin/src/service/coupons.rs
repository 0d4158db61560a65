//! Coupons in the back office: the list with each one's uses, adding, editing and ending one
//! (billing checks every coupon the same way at checkout), and which one is the site's offer.
//! Every change takes a reason and is written with its audit entry.

use super::Admin;
use crate::audit::{changes, AuditAction, AuditEntry};
use crate::error::AdminError;
use crate::ports::{AdminStore, CouponUse};
use billing::model::{normalise_coupon_code, Coupon};
use billing::Cents;
use kernel::{Timestamp, UserId};
use serde_json::{json, Value};

/// A coupon form as sent. Absent fields keep the stored value on an edit.
#[derive(Debug, Clone, Default)]
pub struct CouponForm<'a> {
    /// Only read when adding: a coupon's code never changes (purchases name it).
    pub code: Option<&'a str>,
    pub percent_off: Option<i64>,
    pub amount_off_cents: Option<i64>,
    /// Epoch milliseconds; `Some(None)` clears it.
    pub valid_from: Option<Option<i64>>,
    pub valid_until: Option<Option<i64>>,
    /// `Some(None)`: no limit.
    pub max_redemptions: Option<Option<i64>>,
    /// Empty: every plan.
    pub plan_ids: Option<Vec<String>>,
    pub once_per_member: Option<bool>,
    pub site_offer: Option<bool>,
    pub reason: Option<&'a str>,
}

/// Uses listed with a coupon (newest first).
pub const COUPON_USES_SHOWN: i64 = 100;
/// The longest reason kept with a change.
pub const MAX_REASON: usize = 500;

fn audit_view(c: &Coupon) -> Value {
    json!({
        "percentOff": c.percent_off,
        "amountOff": c.amount_off.0,
        "validFrom": c.valid_from.map(|t| t.to_rfc3339()),
        "validUntil": c.valid_until.map(|t| t.to_rfc3339()),
        "maxRedemptions": c.max_redemptions,
        "planIds": c.plan_ids,
        "oncePerMember": c.once_per_member,
        "siteOffer": c.site_offer,
        "endedAt": c.ended_at.map(|t| t.to_rfc3339()),
    })
}

impl<'s, S: AdminStore + ?Sized> Admin<'s, S> {
    /// Every coupon, newest first.
    pub fn coupons(&self) -> Result<Vec<Coupon>, AdminError> {
        Ok(self.store.coupons()?)
    }

    /// One coupon and its latest uses.
    pub fn coupon_with_uses(&self, code: &str) -> Result<(Coupon, Vec<CouponUse>), AdminError> {
        let coupon = self.find_coupon(code)?;
        let uses = self.store.coupon_uses(&coupon.code, COUPON_USES_SHOWN)?;
        Ok((coupon, uses))
    }

    pub fn add_coupon(&self, actor: UserId, form: &CouponForm<'_>) -> Result<Coupon, AdminError> {
        let reason = reason(form.reason)?;
        let code = form.code.map(normalise_coupon_code).unwrap_or_default();
        let coupon = self.apply_coupon_form(Coupon::percent(&code, 0), form)?;
        let entry = AuditEntry {
            actor,
            action: AuditAction::CouponAdded,
            entity_id: coupon.code.clone(),
            before: Value::Null,
            after: audit_view(&coupon),
            reason: Some(reason),
            at: self.now,
        };
        if !self.store.insert_coupon(&coupon, &entry)? {
            return Err(AdminError::Invalid("A coupon with this code already exists.".into()));
        }
        self.find_coupon(&coupon.code)
    }

    pub fn update_coupon(&self, actor: UserId, code: &str, form: &CouponForm<'_>) -> Result<Coupon, AdminError> {
        let reason = reason(form.reason)?;
        let before = self.find_coupon(code)?;
        if before.ended_at.is_some() {
            return Err(AdminError::Invalid("This coupon has ended; add a new one instead.".into()));
        }
        let after = self.apply_coupon_form(before.clone(), form)?;
        self.save_coupon(actor, AuditAction::CouponUpdated, &before, &after, reason)
    }

    /// Ends a coupon now: checkout refuses it from then on ("This coupon has expired."), and it
    /// stops being the site's offer. Purchases that used it keep their price.
    pub fn end_coupon(&self, actor: UserId, code: &str, reason_text: Option<&str>) -> Result<Coupon, AdminError> {
        let reason = reason(reason_text)?;
        let before = self.find_coupon(code)?;
        if before.ended_at.is_some() {
            return Ok(before);
        }
        let after = Coupon { ended_at: Some(self.now), site_offer: false, ..before.clone() };
        self.save_coupon(actor, AuditAction::CouponEnded, &before, &after, reason)
    }

    fn save_coupon(&self, actor: UserId, action: AuditAction, before: &Coupon, after: &Coupon, reason: String) -> Result<Coupon, AdminError> {
        if let Some((was, now)) = changes(&audit_view(before), &audit_view(after)) {
            let entry = AuditEntry { actor, action, entity_id: before.code.clone(), before: was, after: now, reason: Some(reason), at: self.now };
            self.store.update_coupon(after, &entry)?;
        }
        self.find_coupon(&before.code)
    }

    fn find_coupon(&self, code: &str) -> Result<Coupon, AdminError> {
        self.store.stored_coupon(&normalise_coupon_code(code))?.ok_or(AdminError::NotFound("Coupon not found."))
    }

    /// The form over `coupon`, checked as billing checks coupons, with plans that exist.
    fn apply_coupon_form(&self, coupon: Coupon, form: &CouponForm<'_>) -> Result<Coupon, AdminError> {
        let percent_off = match form.percent_off {
            Some(p) => {
                u8::try_from(p).ok().filter(|p| *p <= 100).ok_or_else(|| invalid("Give either a percentage from 1 to 100 or an amount off, not both."))?
            }
            None => coupon.percent_off,
        };
        let amount_off = match form.amount_off_cents {
            Some(a) if a >= 0 => Cents(a),
            Some(_) => return Err(invalid("Give either a percentage from 1 to 100 or an amount off, not both.")),
            None => coupon.amount_off,
        };
        let max_redemptions = match form.max_redemptions {
            Some(Some(m)) => Some(u32::try_from(m).map_err(|_| invalid("The maximum number of uses must be at least 1 (leave it empty for no limit)."))?),
            Some(None) => None,
            None => coupon.max_redemptions,
        };
        let plan_ids = match &form.plan_ids {
            Some(ids) => {
                let mut ids: Vec<String> = ids.iter().map(|id| id.trim().to_owned()).filter(|id| !id.is_empty()).collect();
                ids.sort();
                ids.dedup();
                for id in &ids {
                    if !self.store.plan_exists(id)? {
                        return Err(AdminError::UnknownPlan);
                    }
                }
                ids
            }
            None => coupon.plan_ids.clone(),
        };
        let next = Coupon {
            percent_off,
            amount_off,
            valid_from: date_or(form.valid_from, coupon.valid_from)?,
            valid_until: date_or(form.valid_until, coupon.valid_until)?,
            max_redemptions,
            plan_ids,
            once_per_member: form.once_per_member.unwrap_or(coupon.once_per_member),
            site_offer: form.site_offer.unwrap_or(coupon.site_offer),
            ..coupon
        };
        next.validate().map_err(|problem| invalid(&problem.to_string()))?;
        Ok(next)
    }
}

fn invalid(message: &str) -> AdminError {
    AdminError::Invalid(message.to_owned())
}

pub(crate) fn reason(text: Option<&str>) -> Result<String, AdminError> {
    let reason = text.map(str::trim).filter(|r| !r.is_empty()).ok_or_else(|| invalid("Please give a reason for the change."))?;
    if reason.chars().count() > MAX_REASON {
        return Err(invalid("The reason is too long (at most 500 characters)."));
    }
    Ok(reason.to_owned())
}

fn date_or(sent: Option<Option<i64>>, stored: Option<Timestamp>) -> Result<Option<Timestamp>, AdminError> {
    match sent {
        None => Ok(stored),
        Some(None) => Ok(None),
        Some(Some(ms)) => crate::form::date_from_millis(ms).map(Some),
    }
}
