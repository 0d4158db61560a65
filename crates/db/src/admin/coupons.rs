//! The back office's coupons and plans: the list, one coupon's uses, and adding or saving one
//! with its audit entry in one transaction. At most one coupon is the site's offer (a unique
//! index): marking one unmarks the other first.

use super::PgAdminStore;
use crate::schema::{charges, coupon_redemptions, coupons, plans};
use crate::shared::audit::append_audit;
use admin::audit::AuditEntry;
use admin::ports::{CouponDesk, CouponUse, PlanDesk};
use billing::ports::{CouponBook, OperatorOffers};
use billing::{Cents, Coupon};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::PortResult;

/// The columns an operator writes, the same for a new coupon and an edit (the code is the key,
/// the use count billing's); `None` writes NULL.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = coupons, treat_none_as_null = true)]
struct CouponWrite<'a> {
    percent_off: i16,
    amount_off_cents: i64,
    valid_from: Option<DateTime<Utc>>,
    valid_until: Option<DateTime<Utc>>,
    max_redemptions: Option<i32>,
    plan_ids: &'a [String],
    once_per_member: bool,
    site_offer: bool,
    ended_at: Option<DateTime<Utc>>,
}

impl<'a> From<&'a Coupon> for CouponWrite<'a> {
    fn from(coupon: &'a Coupon) -> Self {
        CouponWrite {
            percent_off: i16::from(coupon.percent_off),
            amount_off_cents: coupon.amount_off.0,
            valid_from: coupon.valid_from,
            valid_until: coupon.valid_until,
            max_redemptions: coupon.max_redemptions.map(|m| i32::try_from(m).unwrap_or(i32::MAX)),
            plan_ids: &coupon.plan_ids,
            once_per_member: coupon.once_per_member,
            site_offer: coupon.site_offer,
            ended_at: coupon.ended_at,
        }
    }
}

/// Unmarks every site offer but `code`'s.
fn unmark_other_offers(conn: &mut PgConnection, code: &str) -> QueryResult<usize> {
    diesel::update(coupons::table.filter(coupons::site_offer).filter(coupons::code.ne(code))).set(coupons::site_offer.eq(false)).execute(conn)
}

impl CouponDesk for PgAdminStore<'_> {
    fn coupons(&self) -> PortResult<Vec<Coupon>> {
        OperatorOffers::all_coupons(&self.gate().billing_ports())
    }

    fn stored_coupon(&self, code: &str) -> PortResult<Option<Coupon>> {
        CouponBook::find_coupon(&self.gate().billing_ports(), code)
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
                    .values((coupons::code.eq(&coupon.code), CouponWrite::from(coupon), coupons::created_at.eq(entry.at)))
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
                diesel::update(coupons::table.find(&coupon.code)).set(CouponWrite::from(coupon)).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }
}

/// What an operator may change on a plan (its id, kind and book stay); `None` writes NULL.
#[derive(AsChangeset)]
#[diesel(table_name = plans, treat_none_as_null = true)]
struct PlanEdit<'a> {
    name: &'a str,
    amount_cents: i64,
    trial_days: i32,
    active: bool,
    paypal_plan: Option<&'a str>,
}

impl PlanDesk for PgAdminStore<'_> {
    fn sold_plans(&self) -> PortResult<Vec<billing::Plan>> {
        OperatorOffers::sold_plans(&self.gate().billing_ports())
    }

    fn update_plan(&self, plan: &billing::Plan, entry: &AuditEntry) -> PortResult<()> {
        let trial_days = match plan.kind {
            billing::PlanKind::Subscription { trial_days, .. } => i32::try_from(trial_days).unwrap_or(0),
            _ => 0,
        };
        self.run(|conn| {
            conn.transaction(|conn| {
                let edit =
                    PlanEdit { name: &plan.name, amount_cents: plan.amount.0, trial_days, active: plan.active, paypal_plan: plan.paypal_plan.as_deref() };
                diesel::update(plans::table.find(&plan.id)).set(edit).execute(conn)?;
                append_audit(conn, entry)
            })
        })
    }
}
