//! billing's `GrantBook`: grants of Premium (`access_grants`) and the member's plan fields on
//! `users`, which billing derives from them.

use super::PgBillingStore;
use crate::schema::{access_grants, subscription_codes, users};
use billing::access::{AccessGrant, GrantSource, MemberPlan, NewGrant, Revocation};
use billing::ports::{GrantBook, OperatorGrants};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{PortResult, Timestamp, UserId};

#[derive(Queryable, Selectable)]
#[diesel(table_name = access_grants, check_for_backend(diesel::pg::Pg))]
struct GrantRow {
    id: i64,
    user_id: i64,
    plan_id: String,
    source: String,
    charge_id: Option<String>,
    code_id: Option<i64>,
    starts_at: DateTime<Utc>,
    ends_at: Option<DateTime<Utc>>,
    revoked_at: Option<DateTime<Utc>>,
    revoked_reason: Option<String>,
}

impl GrantRow {
    /// The row as a grant; a row the constraints should have refused is skipped.
    fn into_grant(self) -> Option<AccessGrant> {
        let source = match self.source.as_str() {
            "purchase" => GrantSource::Purchase { charge_id: self.charge_id? },
            "code" => GrantSource::Code { code_id: self.code_id? },
            "operator" => GrantSource::Operator,
            "legacy" => GrantSource::Legacy,
            _ => return None,
        };
        let revoked = match (self.revoked_at, self.revoked_reason) {
            (Some(at), Some(why)) => Some((at, Revocation::parse(&why)?)),
            _ => None,
        };
        Some(AccessGrant { id: self.id, user: UserId(self.user_id), plan_id: self.plan_id, source, starts_at: self.starts_at, ends_at: self.ends_at, revoked })
    }
}

fn grants(rows: Vec<GrantRow>) -> Vec<AccessGrant> {
    rows.into_iter().filter_map(GrantRow::into_grant).collect()
}

/// Every grant of the member, oldest first.
pub fn grants_of(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<AccessGrant>> {
    let rows = access_grants::table.filter(access_grants::user_id.eq(user.0)).order(access_grants::id).select(GrantRow::as_select()).load(conn)?;
    Ok(grants(rows))
}

/// Adds a grant in the caller's transaction; its id.
pub fn insert_grant(conn: &mut PgConnection, grant: &NewGrant, at: Timestamp) -> QueryResult<i64> {
    let (charge_id, code_id) = match &grant.source {
        GrantSource::Purchase { charge_id } => (Some(charge_id.as_str()), None),
        GrantSource::Code { code_id } => (None, Some(*code_id)),
        GrantSource::Operator | GrantSource::Legacy => (None, None),
    };
    let row = NewGrantRow {
        user_id: grant.user.0,
        plan_id: &grant.plan_id,
        source: grant.source.kind(),
        charge_id,
        code_id,
        starts_at: grant.starts_at,
        ends_at: grant.ends_at,
        created_at: at,
    };
    diesel::insert_into(access_grants::table).values(row).returning(access_grants::id).get_result(conn)
}

#[derive(Insertable)]
#[diesel(table_name = access_grants)]
struct NewGrantRow<'a> {
    user_id: i64,
    plan_id: &'a str,
    source: &'a str,
    charge_id: Option<&'a str>,
    code_id: Option<i64>,
    starts_at: DateTime<Utc>,
    ends_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
}

/// Revokes the operator's grants of the member (and the legacy one) and adds `grant`, in the
/// caller's transaction (an operator's plan edit).
pub(crate) fn replace_operator_grants(conn: &mut PgConnection, user: UserId, grant: Option<&NewGrant>, at: Timestamp) -> QueryResult<()> {
    users::table.find(user.0).select(users::id).for_update().first::<i64>(conn)?;
    diesel::update(
        access_grants::table
            .filter(access_grants::user_id.eq(user.0))
            .filter(access_grants::source.eq_any([GrantSource::Operator.kind(), GrantSource::Legacy.kind()]))
            .filter(access_grants::revoked_at.is_null()),
    )
    .set((access_grants::revoked_at.eq(at), access_grants::revoked_reason.eq(Revocation::Operator.as_str())))
    .execute(conn)?;
    if let Some(grant) = grant {
        insert_grant(conn, grant, at)?;
    }
    Ok(())
}

/// Stores the member's plan fields as billing derived them.
pub fn save_member_plan(conn: &mut PgConnection, user: UserId, plan: Option<&MemberPlan>) -> QueryResult<()> {
    diesel::update(users::table.find(user.0))
        .set((
            users::plan_id.eq(plan.map(|p| p.plan_id.as_str())),
            users::paid_date.eq(plan.map(|p| p.paid_date)),
            users::end_paid_date.eq(plan.and_then(|p| p.end_paid_date)),
        ))
        .execute(conn)
        .map(drop)
}

/// The plan fields the SQL mirror of the rule derives (`derived_member_plan`), for the reconcile
/// check and the test that holds the mirror to billing's rule.
pub fn derived_in_sql(conn: &mut PgConnection, user: UserId, at: Timestamp) -> QueryResult<Option<MemberPlan>> {
    #[derive(QueryableByName)]
    struct Derived {
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
        plan_id: Option<String>,
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
        paid_date: Option<DateTime<Utc>>,
        #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>)]
        end_paid_date: Option<DateTime<Utc>>,
    }
    let row: Option<Derived> = diesel::sql_query("SELECT plan_id, paid_date, end_paid_date FROM derived_member_plan($1, $2)")
        .bind::<diesel::sql_types::BigInt, _>(user.0)
        .bind::<diesel::sql_types::Timestamptz, _>(at)
        .get_result(conn)
        .optional()?;
    Ok(row.and_then(|d| Some(MemberPlan { plan_id: d.plan_id?, paid_date: d.paid_date?, end_paid_date: d.end_paid_date })))
}

impl OperatorGrants for PgBillingStore<'_> {
    fn grants_of(&self, user: UserId) -> PortResult<Vec<AccessGrant>> {
        self.run(|conn| grants_of(conn, user))
    }

    fn replace_operator_grants(&self, user: UserId, grant: Option<&NewGrant>, at: Timestamp) -> PortResult<()> {
        self.run(|conn| replace_operator_grants(conn, user, grant, at))
    }
}

impl GrantBook for PgBillingStore<'_> {
    fn lock_grants_of(&self, user: UserId) -> PortResult<Vec<AccessGrant>> {
        self.run(|conn| {
            // The member's row is the lock: every change to their grants takes it first.
            users::table.find(user.0).select(users::id).for_update().first::<i64>(conn).optional()?;
            grants_of(conn, user)
        })
    }

    fn add_grant(&self, grant: &NewGrant, at: Timestamp) -> PortResult<i64> {
        self.run(|conn| insert_grant(conn, grant, at))
    }

    fn set_grant_end(&self, id: i64, ends_at: Option<Timestamp>) -> PortResult<()> {
        self.run(|conn| diesel::update(access_grants::table.find(id)).set(access_grants::ends_at.eq(ends_at)).execute(conn).map(drop))
    }

    fn revoke_grant(&self, id: i64, at: Timestamp, why: Revocation) -> PortResult<()> {
        self.run(|conn| {
            diesel::update(access_grants::table.find(id))
                .set((access_grants::revoked_at.eq(at), access_grants::revoked_reason.eq(why.as_str())))
                .execute(conn)
                .map(drop)
        })
    }

    fn restore_grant(&self, id: i64) -> PortResult<()> {
        self.run(|conn| {
            diesel::update(access_grants::table.find(id))
                .set((access_grants::revoked_at.eq(None::<DateTime<Utc>>), access_grants::revoked_reason.eq(None::<String>)))
                .execute(conn)
                .map(drop)
        })
    }

    fn grants_of_charge(&self, charge_id: &str) -> PortResult<Vec<AccessGrant>> {
        self.run(|conn| {
            let codes = subscription_codes::table.filter(subscription_codes::charge_id.eq(charge_id)).select(subscription_codes::id);
            let rows = access_grants::table
                .filter(access_grants::charge_id.eq(charge_id).or(access_grants::code_id.eq_any(codes.nullable())))
                .order(access_grants::id)
                .select(GrantRow::as_select())
                .load(conn)?;
            Ok(grants(rows))
        })
    }

    fn save_member_plan(&self, user: UserId, plan: Option<&MemberPlan>) -> PortResult<()> {
        self.run(|conn| save_member_plan(conn, user, plan))
    }
}
