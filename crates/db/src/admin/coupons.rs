//! The back office's coupons and plans: the list, one coupon's uses, and adding or saving one
//! with its audit entry in one transaction. At most one coupon is the site's offer (a unique
//! index): marking one unmarks the other first.

use crate::billing::CouponRow;
use crate::schema::{charges, coupon_redemptions, coupons, plans};
use crate::shared::audit::append_audit;
use crate::PgStore;
use admin::audit::AuditEntry;
use admin::ports::{CouponDesk, CouponUse, PlanDesk};
use billing::{Cents, Coupon};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::PortResult;

/// Unmarks every site offer but `code`'s.
fn unmark_other_offers(conn: &mut PgConnection, code: &str) -> QueryResult<usize> {
    diesel::update(coupons::table.filter(coupons::site_offer).filter(coupons::code.ne(code))).set(coupons::site_offer.eq(false)).execute(conn)
}

impl CouponDesk for PgStore<'_> {
    fn coupons(&self) -> PortResult<Vec<Coupon>> {
        self.run(|conn| {
            let rows: Vec<CouponRow> = coupons::table.order((coupons::created_at.desc(), coupons::code)).select(CouponRow::as_select()).load(conn)?;
            Ok(rows.into_iter().map(CouponRow::into_coupon).collect())
        })
    }

    fn stored_coupon(&self, code: &str) -> PortResult<Option<Coupon>> {
        self.run(|conn| {
            let row: Option<CouponRow> = coupons::table.find(code).select(CouponRow::as_select()).first(conn).optional()?;
            Ok(row.map(CouponRow::into_coupon))
        })
    }

    fn coupon_uses(&self, code: &str, limit: i64) -> PortResult<Vec<CouponUse>> {
        self.run(|conn| {
            let rows: Vec<(String, String, String, i64, String, DateTime<Utc>)> = coupon_redemptions::table
                .inner_join(charges::table)
                .filter(coupon_redemptions::code.eq(code))
                .order(coupon_redemptions::claimed_at.desc())
                .limit(limit)
                .select((charges::id, charges::email, charges::plan_id, charges::amount_cents, charges::status, coupon_redemptions::claimed_at))
                .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|(charge_id, email, plan_id, amount, status, at)| CouponUse { charge_id, email, plan_id, amount: Cents(amount), status, at })
                .collect())
        })
    }

    fn insert_coupon(&self, coupon: &Coupon, entry: &AuditEntry) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                if coupon.site_offer {
                    unmark_other_offers(conn, &coupon.code)?;
                }
                let inserted = diesel::insert_into(coupons::table)
                    .values((
                        coupons::code.eq(&coupon.code),
                        coupons::percent_off.eq(i16::from(coupon.percent_off)),
                        coupons::amount_off_cents.eq(coupon.amount_off.0),
                        coupons::valid_from.eq(coupon.valid_from),
                        coupons::valid_until.eq(coupon.valid_until),
                        coupons::max_redemptions.eq(coupon.max_redemptions.map(|m| i32::try_from(m).unwrap_or(i32::MAX))),
                        coupons::plan_ids.eq(&coupon.plan_ids),
                        coupons::once_per_member.eq(coupon.once_per_member),
                        coupons::site_offer.eq(coupon.site_offer),
                        coupons::created_at.eq(entry.at),
                    ))
                    .on_conflict_do_nothing()
                    .execute(conn)?;
                if inserted == 0 {
                    return Ok(false);
                }
                append_audit(conn, entry)?;
                Ok(true)
            })
        })
    }

    fn update_coupon(&self, coupon: &Coupon, entry: &AuditEntry) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                if coupon.site_offer {
                    unmark_other_offers(conn, &coupon.code)?;
                }
                diesel::update(coupons::table.find(&coupon.code))
                    .set((
                        coupons::percent_off.eq(i16::from(coupon.percent_off)),
                        coupons::amount_off_cents.eq(coupon.amount_off.0),
                        coupons::valid_from.eq(coupon.valid_from),
                        coupons::valid_until.eq(coupon.valid_until),
                        coupons::max_redemptions.eq(coupon.max_redemptions.map(|m| i32::try_from(m).unwrap_or(i32::MAX))),
                        coupons::plan_ids.eq(&coupon.plan_ids),
                        coupons::once_per_member.eq(coupon.once_per_member),
                        coupons::site_offer.eq(coupon.site_offer),
                        coupons::ended_at.eq(coupon.ended_at),
                    ))
                    .execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }
}

impl PlanDesk for PgStore<'_> {
    fn sold_plans(&self) -> PortResult<Vec<billing::Plan>> {
        self.run(crate::billing::sold_plans)
    }

    fn update_plan(&self, plan: &billing::Plan, entry: &AuditEntry) -> PortResult<()> {
        let trial_days = match plan.kind {
            billing::PlanKind::Subscription { trial_days, .. } => i32::try_from(trial_days).unwrap_or(0),
            _ => 0,
        };
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(plans::table.find(&plan.id))
                    .set((
                        plans::name.eq(&plan.name),
                        plans::amount_cents.eq(plan.amount.0),
                        plans::trial_days.eq(trial_days),
                        plans::active.eq(plan.active),
                        plans::paypal_plan.eq(&plan.paypal_plan),
                    ))
                    .execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }
}
