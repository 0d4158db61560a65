//! The referral programme's tables: public ids, who referred whom, the commission ledger, and
//! invites (the invited friend on the member's row, the invitation through the mail queue).

use crate::schema::{referral_ids, referral_ledger, referrals, users};
use crate::store::PgStore;
use diesel::prelude::*;
use kernel::{OutgoingMail, PortResult, Timestamp, UserId};
use rand::Rng;
use referral::ports::{CommissionLedger, Invitations, LedgerEntry, ReferralIds, Referred, UncreditedPayment, UnreversedRefund};
use referral::referral_id::{ALPHABET, LENGTH};

impl ReferralIds for PgStore<'_> {
    fn new_referral_id(&self) -> String {
        let mut rng = rand::rngs::OsRng;
        (0..LENGTH).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
    }

    fn referral_id_of(&self, member: UserId) -> PortResult<Option<String>> {
        self.run(|conn| referral_ids::table.find(member.0).select(referral_ids::referral_id).first(conn).optional())
    }

    fn save_referral_id(&self, member: UserId, id: &str) -> PortResult<bool> {
        self.run(|conn| {
            let inserted = diesel::insert_into(referral_ids::table)
                .values((referral_ids::user_id.eq(member.0), referral_ids::referral_id.eq(id), referral_ids::created_at.eq(diesel::dsl::now)))
                .on_conflict_do_nothing()
                .execute(conn)?;
            Ok(inserted == 1)
        })
    }

    fn owner_of(&self, id: &str) -> PortResult<Option<UserId>> {
        self.run(|conn| {
            let owner: Option<i64> = referral_ids::table
                .inner_join(users::table.on(users::id.eq(referral_ids::user_id)))
                .filter(referral_ids::referral_id.eq(id).and(users::deleted_at.is_null()))
                .select(users::id)
                .first(conn)
                .optional()?;
            Ok(owner.map(UserId))
        })
    }
}

impl Referred for PgStore<'_> {
    fn set_referrer(&self, member: UserId, referrer: UserId, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            let inserted = diesel::insert_into(referrals::table)
                .values((referrals::member_id.eq(member.0), referrals::referrer_id.eq(referrer.0), referrals::created_at.eq(at)))
                .on_conflict_do_nothing()
                .execute(conn)?;
            Ok(inserted == 1)
        })
    }

    fn referred_counts(&self, referrer: UserId, now: Timestamp) -> PortResult<(i64, i64)> {
        self.run(|conn| {
            let live = referrals::table
                .inner_join(users::table.on(users::id.eq(referrals::member_id)))
                .filter(referrals::referrer_id.eq(referrer.0).and(users::deleted_at.is_null()));
            let referred = live.count().get_result(conn)?;
            // Premium as the product defines it: paid, lifetime or until a later end.
            let paying = live
                .filter(users::paid_date.is_not_null())
                .filter(users::end_paid_date.is_null().or(users::end_paid_date.gt(now)))
                .count()
                .get_result(conn)?;
            Ok((referred, paying))
        })
    }

    fn credited_cents(&self, member: UserId) -> PortResult<i64> {
        self.run(|conn| {
            let total: Option<i64> = referral_ledger::table
                .filter(referral_ledger::beneficiary_id.eq(member.0))
                .select(diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::BigInt>>("SUM(amount_cents)::BIGINT"))
                .first(conn)?;
            Ok(total.unwrap_or(0))
        })
    }
}

impl Invitations for PgStore<'_> {
    fn email_of(&self, member: UserId) -> PortResult<Option<String>> {
        self.run(|conn| users::table.filter(users::id.eq(member.0).and(users::deleted_at.is_null())).select(users::email).first(conn).optional())
    }

    fn is_member(&self, email: &str) -> PortResult<bool> {
        self.run(|conn| diesel::select(diesel::dsl::exists(users::table.filter(users::email.eq(email).and(users::deleted_at.is_null())))).get_result(conn))
    }

    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::throttle::record_and_count(conn, key, at, since))
    }

    fn save_invite(&self, member: UserId, friend_email: &str, mail: &OutgoingMail, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                crate::mail_queue::enqueue(conn, mail, at)?;
                let first = diesel::update(users::table.filter(users::id.eq(member.0).and(users::friend_email.is_null())))
                    .set(users::friend_email.eq(friend_email))
                    .execute(conn)?;
                Ok(first == 1)
            })
        })
    }
}

#[derive(QueryableByName)]
struct PaymentRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    charge_id: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    beneficiary: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    paid_cents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    credited_cents: i64,
}

impl CommissionLedger for PgStore<'_> {
    fn uncredited_payments(&self, limit: i64) -> PortResult<Vec<UncreditedPayment>> {
        self.run(|conn| {
            // Paid or later refunded: a refund after the job missed the payment still gets its
            // credit and then its reversal, so the ledger tells the whole story.
            let rows: Vec<PaymentRow> = diesel::sql_query(
                "SELECT c.id AS charge_id, r.referrer_id AS beneficiary, c.amount_cents AS paid_cents, 0::BIGINT AS credited_cents
                 FROM charges c
                 JOIN plans p ON p.id = c.plan_id
                 JOIN referrals r ON r.member_id = c.user_id
                 WHERE c.status IN ('paid', 'refunded') AND p.trial_days = 0 AND c.amount_cents > 0
                   AND NOT EXISTS (SELECT 1 FROM referral_ledger l WHERE l.charge_id = c.id AND l.kind = 'credit')
                 ORDER BY c.created_at, c.id
                 LIMIT $1",
            )
            .bind::<diesel::sql_types::BigInt, _>(limit)
            .load(conn)?;
            Ok(rows.into_iter().map(|r| UncreditedPayment { charge_id: r.charge_id, referrer: UserId(r.beneficiary), paid_cents: r.paid_cents }).collect())
        })
    }

    fn unreversed_refunds(&self, limit: i64) -> PortResult<Vec<UnreversedRefund>> {
        self.run(|conn| {
            let rows: Vec<PaymentRow> = diesel::sql_query(
                "SELECT c.id AS charge_id, l.beneficiary_id AS beneficiary, c.amount_cents AS paid_cents, l.amount_cents AS credited_cents
                 FROM charges c
                 JOIN referral_ledger l ON l.charge_id = c.id AND l.kind = 'credit'
                 WHERE c.status = 'refunded'
                   AND NOT EXISTS (SELECT 1 FROM referral_ledger x WHERE x.charge_id = c.id AND x.kind = 'reversal')
                 ORDER BY c.created_at, c.id
                 LIMIT $1",
            )
            .bind::<diesel::sql_types::BigInt, _>(limit)
            .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|r| UnreversedRefund { charge_id: r.charge_id, beneficiary: UserId(r.beneficiary), credited_cents: r.credited_cents, paid_cents: r.paid_cents })
                .collect())
        })
    }

    fn append(&self, entry: &LedgerEntry, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            let added = diesel::sql_query(
                "INSERT INTO referral_ledger (beneficiary_id, kind, charge_id, amount_cents, created_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (charge_id, kind) WHERE charge_id IS NOT NULL DO NOTHING",
            )
            .bind::<diesel::sql_types::BigInt, _>(entry.beneficiary.0)
            .bind::<diesel::sql_types::Text, _>(entry.kind.as_str())
            .bind::<diesel::sql_types::Text, _>(&entry.charge_id)
            .bind::<diesel::sql_types::BigInt, _>(entry.amount_cents)
            .bind::<diesel::sql_types::Timestamptz, _>(at)
            .execute(conn)?;
            Ok(added == 1)
        })
    }
}
