//! The referral programme's tables: public ids, who referred whom, the commission ledger, and
//! invites (the invited friend on the member's row, the invitation through the mail queue), and
//! affiliates.

crate::shared::gate::domain_store! {
    /// The referral programme's ports (`referral::ports::ReferralStore`) on one connection's gate.
    PgReferralStore
}

use crate::schema::{affiliates, referral_ids, referral_ledger, referral_settled_payments, referrals, users};
use admin::audit::{AuditAction, AuditEntry};
use diesel::prelude::*;
use kernel::{OutgoingMail, PortResult, Timestamp, UserId};
use rand::Rng;
use referral::affiliate::{AffiliateFilter, AffiliatePage, AffiliateRecord, AffiliateStatus, Application};
use referral::attribution::Promoter;
use referral::ports::{
    Affiliates, Commission, CommissionLedger, EntryKind, Invitations, LedgerEntry, PaymentFacts, Reason, ReferralIds, Referred, ReferredMember,
    UnreversedRefund,
};
use referral::referral_id::{ALPHABET, LENGTH};
use referral::ReferralError;

impl ReferralIds for PgReferralStore<'_> {
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

impl Referred for PgReferralStore<'_> {
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
            // Premium as the product defines it, in SQL once (`member_is_paid`).
            let paying = live.filter(crate::shared::paid::member_is_paid(users::paid_date, users::end_paid_date, now)).count().get_result(conn)?;
            Ok((referred, paying))
        })
    }

    fn commission(&self, member: UserId, matured_before: Timestamp) -> PortResult<Commission> {
        self.run(|conn| {
            let row: CommissionRow = diesel::sql_query(format!("SELECT {} FROM (SELECT $1::BIGINT AS user_id) a", commission_columns("$2")))
                .bind::<diesel::sql_types::BigInt, _>(member.0)
                .bind::<diesel::sql_types::Timestamptz, _>(matured_before)
                .get_result(conn)?;
            Ok(Commission { earned_cents: row.earned_cents, pending_cents: row.pending_cents, paid_out_cents: row.paid_out_cents })
        })
    }

    fn unsettled_sign_up_referrals(&self, member: Option<UserId>, limit: i64) -> PortResult<Vec<(UserId, String)>> {
        self.run(|conn| {
            let mut unsettled = users::table
                .filter(users::joined_via_referral.is_not_null().and(users::deleted_at.is_null()))
                .select((users::id, users::joined_via_referral.assume_not_null()))
                .order(users::id)
                .limit(limit)
                .into_boxed();
            if let Some(member) = member {
                unsettled = unsettled.filter(users::id.eq(member.0));
            }
            Ok(unsettled.load::<(i64, String)>(conn)?.into_iter().map(|(id, link)| (UserId(id), link)).collect())
        })
    }

    fn settle_sign_up_referral(&self, member: UserId) -> PortResult<()> {
        self.run(|conn| diesel::update(users::table.find(member.0)).set(users::joined_via_referral.eq(None::<String>)).execute(conn).map(drop))
    }

    fn referred_members(&self, referrer: UserId, now: Timestamp, matured_before: Timestamp, limit: i64) -> PortResult<Vec<ReferredMember>> {
        self.run(|conn| {
            // The referrer's entries, each with the account that paid (a subscription's later
            // payment is named by its own id: its purchase's charge says who paid).
            let rows: Vec<ReferredMemberRow> = diesel::sql_query(
                "WITH mine AS (
                     SELECT c.user_id AS payer, l.kind, l.charge_id, l.amount_cents, l.created_at
                     FROM referral_ledger l
                     JOIN charges c ON c.id = COALESCE((SELECT sp.charge_id FROM subscription_payments sp WHERE sp.id = l.charge_id), l.charge_id)
                     WHERE l.beneficiary_id = $1 AND l.kind IN ('credit', 'reversal', 'reinstatement'))
                 SELECT u.created_at AS joined_at,
                        member_is_paid(u.paid_date, u.end_paid_date, $2) AS paying,
                        COALESCE((SELECT SUM(m.amount_cents) FROM mine m WHERE m.payer = u.id), 0)::BIGINT AS earned_cents,
                        COALESCE((SELECT SUM(m.amount_cents) FROM mine m WHERE m.payer = u.id AND m.kind = 'credit' AND m.created_at > $3
                                    AND NOT EXISTS (SELECT 1 FROM referral_ledger x WHERE x.charge_id = m.charge_id AND x.kind = 'reversal')), 0)::BIGINT AS pending_cents
                 FROM referrals r JOIN users u ON u.id = r.member_id AND u.deleted_at IS NULL
                 WHERE r.referrer_id = $1
                 ORDER BY u.created_at DESC, u.id DESC
                 LIMIT $4",
            )
            .bind::<diesel::sql_types::BigInt, _>(referrer.0)
            .bind::<diesel::sql_types::Timestamptz, _>(now)
            .bind::<diesel::sql_types::Timestamptz, _>(matured_before)
            .bind::<diesel::sql_types::BigInt, _>(limit.max(0))
            .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|r| ReferredMember { joined_at: r.joined_at, paying: r.paying, earned_cents: r.earned_cents, pending_cents: r.pending_cents })
                .collect())
        })
    }
}

#[derive(QueryableByName)]
struct ReferredMemberRow {
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    joined_at: Timestamp,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    paying: bool,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    earned_cents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pending_cents: i64,
}

impl Invitations for PgReferralStore<'_> {
    fn email_of(&self, member: UserId) -> PortResult<Option<String>> {
        self.run(|conn| users::table.filter(users::id.eq(member.0).and(users::deleted_at.is_null())).select(users::email).first(conn).optional())
    }

    fn is_member(&self, email: &str) -> PortResult<bool> {
        self.run(|conn| diesel::select(diesel::dsl::exists(users::table.filter(users::email.eq(email).and(users::deleted_at.is_null())))).get_result(conn))
    }

    fn record_and_count(&self, key: &str, at: Timestamp, since: Timestamp) -> PortResult<u32> {
        self.run(|conn| crate::shared::throttle::record_and_count(conn, key, at, since))
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
struct CommissionRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    earned_cents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pending_cents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    paid_out_cents: i64,
}

/// A member's commission figures for `a.user_id`: earned (credits net of reversals and
/// reinstatements), pending (credits after the parameter `matured_before` that nothing reversed)
/// and paid out.
fn commission_columns(matured_before: &str) -> String {
    format!(
        "COALESCE((SELECT SUM(l.amount_cents) FROM referral_ledger l WHERE l.beneficiary_id = a.user_id AND l.kind IN ('credit', 'reversal', 'reinstatement')), 0)::BIGINT AS earned_cents,
         COALESCE((SELECT SUM(l.amount_cents) FROM referral_ledger l WHERE l.beneficiary_id = a.user_id AND l.kind = 'credit' AND l.created_at > {matured_before}
                     AND NOT EXISTS (SELECT 1 FROM referral_ledger x WHERE x.charge_id = l.charge_id AND x.kind = 'reversal')), 0)::BIGINT AS pending_cents,
         COALESCE((SELECT -SUM(l.amount_cents) FROM referral_ledger l WHERE l.beneficiary_id = a.user_id AND l.kind = 'payout'), 0)::BIGINT AS paid_out_cents"
    )
}

#[derive(QueryableByName)]
struct UnsettledRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    charge_id: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    paid_cents: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    plan_kind: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    payer: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Text)]
    payer_email: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    payer_card: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    link_owner: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    link_affiliate: bool,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
    referrer: Option<i64>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    referrer_affiliate: bool,
}

#[derive(QueryableByName)]
struct IdentityRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    email: String,
    #[diesel(sql_type = diesel::sql_types::Array<diesel::sql_types::Text>)]
    cards: Vec<String>,
}

/// The payments' facts with their promoters' addresses and cards. Read apart from the payments,
/// and only when there are payments: the ledger job runs every few seconds and must not touch
/// the members' table for nothing.
fn with_identities(conn: &mut PgConnection, rows: Vec<UnsettledRow>) -> QueryResult<Vec<PaymentFacts>> {
    let ids: Vec<i64> = rows.iter().flat_map(|r| [r.link_owner, r.referrer]).flatten().collect();
    let identities: Vec<IdentityRow> = if ids.is_empty() {
        Vec::new()
    } else {
        diesel::sql_query(
            "SELECT u.id, lower(u.email) AS email,
                    ARRAY(SELECT DISTINCT x.card_fingerprint FROM charges x WHERE x.user_id = u.id AND x.card_fingerprint IS NOT NULL) AS cards
             FROM users u WHERE u.id = ANY($1)",
        )
        .bind::<diesel::sql_types::Array<diesel::sql_types::BigInt>, _>(ids)
        .load(conn)?
    };
    let promoter = |id: Option<i64>, affiliate: bool| {
        id.map(|id| {
            let found = identities.iter().find(|i| i.id == id);
            Promoter {
                member: UserId(id),
                affiliate,
                email: found.map(|i| i.email.clone()).unwrap_or_default(),
                cards: found.map(|i| i.cards.clone()).unwrap_or_default(),
            }
        })
    };
    Ok(rows
        .into_iter()
        .map(|row| PaymentFacts {
            link_owner: promoter(row.link_owner, row.link_affiliate),
            referrer: promoter(row.referrer, row.referrer_affiliate),
            charge_id: row.charge_id,
            paid_cents: row.paid_cents,
            plan_kind: row.plan_kind,
            payer: row.payer.map(UserId),
            payer_email: Some(row.payer_email).filter(|e| !e.is_empty()),
            payer_card: row.payer_card,
        })
        .collect())
}

#[derive(QueryableByName)]
struct PendingCreditRow {
    #[diesel(embed)]
    facts: UnsettledRow,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    credit_beneficiary: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    credit_cents: i64,
}

#[derive(QueryableByName)]
struct RefundRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    charge_id: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    beneficiary: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    paid_cents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    credited_cents: i64,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    chargeback: bool,
}

fn append_entry(conn: &mut PgConnection, entry: &LedgerEntry, at: Timestamp) -> QueryResult<bool> {
    let added = diesel::sql_query(
        "INSERT INTO referral_ledger (beneficiary_id, kind, charge_id, amount_cents, created_at, note) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (charge_id, kind) WHERE charge_id IS NOT NULL DO NOTHING",
    )
    .bind::<diesel::sql_types::BigInt, _>(entry.beneficiary.0)
    .bind::<diesel::sql_types::Text, _>(entry.kind.as_str())
    .bind::<diesel::sql_types::Text, _>(&entry.charge_id)
    .bind::<diesel::sql_types::BigInt, _>(entry.amount_cents)
    .bind::<diesel::sql_types::Timestamptz, _>(at)
    .bind::<diesel::sql_types::Nullable<diesel::sql_types::Text>, _>(entry.reason.map(Reason::as_str))
    .execute(conn)?;
    Ok(added == 1)
}

/// Money received, one row per payment: purchases whose plan takes the money at checkout (no trial
/// first), and subscriptions' later payments (renewals, the first payment after a trial). The
/// ledger names a payment by `payment_id`.
const PAYMENTS: &str = "SELECT c.id AS payment_id, c.id AS charge_id, c.amount_cents, c.status, c.created_at AS paid_at
     FROM charges c JOIN plans p ON p.id = c.plan_id
     WHERE c.status IN ('paid', 'refunded', 'disputed') AND p.trial_days = 0
     UNION ALL
     SELECT sp.id, sp.charge_id, sp.amount_cents, sp.status, sp.paid_at FROM subscription_payments sp";

/// What the ledger needs of each payment (`pay`, from `PAYMENTS`): its plan, who paid (the
/// account, the checkout's address and card), and who may earn from it (`with_identities` adds
/// their addresses and cards: nobody earns from their own payment).
fn payment_facts() -> String {
    format!(
        "SELECT pay.payment_id AS charge_id, pay.amount_cents AS paid_cents, p.kind AS plan_kind, c.user_id AS payer,
                lower(c.email) AS payer_email, c.card_fingerprint AS payer_card,
                lo.user_id AS link_owner, COALESCE(la.status = 'approved', FALSE) AS link_affiliate,
                r.referrer_id AS referrer, COALESCE(ra.status = 'approved', FALSE) AS referrer_affiliate
         FROM ({PAYMENTS}) pay
         JOIN charges c ON c.id = pay.charge_id
         JOIN plans p ON p.id = c.plan_id
         LEFT JOIN referrals r ON r.member_id = c.user_id
         LEFT JOIN referral_ids lo ON lo.referral_id = c.referral_id
         LEFT JOIN affiliates la ON la.user_id = lo.user_id
         LEFT JOIN affiliates ra ON ra.user_id = r.referrer_id"
    )
}

impl CommissionLedger for PgReferralStore<'_> {
    fn unsettled_payments(&self, limit: i64) -> PortResult<Vec<PaymentFacts>> {
        self.run(|conn| {
            // Paid or later refunded: a refund after the job missed the payment still gets its
            // credit and then its reversal, so the ledger tells the whole story.
            let rows: Vec<UnsettledRow> = diesel::sql_query(format!(
                "{}
                 WHERE pay.amount_cents > 0
                   AND (r.referrer_id IS NOT NULL OR lo.user_id IS NOT NULL)
                   AND NOT EXISTS (SELECT 1 FROM referral_settled_payments s WHERE s.charge_id = pay.payment_id)
                 ORDER BY pay.paid_at, pay.payment_id
                 LIMIT $1",
                payment_facts()
            ))
            .bind::<diesel::sql_types::BigInt, _>(limit)
            .load(conn)?;
            with_identities(conn, rows)
        })
    }

    fn pending_credits(&self, matured_before: Timestamp, limit: i64) -> PortResult<Vec<(PaymentFacts, LedgerEntry)>> {
        self.run(|conn| {
            let rows: Vec<PendingCreditRow> = diesel::sql_query(format!(
                "SELECT f.*, l.beneficiary_id AS credit_beneficiary, l.amount_cents AS credit_cents
                 FROM ({}) f
                 JOIN referral_ledger l ON l.charge_id = f.charge_id AND l.kind = 'credit'
                 WHERE l.created_at > $1
                   AND NOT EXISTS (SELECT 1 FROM referral_ledger x WHERE x.charge_id = l.charge_id AND x.kind = 'reversal')
                 ORDER BY l.created_at, l.id
                 LIMIT $2",
                payment_facts()
            ))
            .bind::<diesel::sql_types::Timestamptz, _>(matured_before)
            .bind::<diesel::sql_types::BigInt, _>(limit)
            .load(conn)?;
            let credits: Vec<LedgerEntry> = rows
                .iter()
                .map(|row| LedgerEntry {
                    beneficiary: UserId(row.credit_beneficiary),
                    kind: EntryKind::Credit,
                    charge_id: row.facts.charge_id.clone(),
                    amount_cents: row.credit_cents,
                    reason: None,
                })
                .collect();
            let facts = with_identities(conn, rows.into_iter().map(|row| row.facts).collect())?;
            Ok(facts.into_iter().zip(credits).collect())
        })
    }

    fn reinstatable(&self, limit: i64) -> PortResult<Vec<LedgerEntry>> {
        self.run(|conn| {
            let rows: Vec<(i64, Option<String>, i64)> = referral_ledger::table
                .filter(referral_ledger::kind.eq(EntryKind::Reversal.as_str()))
                .filter(referral_ledger::note.eq(Reason::Chargeback.as_str()))
                .filter(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
                    "EXISTS (SELECT 1 FROM ({PAYMENTS}) pay WHERE pay.payment_id = referral_ledger.charge_id AND pay.status = 'paid')
                     AND NOT EXISTS (SELECT 1 FROM referral_ledger x WHERE x.charge_id = referral_ledger.charge_id AND x.kind = 'reinstatement')"
                )))
                .order(referral_ledger::id)
                .limit(limit)
                .select((referral_ledger::beneficiary_id, referral_ledger::charge_id, referral_ledger::amount_cents))
                .load(conn)?;
            Ok(rows
                .into_iter()
                .filter_map(|(beneficiary, charge_id, amount_cents)| {
                    Some(LedgerEntry {
                        beneficiary: UserId(beneficiary),
                        kind: EntryKind::Reversal,
                        charge_id: charge_id?,
                        amount_cents,
                        reason: Some(Reason::Chargeback),
                    })
                })
                .collect())
        })
    }

    fn settle(&self, charge_id: &str, credit: Option<&LedgerEntry>, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let added = match credit {
                    Some(entry) => append_entry(conn, entry, at)?,
                    None => false,
                };
                diesel::insert_into(referral_settled_payments::table)
                    .values((referral_settled_payments::charge_id.eq(charge_id), referral_settled_payments::settled_at.eq(at)))
                    .on_conflict_do_nothing()
                    .execute(conn)?;
                Ok(added)
            })
        })
    }

    fn unreversed_refunds(&self, limit: i64) -> PortResult<Vec<UnreversedRefund>> {
        self.run(|conn| {
            let rows: Vec<RefundRow> = diesel::sql_query(format!(
                "SELECT pay.payment_id AS charge_id, l.beneficiary_id AS beneficiary, pay.amount_cents AS paid_cents, l.amount_cents AS credited_cents,
                        pay.status = 'disputed' AS chargeback
                 FROM ({PAYMENTS}) pay
                 JOIN referral_ledger l ON l.charge_id = pay.payment_id AND l.kind = 'credit'
                 WHERE pay.status IN ('refunded', 'disputed')
                   AND NOT EXISTS (SELECT 1 FROM referral_ledger x WHERE x.charge_id = pay.payment_id AND x.kind = 'reversal')
                 ORDER BY pay.paid_at, pay.payment_id
                 LIMIT $1"
            ))
            .bind::<diesel::sql_types::BigInt, _>(limit)
            .load(conn)?;
            Ok(rows
                .into_iter()
                .map(|r| UnreversedRefund {
                    charge_id: r.charge_id,
                    beneficiary: UserId(r.beneficiary),
                    credited_cents: r.credited_cents,
                    paid_cents: r.paid_cents,
                    chargeback: r.chargeback,
                })
                .collect())
        })
    }

    fn append(&self, entry: &LedgerEntry, at: Timestamp) -> PortResult<bool> {
        self.run(|conn| append_entry(conn, entry, at))
    }
}

#[derive(QueryableByName)]
struct AffiliateRow {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    user_id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    account_email: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    email: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    audience: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    status: String,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    applied_at: Timestamp,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
    decided_at: Option<Timestamp>,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    referred: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    earned_cents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pending_cents: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    paid_out_cents: i64,
}

impl AffiliateRow {
    fn into_record(self) -> Option<AffiliateRecord> {
        Some(AffiliateRecord {
            member: UserId(self.user_id),
            account_email: self.account_email,
            name: self.name,
            email: self.email,
            audience: self.audience,
            status: AffiliateStatus::parse(&self.status)?,
            applied_at: self.applied_at,
            decided_at: self.decided_at,
            referred: self.referred,
            earned_cents: self.earned_cents,
            pending_cents: self.pending_cents,
            paid_out_cents: self.paid_out_cents,
        })
    }
}

/// Affiliates with their figures (pending: credited after the parameter `matured_before`).
fn affiliates_sql(matured_before: &str) -> String {
    format!(
        "SELECT a.user_id, u.email AS account_email, a.name, a.email, a.audience, a.status, a.applied_at, a.decided_at,
            (SELECT COUNT(*) FROM referrals r JOIN users m ON m.id = r.member_id AND m.deleted_at IS NULL WHERE r.referrer_id = a.user_id) AS referred,
            {}
         FROM affiliates a JOIN users u ON u.id = a.user_id AND u.deleted_at IS NULL",
        commission_columns(matured_before)
    )
}
const AFFILIATE_ORDER: &str = "ORDER BY (a.status = 'pending') DESC, a.applied_at DESC, a.user_id DESC";

fn load_affiliates(conn: &mut PgConnection, filter: AffiliateFilter, page: Option<(i64, i64)>, matured_before: Timestamp) -> QueryResult<Vec<AffiliateRecord>> {
    let status = match filter {
        AffiliateFilter::All => None,
        AffiliateFilter::Only(status) => Some(status.as_str()),
    };
    let (start, limit) = page.unwrap_or((0, i64::MAX));
    let rows: Vec<AffiliateRow> =
        diesel::sql_query(format!("{} WHERE ($1::TEXT IS NULL OR a.status = $1) {AFFILIATE_ORDER} OFFSET $2 LIMIT $3", affiliates_sql("$4")))
            .bind::<diesel::sql_types::Nullable<diesel::sql_types::Text>, _>(status)
            .bind::<diesel::sql_types::BigInt, _>(start)
            .bind::<diesel::sql_types::BigInt, _>(limit)
            .bind::<diesel::sql_types::Timestamptz, _>(matured_before)
            .load(conn)?;
    Ok(rows.into_iter().filter_map(AffiliateRow::into_record).collect())
}

fn one_affiliate(conn: &mut PgConnection, member: UserId, lock: bool, matured_before: Timestamp) -> QueryResult<Option<AffiliateRecord>> {
    if lock {
        affiliates::table.find(member.0).select(affiliates::user_id).for_update().first::<i64>(conn).optional()?;
    }
    let row: Option<AffiliateRow> = diesel::sql_query(format!("{} WHERE a.user_id = $1", affiliates_sql("$2")))
        .bind::<diesel::sql_types::BigInt, _>(member.0)
        .bind::<diesel::sql_types::Timestamptz, _>(matured_before)
        .get_result(conn)
        .optional()?;
    Ok(row.and_then(AffiliateRow::into_record))
}

impl Affiliates for PgReferralStore<'_> {
    fn affiliate(&self, member: UserId, matured_before: Timestamp) -> PortResult<Option<AffiliateRecord>> {
        self.run(|conn| one_affiliate(conn, member, false, matured_before))
    }

    fn lock_affiliate(&self, member: UserId, matured_before: Timestamp) -> PortResult<Option<AffiliateRecord>> {
        self.run(|conn| one_affiliate(conn, member, true, matured_before))
    }

    fn save_application(&self, member: UserId, application: &Application, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            let values = (
                affiliates::name.eq(&application.name),
                affiliates::email.eq(application.email.as_str()),
                affiliates::audience.eq(&application.audience),
                affiliates::status.eq(AffiliateStatus::Pending.as_str()),
                affiliates::applied_at.eq(at),
                affiliates::decided_at.eq(None::<Timestamp>),
                affiliates::decided_by.eq(None::<i64>),
            );
            diesel::insert_into(affiliates::table)
                .values((affiliates::user_id.eq(member.0), values))
                .on_conflict(affiliates::user_id)
                .do_update()
                .set(values)
                .execute(conn)
                .map(drop)
        })
    }

    fn set_affiliate_status(&self, member: UserId, status: AffiliateStatus, by: UserId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let before: Option<String> = affiliates::table.find(member.0).select(affiliates::status).for_update().first(conn).optional()?;
                diesel::update(affiliates::table.find(member.0))
                    .set((affiliates::status.eq(status.as_str()), affiliates::decided_at.eq(at), affiliates::decided_by.eq(by.0)))
                    .execute(conn)?;
                crate::shared::audit::append_audit(
                    conn,
                    &operator_entry(
                        by,
                        AuditAction::AffiliateDecided,
                        member.0.to_string(),
                        serde_json::json!({ "status": before }),
                        serde_json::json!({ "status": status.as_str() }),
                        at,
                    ),
                )
            })
        })
    }

    fn affiliates_page(&self, filter: AffiliateFilter, start: i64, limit: i64, matured_before: Timestamp) -> PortResult<AffiliatePage> {
        self.run(|conn| {
            let affiliates = load_affiliates(conn, filter, Some((start, limit)), matured_before)?;
            let live = affiliates::table.inner_join(users::table).filter(users::deleted_at.is_null());
            let total = match filter {
                AffiliateFilter::All => live.count().get_result(conn)?,
                AffiliateFilter::Only(status) => live.filter(affiliates::status.eq(status.as_str())).count().get_result(conn)?,
            };
            let pending = live.filter(affiliates::status.eq(AffiliateStatus::Pending.as_str())).count().get_result(conn)?;
            Ok(AffiliatePage { affiliates, total, pending })
        })
    }

    fn all_affiliates(&self, matured_before: Timestamp) -> PortResult<Vec<AffiliateRecord>> {
        self.run(|conn| load_affiliates(conn, AffiliateFilter::All, None, matured_before))
    }

    fn append_payout(&self, member: UserId, amount_cents: i64, note: &str, by: UserId, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            conn.transaction(|conn| {
                diesel::insert_into(referral_ledger::table)
                    .values(NewPayoutRow { beneficiary_id: member.0, kind: "payout", amount_cents: -amount_cents, note, recorded_by: by.0, created_at: at })
                    .execute(conn)?;
                let after = serde_json::json!({ "amountCents": amount_cents, "note": note });
                crate::shared::audit::append_audit(
                    conn,
                    &operator_entry(by, AuditAction::AffiliatePaidOut, member.0.to_string(), serde_json::Value::Null, after, at),
                )
            })
        })
    }

    fn note_export(&self, by: UserId, file: &str, at: Timestamp) -> PortResult<()> {
        let entry = operator_entry(by, AuditAction::ExportDownloaded, file.to_owned(), serde_json::Value::Null, serde_json::Value::Null, at);
        self.run(|conn| crate::shared::audit::append_audit(conn, &entry))
    }

    fn atomically(&self, work: &mut dyn FnMut() -> Result<(), ReferralError>) -> Result<(), ReferralError> {
        crate::shared::gate::Gate::atomically(self.gate(), work)
    }
}

/// An erased account's affiliate application (name, payout address, audience) goes; its ledger
/// entries stay for the accounts, under the anonymised account.
pub(crate) fn erase_affiliate(conn: &mut PgConnection, member: UserId) -> QueryResult<usize> {
    diesel::delete(affiliates::table.find(member.0)).execute(conn)
}

/// An operator's action on the referral programme, as the audit log keeps it.
fn operator_entry(by: UserId, action: AuditAction, entity_id: String, before: serde_json::Value, after: serde_json::Value, at: Timestamp) -> AuditEntry {
    AuditEntry { actor: by, action, entity_id, before, after, reason: None, at }
}

/// A payout to an affiliate in the ledger: a negative amount, with the operator who recorded it.
#[derive(Insertable)]
#[diesel(table_name = referral_ledger)]
struct NewPayoutRow<'a> {
    beneficiary_id: i64,
    kind: &'a str,
    amount_cents: i64,
    note: &'a str,
    recorded_by: i64,
    created_at: Timestamp,
}
