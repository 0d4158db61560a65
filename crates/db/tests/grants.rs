//! Grants of Premium in PostgreSQL: the migration that turned the members' plan fields into grants
//! loses nobody's access, and the SQL mirror of the derivation (`derived_member_plan`) agrees with
//! billing's rule on many random sets of grants.

use billing::access::{AccessGrant, GrantSource, MemberPlan, NewGrant, Revocation};
use chrono::{DateTime, Duration, TimeZone, Utc};
use db::testing::{scalar, TestDatabase};
use diesel::connection::SimpleConnection;
use diesel::migration::Migration;
use diesel::prelude::*;
use diesel_migrations::MigrationHarness;
use kernel::UserId;

fn now() -> DateTime<Utc> {
    Utc::now()
}

fn run(conn: &mut PgConnection, sql: &str) {
    conn.batch_execute(sql).unwrap_or_else(|error| panic!("{sql}: {error}"));
}

/// The plan fields on `users` of the member with this e-mail.
fn fields(conn: &mut PgConnection, email: &str) -> (Option<String>, Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    use db::schema::users;
    users::table.filter(users::email.eq(email)).select((users::plan_id, users::paid_date, users::end_paid_date)).first(conn).unwrap()
}

fn user_id(conn: &mut PgConnection, email: &str) -> UserId {
    UserId(scalar(conn, &format!("SELECT id AS n FROM users WHERE email = '{email}'")))
}

fn gives_access(fields: &(Option<String>, Option<DateTime<Utc>>, Option<DateTime<Utc>>), at: DateTime<Utc>) -> bool {
    fields.1.is_some() && fields.2.is_none_or(|end| end > at)
}

#[test]
fn the_grants_migration_keeps_every_members_access_and_gives_back_a_lifetime_a_trial_overwrote() {
    let database = TestDatabase::empty();
    let mut conn = database.connect();
    // Every migration before the grants'.
    loop {
        let pending = conn.pending_migrations(db::MIGRATIONS).unwrap();
        if pending.first().is_none_or(|m| m.name().to_string().contains("access_grants")) {
            break;
        }
        conn.run_next_migration(db::MIGRATIONS).unwrap();
    }
    let (past, soon, later) = ("now() - interval '40 days'", "now() + interval '3 days'", "now() + interval '300 days'");
    // Members in every state the old fields could hold.
    run(
        &mut conn,
        &format!(
            "INSERT INTO users (email, password_hash) VALUES ('never@x.test', 'h');
             INSERT INTO users (email, password_hash, plan_id, paid_date, end_paid_date) VALUES
               ('trial@x.test', 'h', 'monthly', now(), {soon}),
               ('life@x.test', 'h', 'lifetime', {past}, NULL),
               ('overwritten@x.test', 'h', 'monthly', now(), {soon}),
               ('gift@x.test', 'h', 'gift', {past}, {later}),
               ('byhand@x.test', 'h', 'yearly', {past}, {later}),
               ('lapsed@x.test', 'h', 'monthly', now() - interval '90 days', {past}),
               ('refunded@x.test', 'h', 'lifetime', {past}, now() - interval '1 day');
             INSERT INTO charges (id, user_id, email, plan_id, quantity, amount_cents, provider, reference, status, created_at) VALUES
               ('ch_trial', (SELECT id FROM users WHERE email = 'trial@x.test'), 'trial@x.test', 'monthly', 1, 999, 'stripe', 'sub_1', 'paid', now()),
               ('ch_life', (SELECT id FROM users WHERE email = 'life@x.test'), 'life@x.test', 'lifetime', 1, 14999, 'stripe', 'pi_1', 'paid', {past}),
               ('ch_old_life', (SELECT id FROM users WHERE email = 'overwritten@x.test'), 'overwritten@x.test', 'lifetime', 1, 14999, 'stripe', 'pi_2', 'paid', {past}),
               ('ch_new_trial', (SELECT id FROM users WHERE email = 'overwritten@x.test'), 'overwritten@x.test', 'monthly', 1, 999, 'stripe', 'sub_2', 'paid', now()),
               ('ch_refunded', (SELECT id FROM users WHERE email = 'refunded@x.test'), 'refunded@x.test', 'lifetime', 1, 14999, 'stripe', 'pi_3', 'refunded', {past});
             INSERT INTO subscriptions (charge_id, status, current_period_end, as_of) VALUES
               ('ch_trial', 'trialing', {soon}, now()),
               ('ch_new_trial', 'trialing', {soon}, now());"
        ),
    );
    let emails = ["never@x.test", "trial@x.test", "life@x.test", "overwritten@x.test", "gift@x.test", "byhand@x.test", "lapsed@x.test", "refunded@x.test"];
    let before: Vec<_> = emails.iter().map(|e| fields(&mut conn, e)).collect();
    conn.run_pending_migrations(db::MIGRATIONS).unwrap();
    let at = now();
    for (email, was) in emails.iter().zip(&before) {
        let is = fields(&mut conn, email);
        if gives_access(was, at) {
            assert!(gives_access(&is, at), "{email} lost access: {was:?} -> {is:?}");
            assert!(is.2.is_none() || was.2.is_some_and(|old| is.2.unwrap() >= old), "{email}'s access was shortened: {was:?} -> {is:?}");
        }
        // The fields are what billing's rule derives from the grants.
        let user = user_id(&mut conn, email);
        let grants = db::billing::grants::grants_of(&mut conn, user).unwrap();
        let derived = MemberPlan::from_grants(&grants, at);
        assert_eq!(derived.as_ref().map(|p| (p.plan_id.clone(), p.end_paid_date)), is.0.clone().map(|plan| (plan, is.2)), "{email}");
    }
    assert_eq!(fields(&mut conn, "never@x.test"), (None, None, None));
    let overwritten = fields(&mut conn, "overwritten@x.test");
    assert_eq!((overwritten.0.as_deref(), overwritten.2), (Some("lifetime"), None), "the lifetime a later trial overwrote is back");
    assert!(!gives_access(&fields(&mut conn, "refunded@x.test"), at), "a refunded purchase gives nothing back");
    assert!(!gives_access(&fields(&mut conn, "lapsed@x.test"), at));
    // Each paying subscription and lifetime purchase has its own grant; trials are remembered.
    assert_eq!(scalar(&mut conn, "SELECT count(*) AS n FROM access_grants WHERE source = 'purchase'"), 4);
    assert_eq!(scalar(&mut conn, "SELECT count(*) AS n FROM trials"), 2);
    // And back down, and up again.
    conn.revert_last_migration(db::MIGRATIONS).unwrap();
    conn.run_pending_migrations(db::MIGRATIONS).unwrap();
}

/// A small deterministic generator: the same sets of grants every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

#[test]
fn the_sql_mirror_of_the_plan_rule_agrees_with_billing_on_random_grants() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let at = Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap();
    let plans = ["monthly", "yearly", "lifetime", "gift"];
    let mut random = Lcg(42);
    for member in 0..200 {
        let email = format!("m{member}@x.test");
        let id = UserId(scalar(&mut conn, &format!("INSERT INTO users (email, password_hash) VALUES ('{email}', 'h') RETURNING id AS n")));
        for _ in 0..random.next(5) {
            // Starts and ends around `at`, with ties on purpose (whole days), some for life, some
            // revoked, some not started yet.
            let starts = at + Duration::days(random.next(20) as i64 - 15);
            let ends = match random.next(4) {
                0 => None,
                _ => Some(starts + Duration::days(random.next(30) as i64)),
            };
            let grant = NewGrant { user: id, plan_id: plans[random.next(4) as usize].into(), source: GrantSource::Operator, starts_at: starts, ends_at: ends };
            let grant_id = db::billing::grants::insert_grant(&mut conn, &grant, at).unwrap();
            if random.next(4) == 0 {
                let revoked = at + Duration::days(random.next(10) as i64 - 5);
                run(&mut conn, &format!("UPDATE access_grants SET revoked_at = '{}', revoked_reason = 'refund' WHERE id = {grant_id}", revoked.to_rfc3339()));
            }
        }
        let grants: Vec<AccessGrant> = db::billing::grants::grants_of(&mut conn, id).unwrap();
        assert!(grants.iter().all(|g| g.revoked.is_none_or(|(_, why)| why == Revocation::Refund)));
        let in_rust = MemberPlan::from_grants(&grants, at);
        let in_sql = db::billing::grants::derived_in_sql(&mut conn, id, at).unwrap();
        assert_eq!(in_sql, in_rust, "member {member}: {grants:#?}");
    }
}
