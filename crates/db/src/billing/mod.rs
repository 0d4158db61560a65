//! Billing's ports in PostgreSQL: plans, coupons, charges and subscriptions, provider events,
//! cancellations. Rows and statements only; every decision is billing's.

crate::shared::gate::domain_store! {
    /// Billing's ports (`billing::ports::BillingStore`, and the operators' `OperatorOffers` and `OperatorGrants`) on one connection's gate.
    PgBillingStore
}

use crate::schema::{
    books, cancellations, charges, coupon_redemptions, coupons, gifts, plans, provider_events, subscription_codes, subscription_payments, subscriptions, users,
};
use billing::access::Revocation;
use billing::cancel::CancelReason;
use billing::checkout::{Charge, ChargeBook, ChargeStatus};
use billing::codes::{CodeKind, CodeRecord, GiftDetails, Seat};
use billing::gateway::SubscriptionPayment;
use billing::model::{Coupon, Interval, Plan, PlanKind};
use billing::ports::{BillingLedger, Payer, Payers, RenewalEnding};
use billing::ports::{CodeBook, NewCode, SeatBook};
use billing::ports::{CouponBook, CouponClaim, OperatorOffers, PlanCatalog};
use billing::subscription::{SubscriptionState, SubscriptionStatus};
use billing::BillingError;
use billing::Cents;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::OutgoingMail;
use kernel::PortResult;
use kernel::{Session, Timestamp, UserId};

pub mod grants;
mod reconcile;
mod trials;

#[derive(Queryable, Selectable)]
#[diesel(table_name = plans, check_for_backend(diesel::pg::Pg))]
struct PlanRow {
    id: String,
    name: String,
    kind: String,
    billing_interval: Option<String>,
    trial_days: i32,
    amount_cents: i64,
    paypal_plan: Option<String>,
    book_id: Option<i64>,
    quiz: Option<String>,
    course: Option<String>,
    active: bool,
}

impl PlanRow {
    /// The row as a plan; a row the constraints should have refused is skipped (`None`).
    fn into_plan(self, book_title: Option<String>) -> Option<Plan> {
        let kind = match self.kind.as_str() {
            "subscription" => PlanKind::Subscription {
                interval: match self.billing_interval.as_deref()? {
                    "month" => Interval::Month,
                    "year" => Interval::Year,
                    _ => return None,
                },
                trial_days: u32::try_from(self.trial_days).ok()?,
            },
            "lifetime" => PlanKind::Lifetime,
            "gift" => PlanKind::Gift,
            "bulk" => PlanKind::Bulk,
            "book" => PlanKind::Book { book_id: self.book_id? },
            "quiz" => PlanKind::QuizResults { quiz: self.quiz? },
            _ => return None,
        };
        Some(Plan {
            id: self.id,
            name: self.name,
            kind,
            amount: Cents(self.amount_cents),
            paypal_plan: self.paypal_plan,
            book_title,
            course: self.course,
            active: self.active,
        })
    }
}

fn load_plans(conn: &mut PgConnection, id: Option<&str>) -> QueryResult<Vec<Plan>> {
    let mut query =
        plans::table.left_join(books::table).select((PlanRow::as_select(), books::title.nullable())).order((plans::amount_cents, plans::id)).into_boxed();
    query = match id {
        Some(id) => query.filter(plans::id.eq(id.to_owned())),
        None => query.filter(plans::active.eq(true)).filter(plans::kind.ne("book")),
    };
    let rows: Vec<(PlanRow, Option<String>)> = query.load(conn)?;
    Ok(rows.into_iter().filter_map(|(row, title)| row.into_plan(title)).collect())
}

/// Puts `only` (or every book) on sale on its own (`book-{id}`, its PDF at `amount`), unless it
/// already is; existing plans keep their price. Returns the plans added.
pub(crate) fn add_book_plans(conn: &mut PgConnection, amount: Cents, only: Option<i64>) -> QueryResult<usize> {
    diesel::sql_query(
        "INSERT INTO plans (id, name, kind, trial_days, amount_cents, book_id, active) \
         SELECT 'book-' || id, left(title, 180) || ' (PDF)', 'book', 0, $1, id, true FROM books WHERE $2::bigint IS NULL OR id = $2 \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind::<diesel::sql_types::BigInt, _>(amount.0)
    .bind::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>, _>(only)
    .execute(conn)
}

impl OperatorOffers for PgBillingStore<'_> {
    fn all_coupons(&self) -> PortResult<Vec<Coupon>> {
        self.run(|conn| {
            let rows: Vec<CouponRow> = coupons::table.order((coupons::created_at.desc(), coupons::code)).select(CouponRow::as_select()).load(conn)?;
            Ok(rows.into_iter().map(CouponRow::into_coupon).collect())
        })
    }

    fn sold_plans(&self) -> PortResult<Vec<Plan>> {
        self.run(|conn| {
            let rows: Vec<PlanRow> =
                plans::table.filter(plans::kind.ne("book")).order((plans::amount_cents, plans::id)).select(PlanRow::as_select()).load(conn)?;
            Ok(rows.into_iter().filter_map(|row| row.into_plan(None)).collect())
        })
    }

    fn add_book_plan(&self, book_id: i64, amount: Cents) -> PortResult<()> {
        self.run(|conn| add_book_plans(conn, amount, Some(book_id)).map(drop))
    }
}

impl PlanCatalog for PgBillingStore<'_> {
    fn find_plan(&self, id: &str) -> PortResult<Option<Plan>> {
        self.run(|conn| Ok(load_plans(conn, Some(id))?.into_iter().next()))
    }

    fn active_plans(&self) -> PortResult<Vec<Plan>> {
        self.run(|conn| load_plans(conn, None))
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = coupons, check_for_backend(diesel::pg::Pg))]
struct CouponRow {
    code: String,
    percent_off: i16,
    amount_off_cents: i64,
    valid_from: Option<DateTime<Utc>>,
    valid_until: Option<DateTime<Utc>>,
    max_redemptions: Option<i32>,
    redemptions: i32,
    plan_ids: Vec<String>,
    once_per_member: bool,
    site_offer: bool,
    ended_at: Option<DateTime<Utc>>,
}

impl CouponRow {
    fn into_coupon(self) -> Coupon {
        Coupon {
            code: self.code,
            percent_off: u8::try_from(self.percent_off.clamp(0, 100)).unwrap_or(0),
            amount_off: Cents(self.amount_off_cents),
            valid_from: self.valid_from,
            valid_until: self.valid_until,
            max_redemptions: self.max_redemptions.map(|m| u32::try_from(m).unwrap_or(0)),
            redemptions: u32::try_from(self.redemptions).unwrap_or(u32::MAX),
            plan_ids: self.plan_ids,
            once_per_member: self.once_per_member,
            site_offer: self.site_offer,
            ended_at: self.ended_at,
        }
    }
}

impl CouponBook for PgBillingStore<'_> {
    fn find_coupon(&self, code: &str) -> PortResult<Option<Coupon>> {
        self.run(|conn| {
            let row: Option<CouponRow> = coupons::table.find(code).select(CouponRow::as_select()).first(conn).optional()?;
            Ok(row.map(CouponRow::into_coupon))
        })
    }

    fn site_offer(&self) -> PortResult<Option<Coupon>> {
        self.run(|conn| {
            let row: Option<CouponRow> = coupons::table.filter(coupons::site_offer).select(CouponRow::as_select()).first(conn).optional()?;
            Ok(row.map(CouponRow::into_coupon))
        })
    }

    fn claim_coupon(&self, code: &str, charge_id: &str, member_key: &str, at: Timestamp) -> PortResult<CouponClaim> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // The coupon's row lock queues parallel claims: each sees the count and the uses
                // the one before left.
                let once: Option<bool> = coupons::table.find(code).select(coupons::once_per_member).for_no_key_update().first(conn).optional()?;
                let Some(once) = once else { return Ok(CouponClaim::UsedUp) };
                if once {
                    let used = coupon_redemptions::table
                        .filter(coupon_redemptions::code.eq(code))
                        .filter(coupon_redemptions::member_key.eq(member_key))
                        .filter(coupon_redemptions::once_per_member);
                    if diesel::select(diesel::dsl::exists(used)).get_result::<bool>(conn)? {
                        return Ok(CouponClaim::AlreadyUsed);
                    }
                }
                let counted = diesel::update(
                    coupons::table
                        .find(code)
                        .filter(coupons::max_redemptions.is_null().or(coupons::redemptions.lt(coupons::max_redemptions.assume_not_null()))),
                )
                .set(coupons::redemptions.eq(coupons::redemptions + 1))
                .execute(conn)?;
                if counted == 0 {
                    return Ok(CouponClaim::UsedUp);
                }
                diesel::insert_into(coupon_redemptions::table)
                    .values(NewRedemptionRow { charge_id, code, member_key, once_per_member: once, claimed_at: at })
                    .execute(conn)?;
                Ok(CouponClaim::Claimed)
            })
        })
    }

    fn coupon_claimed_by(&self, code: &str, member_key: &str) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(diesel::dsl::exists(
                coupon_redemptions::table.filter(coupon_redemptions::code.eq(code)).filter(coupon_redemptions::member_key.eq(member_key)),
            ))
            .get_result(conn)
        })
    }

    fn attempts_since(&self, key: &str, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::shared::throttle::count_since(conn, key, since))
    }
}

/// Adds a coupon unless one with its code exists (the development seed's offer); whether it did.
pub fn add_coupon_once(conn: &mut PgConnection, coupon: &Coupon) -> QueryResult<bool> {
    if coupons::table.find(&coupon.code).count().get_result::<i64>(conn)? > 0 {
        return Ok(false);
    }
    upsert_coupon(conn, coupon).map(|n| n > 0)
}

/// Adds (or replaces) a coupon: the development seed and tests.
pub fn upsert_coupon(conn: &mut PgConnection, coupon: &Coupon) -> QueryResult<usize> {
    let values = (
        coupons::code.eq(&coupon.code),
        coupons::percent_off.eq(i16::from(coupon.percent_off)),
        coupons::amount_off_cents.eq(coupon.amount_off.0),
        coupons::valid_from.eq(coupon.valid_from),
        coupons::valid_until.eq(coupon.valid_until),
        coupons::max_redemptions.eq(coupon.max_redemptions.map(|m| i32::try_from(m).unwrap_or(i32::MAX))),
        coupons::redemptions.eq(i32::try_from(coupon.redemptions).unwrap_or(i32::MAX)),
        coupons::plan_ids.eq(&coupon.plan_ids),
        coupons::once_per_member.eq(coupon.once_per_member),
        coupons::site_offer.eq(coupon.site_offer),
        coupons::ended_at.eq(coupon.ended_at),
    );
    diesel::insert_into(coupons::table).values(values).on_conflict(coupons::code).do_update().set(values).execute(conn)
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = charges, check_for_backend(diesel::pg::Pg))]
struct ChargeRow {
    id: String,
    user_id: Option<i64>,
    email: String,
    plan_id: String,
    quantity: i32,
    amount_cents: i64,
    coupon_code: Option<String>,
    provider: String,
    reference: String,
    status: String,
    created_at: DateTime<Utc>,
    referral_id: Option<String>,
    card_fingerprint: Option<String>,
    add_on_infographics: i16,
}

impl ChargeRow {
    fn into_charge(self) -> Option<Charge> {
        Some(Charge {
            id: self.id,
            user: self.user_id.map(UserId),
            email: self.email,
            plan_id: self.plan_id,
            quantity: u32::try_from(self.quantity).ok()?,
            amount: Cents(self.amount_cents),
            coupon: self.coupon_code,
            provider: self.provider,
            reference: self.reference,
            status: ChargeStatus::parse(&self.status)?,
            created_at: self.created_at,
            referral_id: self.referral_id,
            card_fingerprint: self.card_fingerprint,
            add_on: billing::AddOn::parse(Some(i64::from(self.add_on_infographics))).ok().flatten(),
        })
    }
}

/// Stores a subscription's state (billing decided it is newer). A requested end is forgotten
/// once the subscription no longer renews.
fn save_subscription(conn: &mut PgConnection, charge_id: &str, state: &SubscriptionState) -> QueryResult<()> {
    let values = (
        subscriptions::status.eq(state.status.as_str()),
        subscriptions::current_period_end.eq(state.current_period_end),
        subscriptions::as_of.eq(state.as_of),
        subscriptions::past_due_since.eq(state.past_due_since),
    );
    diesel::insert_into(subscriptions::table)
        .values((subscriptions::charge_id.eq(charge_id), values))
        .on_conflict(subscriptions::charge_id)
        .do_update()
        .set(values)
        .execute(conn)?;
    if !state.renews() {
        diesel::update(subscriptions::table.find(charge_id))
            .set((subscriptions::end_requested.eq(None::<String>), subscriptions::end_requested_at.eq(None::<DateTime<Utc>>)))
            .execute(conn)?;
    }
    Ok(())
}

/// What a paid charge does besides its row: its subscription's state. (Its coupon's use was
/// claimed when it was recorded.)
fn paid_effects(conn: &mut PgConnection, charge: &Charge, subscription: Option<&SubscriptionState>) -> QueryResult<()> {
    if let Some(state) = subscription {
        save_subscription(conn, &charge.id, state)?;
    }
    Ok(())
}

/// A charge as first recorded (`attached_at` comes later, with `mark-as-paid`).
#[derive(Insertable)]
#[diesel(table_name = charges, treat_none_as_null = true)]
struct NewChargeRow<'a> {
    id: &'a str,
    user_id: Option<i64>,
    email: &'a str,
    plan_id: &'a str,
    quantity: i32,
    amount_cents: i64,
    coupon_code: Option<&'a str>,
    provider: &'a str,
    reference: &'a str,
    status: &'static str,
    created_at: Timestamp,
    referral_id: Option<&'a str>,
    card_fingerprint: Option<&'a str>,
    add_on_infographics: i16,
}

impl<'a> From<&'a Charge> for NewChargeRow<'a> {
    fn from(charge: &'a Charge) -> Self {
        NewChargeRow {
            id: &charge.id,
            user_id: charge.user.map(|u| u.0),
            email: &charge.email,
            plan_id: &charge.plan_id,
            quantity: i32::try_from(charge.quantity).unwrap_or(i32::MAX),
            amount_cents: charge.amount.0,
            coupon_code: charge.coupon.as_deref(),
            provider: &charge.provider,
            reference: &charge.reference,
            status: charge.status.as_str(),
            created_at: charge.created_at,
            referral_id: charge.referral_id.as_deref(),
            card_fingerprint: charge.card_fingerprint.as_deref(),
            add_on_infographics: charge.add_on.map_or(0, |a| a.count()),
        }
    }
}

impl ChargeBook for PgBillingStore<'_> {
    fn record_charge(&self, charge: &Charge, subscription: Option<&SubscriptionState>) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::insert_into(charges::table).values(NewChargeRow::from(charge)).execute(conn)?;
                if charge.status == ChargeStatus::Paid {
                    paid_effects(conn, charge, subscription)?;
                }
                Ok(())
            })
        })
    }

    fn find_charge(&self, id: &str) -> PortResult<Option<Charge>> {
        self.run(|conn| {
            let row: Option<ChargeRow> = charges::table.find(id).select(ChargeRow::as_select()).first(conn).optional()?;
            Ok(row.and_then(ChargeRow::into_charge))
        })
    }

    fn find_charge_by_reference(&self, provider: &str, reference: &str) -> PortResult<Option<Charge>> {
        if reference.is_empty() {
            return Ok(None);
        }
        self.run(|conn| {
            let row: Option<ChargeRow> = charges::table
                .filter(charges::provider.eq(provider))
                .filter(charges::reference.eq(reference))
                .select(ChargeRow::as_select())
                .first(conn)
                .optional()?;
            Ok(row.and_then(ChargeRow::into_charge))
        })
    }

    fn complete_charge(&self, id: &str, subscription: Option<&SubscriptionState>) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let waiting = [ChargeStatus::Initiated.as_str(), ChargeStatus::RequiresAction.as_str(), ChargeStatus::Processing.as_str()];
                let row: Option<ChargeRow> = diesel::update(charges::table.find(id).filter(charges::status.eq_any(waiting)))
                    .set(charges::status.eq(ChargeStatus::Paid.as_str()))
                    .returning(ChargeRow::as_returning())
                    .get_result(conn)
                    .optional()?;
                let Some(charge) = row.and_then(ChargeRow::into_charge) else { return Ok(false) };
                paid_effects(conn, &charge, subscription)?;
                Ok(true)
            })
        })
    }

    fn name_reference(&self, id: &str, reference: &str, status: ChargeStatus) -> PortResult<bool> {
        self.run(|conn| {
            let named = diesel::update(charges::table.find(id).filter(charges::status.eq(ChargeStatus::Initiated.as_str())))
                .set((charges::reference.eq(reference), charges::status.eq(status.as_str())))
                .execute(conn)?;
            Ok(named == 1)
        })
    }

    fn infographic_purchases_of(&self, user: UserId) -> PortResult<Vec<Charge>> {
        self.run(|conn| {
            let rows: Vec<ChargeRow> = charges::table
                .filter(charges::user_id.eq(user.0))
                .filter(charges::add_on_infographics.gt(0))
                .filter(charges::status.eq(ChargeStatus::Paid.as_str()))
                .order((charges::created_at.desc(), charges::id))
                .select(ChargeRow::as_select())
                .load(conn)?;
            Ok(rows.into_iter().filter_map(ChargeRow::into_charge).collect())
        })
    }

    fn drop_initiated(&self, id: &str) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let initiated = charges::table.find(id).filter(charges::status.eq(ChargeStatus::Initiated.as_str())).select(charges::id).for_update();
                let Some(id) = initiated.first::<String>(conn).optional()? else { return Ok(false) };
                diesel::delete(gifts::table.find(&id)).execute(conn)?;
                // Its coupon's use goes back.
                let claimed: Option<String> =
                    diesel::delete(coupon_redemptions::table.find(&id)).returning(coupon_redemptions::code).get_result(conn).optional()?;
                if let Some(code) = claimed {
                    diesel::update(coupons::table.find(code)).set(coupons::redemptions.eq(coupons::redemptions - 1)).execute(conn)?;
                }
                diesel::delete(charges::table.find(&id)).execute(conn)?;
                Ok(true)
            })
        })
    }

    fn attach_charge(&self, id: &str, user: UserId, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            let attached = diesel::update(charges::table.find(id).filter(charges::user_id.is_null()))
                .set((charges::user_id.eq(user.0), charges::attached_at.eq(at)))
                .execute(conn)?;
            Ok(attached == 1)
        })
    }

    fn subscription_of(&self, charge_id: &str) -> PortResult<Option<SubscriptionState>> {
        self.run(|conn| {
            let row: Option<StateRow> = subscriptions::table.find(charge_id).select(STATE_COLUMNS).first(conn).optional()?;
            Ok(row.and_then(state_of))
        })
    }
}

fn state_of(row: StateRow) -> Option<SubscriptionState> {
    let (status, current_period_end, as_of, past_due_since) = row;
    Some(SubscriptionState { status: SubscriptionStatus::parse(&status)?, current_period_end, as_of, past_due_since })
}

type StateRow = (String, DateTime<Utc>, DateTime<Utc>, Option<DateTime<Utc>>);

const STATE_COLUMNS: (subscriptions::status, subscriptions::current_period_end, subscriptions::as_of, subscriptions::past_due_since) =
    (subscriptions::status, subscriptions::current_period_end, subscriptions::as_of, subscriptions::past_due_since);

fn with_states(rows: Vec<(ChargeRow, StateRow)>) -> Vec<(Charge, SubscriptionState)> {
    rows.into_iter().filter_map(|(charge, state)| Some((charge.into_charge()?, state_of(state)?))).collect()
}

impl Payers for PgBillingStore<'_> {
    fn live_payer(&self, session: Session) -> PortResult<Option<Payer>> {
        self.run(|conn| {
            let user = crate::shared::members::find_session_user(conn, session)?;
            Ok(user.map(|user| Payer { user: user.id, email: user.email.to_string(), email_verified: user.email_verified }))
        })
    }

    fn member_email(&self, user: UserId) -> PortResult<Option<String>> {
        self.run(|conn| users::table.find(user.0).filter(users::deleted_at.is_null()).select(users::email).first(conn).optional())
    }
}

impl CodeBook for PgBillingStore<'_> {
    fn find_code(&self, digest: &str) -> PortResult<Option<CodeRecord>> {
        self.run(|conn| {
            let row: Option<CodeRow> =
                subscription_codes::table.filter(subscription_codes::code_digest.eq(digest)).select(CodeRow::as_select()).first(conn).optional()?;
            Ok(row.and_then(CodeRow::into_record))
        })
    }

    fn redeem_code(&self, code_id: i64, user: UserId, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            // One conditional update: of two redemptions at once, the second finds it taken.
            let claimed = diesel::update(
                subscription_codes::table.find(code_id).filter(subscription_codes::redeemed_at.is_null()).filter(subscription_codes::revoked_at.is_null()),
            )
            .set((subscription_codes::redeemed_by.eq(user.0), subscription_codes::redeemed_at.eq(at)))
            .execute(conn)?;
            Ok(claimed == 1)
        })
    }

    fn revoke_codes_of_charge(&self, charge_id: &str, at: Timestamp, why: Revocation) -> PortResult<u32> {
        self.run(|conn| {
            let revoked = diesel::update(
                subscription_codes::table
                    .filter(subscription_codes::charge_id.eq(charge_id))
                    .filter(subscription_codes::redeemed_at.is_null())
                    .filter(subscription_codes::revoked_at.is_null()),
            )
            .set((subscription_codes::revoked_at.eq(at), subscription_codes::revoked_reason.eq(why.as_str())))
            .execute(conn)?;
            Ok(u32::try_from(revoked).unwrap_or(u32::MAX))
        })
    }

    fn restore_codes_of_charge(&self, charge_id: &str, why: Revocation) -> PortResult<u32> {
        self.run(|conn| {
            let restored = diesel::update(
                subscription_codes::table.filter(subscription_codes::charge_id.eq(charge_id)).filter(subscription_codes::revoked_reason.eq(why.as_str())),
            )
            .set((subscription_codes::revoked_at.eq(None::<DateTime<Utc>>), subscription_codes::revoked_reason.eq(None::<String>)))
            .execute(conn)?;
            Ok(u32::try_from(restored).unwrap_or(u32::MAX))
        })
    }

    fn insert_codes(&self, codes: &[NewCode], at: Timestamp) -> PortResult<()> {
        self.run(|conn| insert_code_rows(conn, codes, at))
    }

    fn save_gift(&self, charge_id: &str, gift: &GiftDetails) -> PortResult<()> {
        self.run(|conn| {
            diesel::insert_into(gifts::table)
                .values(NewGiftRow {
                    charge_id,
                    sender_name: &gift.sender_name,
                    recipient_name: &gift.recipient_name,
                    recipient_email: gift.recipient_email.as_deref(),
                    message: &gift.message,
                })
                .on_conflict_do_nothing()
                .execute(conn)
                .map(drop)
        })
    }

    fn gift_of(&self, charge_id: &str) -> PortResult<Option<GiftDetails>> {
        self.run(|conn| {
            let row: Option<(String, String, Option<String>, String)> = gifts::table
                .find(charge_id)
                .select((gifts::sender_name, gifts::recipient_name, gifts::recipient_email, gifts::message))
                .first(conn)
                .optional()?;
            Ok(row.map(|(sender_name, recipient_name, recipient_email, message)| GiftDetails { sender_name, recipient_name, recipient_email, message }))
        })
    }

    fn record_attempt(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::shared::throttle::record_and_count(conn, key, at, since))
    }
}

fn insert_code_rows(conn: &mut PgConnection, codes: &[NewCode], at: Timestamp) -> QueryResult<()> {
    let rows: Vec<_> = codes
        .iter()
        .map(|c| {
            (
                subscription_codes::code_digest.eq(&c.digest),
                subscription_codes::kind.eq(c.kind.as_str()),
                subscription_codes::plan_id.eq(&c.plan_id),
                subscription_codes::duration_days.eq(c.duration_days),
                subscription_codes::charge_id.eq(&c.charge_id),
                subscription_codes::shown.eq(&c.shown),
                subscription_codes::created_at.eq(at),
            )
        })
        .collect();
    diesel::insert_into(subscription_codes::table).values(rows).execute(conn).map(drop)
}

/// A seat row: the code and its purchase, invitation, redemption (with the member's e-mail) and
/// revocation.
type SeatRow = (i64, Option<String>, Option<String>, Option<String>, Option<DateTime<Utc>>, Option<String>, Option<DateTime<Utc>>, Option<DateTime<Utc>>);

fn seat_of(row: SeatRow) -> Seat {
    let (id, shown, charge_id, invited_email, invited_at, redeemed_by, redeemed_at, revoked_at) = row;
    Seat { id, code: shown.unwrap_or_default(), charge_id: charge_id.unwrap_or_default(), invited_email, invited_at, redeemed_by, redeemed_at, revoked_at }
}

macro_rules! seat_columns {
    () => {
        (
            subscription_codes::id,
            subscription_codes::shown,
            subscription_codes::charge_id,
            subscription_codes::invited_email,
            subscription_codes::invited_at,
            users::email.nullable(),
            subscription_codes::redeemed_at,
            subscription_codes::revoked_at,
        )
    };
}

impl SeatBook for PgBillingStore<'_> {
    fn seats_of(&self, owner: UserId) -> PortResult<Vec<Seat>> {
        self.run(|conn| {
            let owned = charges::table.filter(charges::user_id.eq(owner.0)).select(charges::id);
            let rows: Vec<SeatRow> = subscription_codes::table
                .left_join(users::table.on(users::id.nullable().eq(subscription_codes::redeemed_by)))
                .filter(subscription_codes::kind.eq(CodeKind::Seat.as_str()))
                .filter(subscription_codes::charge_id.eq_any(owned.nullable()))
                .order((subscription_codes::charge_id, subscription_codes::id))
                .select(seat_columns!())
                .load(conn)?;
            Ok(rows.into_iter().map(seat_of).collect())
        })
    }

    fn seat(&self, id: i64) -> PortResult<Option<(Seat, Option<UserId>)>> {
        self.run(|conn| {
            let row: Option<SeatRow> = subscription_codes::table
                .left_join(users::table.on(users::id.nullable().eq(subscription_codes::redeemed_by)))
                .filter(subscription_codes::kind.eq(CodeKind::Seat.as_str()))
                .filter(subscription_codes::id.eq(id))
                .select(seat_columns!())
                .first(conn)
                .optional()?;
            let Some(seat) = row.map(seat_of) else { return Ok(None) };
            let owner: Option<Option<i64>> = charges::table.find(&seat.charge_id).select(charges::user_id).first(conn).optional()?;
            Ok(Some((seat, owner.flatten().map(UserId))))
        })
    }

    fn invite_seat(&self, id: i64, email: &str, mail: &OutgoingMail, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::update(subscription_codes::table.find(id))
                    .set((subscription_codes::invited_email.eq(email), subscription_codes::invited_at.eq(at)))
                    .execute(conn)?;
                crate::mail_queue::enqueue(conn, mail, at).map(drop)
            })
        })
    }

    fn revoke_seat(&self, id: i64, replacement: &NewCode, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let done = diesel::update(
                    subscription_codes::table.find(id).filter(subscription_codes::redeemed_at.is_null()).filter(subscription_codes::revoked_at.is_null()),
                )
                .set((subscription_codes::revoked_at.eq(at), subscription_codes::revoked_reason.eq("replaced")))
                .execute(conn)?;
                if done == 1 {
                    insert_code_rows(conn, std::slice::from_ref(replacement), at)?;
                }
                Ok(done == 1)
            })
        })
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = subscription_codes, check_for_backend(diesel::pg::Pg))]
struct CodeRow {
    id: i64,
    kind: String,
    plan_id: String,
    duration_days: Option<i32>,
    redeemed_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
}

impl CodeRow {
    fn into_record(self) -> Option<CodeRecord> {
        Some(CodeRecord {
            id: self.id,
            kind: CodeKind::parse(&self.kind)?,
            plan_id: self.plan_id,
            duration_days: self.duration_days,
            redeemed_at: self.redeemed_at,
            revoked_at: self.revoked_at,
        })
    }
}

/// The stored names of the states that renew (billing's rule, not a copy of it).
fn renewing() -> Vec<&'static str> {
    SubscriptionStatus::ALL.into_iter().filter(|status| status.renews()).map(SubscriptionStatus::as_str).collect()
}

impl BillingLedger for PgBillingStore<'_> {
    fn atomically(&self, work: &mut dyn FnMut() -> Result<(), BillingError>) -> Result<(), BillingError> {
        crate::shared::gate::Gate::atomically(self.gate(), work)
    }

    fn first_delivery(&self, provider: &str, event_id: &str, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            diesel::insert_into(provider_events::table)
                .values((provider_events::provider.eq(provider), provider_events::event_id.eq(event_id), provider_events::received_at.eq(at)))
                .on_conflict_do_nothing()
                .execute(conn)
                .map(|n| n == 1)
        })
    }

    fn lock_charge(&self, id: &str) -> PortResult<Option<(Charge, Option<SubscriptionState>)>> {
        self.run(|conn| {
            let row: Option<ChargeRow> = charges::table.find(id).select(ChargeRow::as_select()).for_update().first(conn).optional()?;
            let Some(charge) = row.and_then(ChargeRow::into_charge) else { return Ok(None) };
            let state: Option<StateRow> = subscriptions::table.find(&charge.id).select(STATE_COLUMNS).first(conn).optional()?;
            Ok(Some((charge, state.and_then(state_of))))
        })
    }

    fn lock_charge_by_reference(&self, provider: &str, reference: &str) -> PortResult<Option<(Charge, Option<SubscriptionState>)>> {
        if reference.is_empty() {
            return Ok(None);
        }
        self.run(|conn| {
            let row: Option<ChargeRow> = charges::table
                .filter(charges::provider.eq(provider))
                .filter(charges::reference.eq(reference))
                .select(ChargeRow::as_select())
                .for_update()
                .first(conn)
                .optional()?;
            let Some(charge) = row.and_then(ChargeRow::into_charge) else { return Ok(None) };
            let state: Option<StateRow> = subscriptions::table.find(&charge.id).select(STATE_COLUMNS).first(conn).optional()?;
            Ok(Some((charge, state.and_then(state_of))))
        })
    }

    fn save_subscription(&self, charge_id: &str, state: &SubscriptionState) -> PortResult<()> {
        self.run(|conn| save_subscription(conn, charge_id, state))
    }

    fn set_charge_status(&self, charge_id: &str, status: ChargeStatus) -> PortResult<()> {
        self.run(|conn| diesel::update(charges::table.find(charge_id)).set(charges::status.eq(status.as_str())).execute(conn).map(drop))
    }

    fn record_subscription_payment(&self, charge_id: &str, provider: &str, payment: &SubscriptionPayment) -> PortResult<bool> {
        self.run(|conn| {
            let added = diesel::insert_into(subscription_payments::table)
                .values(NewSubscriptionPaymentRow {
                    // The ledger's id for the payment: unique across providers, never a charge id.
                    id: format!("{provider}:{}", payment.id),
                    charge_id,
                    provider,
                    provider_payment_id: &payment.id,
                    amount_cents: payment.amount.0,
                    refund_reference: payment.reference.as_deref(),
                    status: "paid",
                    paid_at: payment.paid_at,
                })
                .on_conflict_do_nothing()
                .execute(conn)?;
            Ok(added == 1)
        })
    }

    fn refund_subscription_payment(&self, provider: &str, reference: &str) -> PortResult<bool> {
        self.run(|conn| {
            let changed = diesel::update(
                subscription_payments::table
                    .filter(subscription_payments::provider.eq(provider))
                    .filter(subscription_payments::refund_reference.eq(reference))
                    .filter(subscription_payments::status.eq("paid")),
            )
            .set(subscription_payments::status.eq("refunded"))
            .execute(conn)?;
            Ok(changed > 0)
        })
    }

    fn record_cancellation(&self, charge_id: &str, reason: CancelReason, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::insert_into(cancellations::table)
                .values((cancellations::charge_id.eq(charge_id), cancellations::reason.eq(reason.as_str()), cancellations::created_at.eq(at)))
                .execute(conn)
                .map(drop)
        })
    }

    fn subscriptions_of(&self, user: UserId) -> PortResult<Vec<(Charge, SubscriptionState)>> {
        self.run(|conn| {
            let rows: Vec<(ChargeRow, StateRow)> = charges::table
                .inner_join(subscriptions::table)
                .filter(charges::user_id.eq(user.0))
                .order((charges::created_at.desc(), charges::id))
                .select((ChargeRow::as_select(), STATE_COLUMNS))
                .load(conn)?;
            Ok(with_states(rows))
        })
    }

    fn renewals_to_end(&self, limit: usize) -> PortResult<Vec<(Charge, SubscriptionState, RenewalEnding)>> {
        self.run(|conn| {
            let rows: Vec<(ChargeRow, StateRow, Option<String>)> = charges::table
                .inner_join(subscriptions::table)
                .left_join(users::table)
                .filter(subscriptions::end_requested.is_not_null().or(users::deleted_at.is_not_null()))
                .filter(subscriptions::status.eq_any(renewing()))
                .order(charges::created_at)
                .limit(i64::try_from(limit).unwrap_or(i64::MAX))
                .select((ChargeRow::as_select(), STATE_COLUMNS, subscriptions::end_requested))
                .load(conn)?;
            Ok(rows
                .into_iter()
                .filter_map(|(charge, state, ending)| {
                    let ending = ending.as_deref().and_then(RenewalEnding::parse).unwrap_or(RenewalEnding::AtPeriodEnd);
                    Some((charge.into_charge()?, state_of(state)?, ending))
                })
                .collect())
        })
    }

    fn request_renewal_end(&self, charge_id: &str, ending: RenewalEnding, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::update(subscriptions::table.find(charge_id))
                .set((subscriptions::end_requested.eq(ending.as_str()), subscriptions::end_requested_at.eq(at)))
                .execute(conn)
                .map(drop)
        })
    }

    fn queue_mail(&self, mail: &OutgoingMail, at: Timestamp) -> PortResult<()> {
        self.run(|conn| crate::mail_queue::enqueue(conn, mail, at).map(drop))
    }
}

/// Keeps a deleted account's charges for accounting without the person (account erasure).
pub(crate) fn anonymise_charges(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
    diesel::update(charges::table.filter(charges::user_id.eq(user.0))).set(charges::email.eq(format!("deleted-{}@deleted.invalid", user.0))).execute(conn)
}

/// A coupon's use by one checkout (`once_per_member`: the coupon allows one use per member key).
#[derive(Insertable)]
#[diesel(table_name = coupon_redemptions)]
struct NewRedemptionRow<'a> {
    charge_id: &'a str,
    code: &'a str,
    member_key: &'a str,
    once_per_member: bool,
    claimed_at: Timestamp,
}

#[derive(Insertable)]
#[diesel(table_name = gifts)]
struct NewGiftRow<'a> {
    charge_id: &'a str,
    sender_name: &'a str,
    recipient_name: &'a str,
    recipient_email: Option<&'a str>,
    message: &'a str,
}

#[derive(Insertable)]
#[diesel(table_name = subscription_payments)]
struct NewSubscriptionPaymentRow<'a> {
    id: String,
    charge_id: &'a str,
    provider: &'a str,
    provider_payment_id: &'a str,
    amount_cents: i64,
    refund_reference: Option<&'a str>,
    status: &'a str,
    paid_at: Timestamp,
}
