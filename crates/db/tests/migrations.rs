//! Every migration runs up, down and up again, and the Diesel schema reads every table.

use db::schema::*;
use db::testing::TestDatabase;
use diesel::prelude::*;

type Ts = chrono::DateTime<chrono::Utc>;

fn schema_matches_every_table(conn: &mut PgConnection) {
    // Selecting every column through `schema.rs` fails if a column's name or type drifted.
    users::table
        .select(users::all_columns)
        .load::<(
            i64,
            String,
            String,
            String,
            String,
            String,
            String,
            Option<String>,
            Option<String>,
            Option<chrono::DateTime<chrono::Utc>>,
            Option<chrono::DateTime<chrono::Utc>>,
            Vec<i64>,
            Option<String>,
            chrono::DateTime<chrono::Utc>,
            Option<chrono::DateTime<chrono::Utc>>,
            Option<chrono::DateTime<chrono::Utc>>,
            Option<String>,
        )>(conn)
        .unwrap();
    email_verifications::table.select(email_verifications::all_columns).load::<(i64, i64, String, String, Ts, Ts, Option<Ts>)>(conn).unwrap();
    refresh_tokens::table.select(refresh_tokens::id).load::<i64>(conn).unwrap();
    password_reset_codes::table
        .select(password_reset_codes::all_columns)
        .load::<(i64, i64, String, chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>, Option<chrono::DateTime<chrono::Utc>>)>(conn)
        .unwrap();
    subscription_codes::table
        .select(subscription_codes::all_columns)
        .load::<(
            i64,
            String,
            String,
            Option<i32>,
            Ts,
            Option<i64>,
            Option<Ts>,
            String,
            Option<String>,
            Option<String>,
            Option<String>,
            Option<Ts>,
            Option<Ts>,
            Option<String>,
        )>(conn)
        .unwrap();
    gifts::table.select(gifts::all_columns).load::<(String, String, String, Option<String>, String)>(conn).unwrap();
    plans::table
        .select(plans::all_columns)
        .load::<(String, String, String, Option<String>, i32, i64, Option<String>, Option<i64>, Option<String>, Option<String>, bool)>(conn)
        .unwrap();
    coupons::table
        .select(coupons::all_columns)
        .load::<(String, i16, Option<Ts>, Option<Ts>, Option<i32>, i32, Vec<String>, Ts, i64, bool, bool, Option<Ts>)>(conn)
        .unwrap();
    coupon_redemptions::table.select(coupon_redemptions::all_columns).load::<(String, String, String, bool, Ts)>(conn).unwrap();
    charges::table
        .select(charges::all_columns)
        .load::<(String, Option<i64>, String, String, i32, i64, Option<String>, String, String, String, Ts, Option<Ts>, Option<String>, Option<String>, i16)>(
            conn,
        )
        .unwrap();
    referral_ledger::table.select(referral_ledger::all_columns).load::<(i64, i64, String, Option<String>, i64, Ts, Option<String>, Option<i64>)>(conn).unwrap();
    affiliates::table.select(affiliates::all_columns).load::<(i64, String, String, String, String, Ts, Option<Ts>, Option<i64>)>(conn).unwrap();
    subscription_payments::table
        .select(subscription_payments::all_columns)
        .load::<(String, String, String, String, i64, Option<String>, String, Ts)>(conn)
        .unwrap();
    ten_day_plans::table
        .select(ten_day_plans::all_columns)
        .load::<(i64, Vec<i64>, Vec<i64>, Ts, bool, Option<String>, Option<chrono::NaiveDate>)>(conn)
        .unwrap();
    quiz_results::table.select(quiz_results::all_columns).load::<(i64, String, serde_json::Value, Ts)>(conn).unwrap();
    ai_summaries::table
        .select(ai_summaries::all_columns)
        .load::<(i64, i64, String, String, Option<Vec<u8>>, String, String, serde_json::Value, Option<String>, i32, Ts, Ts)>(conn)
        .unwrap();
    signing_keys::table.select(signing_keys::all_columns).load::<(i32, Vec<u8>, Ts)>(conn).unwrap();
    referral_settled_payments::table.select(referral_settled_payments::all_columns).load::<(String, Ts)>(conn).unwrap();
    subscriptions::table.select(subscriptions::all_columns).load::<(String, String, Ts, Ts, Option<Ts>, Option<String>, Option<Ts>)>(conn).unwrap();
    access_grants::table
        .select(access_grants::all_columns)
        .load::<(i64, i64, String, String, Option<String>, Option<i64>, Ts, Option<Ts>, Option<Ts>, Option<String>, Ts)>(conn)
        .unwrap();
    trials::table.select(trials::all_columns).load::<(i64, String, Option<i64>, Option<String>, Option<String>, Option<String>, Ts)>(conn).unwrap();
    activity_days::table.select(activity_days::all_columns).load::<(chrono::NaiveDate, i64)>(conn).unwrap();
    completions_daily::table.select(completions_daily::all_columns).load::<(chrono::NaiveDate, i64, i32)>(conn).unwrap();
    audit_log::table
        .select(audit_log::all_columns)
        .load::<(i64, Option<i64>, String, String, String, serde_json::Value, serde_json::Value, Option<String>, Ts)>(conn)
        .unwrap();
    provider_events::table.select(provider_events::all_columns).load::<(String, String, Ts)>(conn).unwrap();
    cancellations::table.select(cancellations::all_columns).load::<(i64, String, String, Ts)>(conn).unwrap();
    two_factor::table.select(two_factor::all_columns).load::<(i64, String, Option<Ts>, i64, Ts)>(conn).unwrap();
    two_factor_recovery_codes::table.select(two_factor_recovery_codes::all_columns).load::<(i64, i64, String, Option<Ts>)>(conn).unwrap();
    login_challenges::table.select(login_challenges::all_columns).load::<(i64, i64, String, Ts, Ts, Option<Ts>)>(conn).unwrap();
    refresh_tokens::table.select(refresh_tokens::all_columns).load::<(i64, i64, String, String, Ts, Ts, Option<Ts>, Option<Ts>, String, String)>(conn).unwrap();
    auth_attempts::table.select(auth_attempts::all_columns).load::<(i64, String, chrono::DateTime<chrono::Utc>)>(conn).unwrap();
    account_deletion_feedback::table.select(account_deletion_feedback::all_columns).load::<(i64, String, String, chrono::DateTime<chrono::Utc>)>(conn).unwrap();
    mail_outbox::table
        .select(mail_outbox::all_columns)
        .load::<(i64, String, String, String, Ts, i32, Ts, Option<Ts>, Option<Ts>, Option<String>, Option<String>, Option<String>, Option<Vec<u8>>)>(conn)
        .unwrap();
    kindle_addresses::table.select(kindle_addresses::all_columns).load::<(i64, String, Ts)>(conn).unwrap();
    kindle_sends::table.select(kindle_sends::all_columns).load::<(i64, i64, i64, Ts)>(conn).unwrap();
    analytics_events::table
        .select(analytics_events::all_columns)
        .load::<(i64, String, serde_json::Value, Option<i64>, chrono::DateTime<chrono::Utc>)>(conn)
        .unwrap();
    oauth_states::table
        .select(oauth_states::all_columns)
        .load::<(String, String, String, chrono::DateTime<chrono::Utc>, chrono::DateTime<chrono::Utc>, Option<chrono::DateTime<chrono::Utc>>)>(conn)
        .unwrap();
    user_identities::table.select(user_identities::all_columns).load::<(String, String, i64, chrono::DateTime<chrono::Utc>)>(conn).unwrap();
    use db::catalogue::{AuthorRow, BlogPostRow, BookRow, CategoryRow, CollectionRow, VisualRow};
    categories::table.select(CategoryRow::as_select()).load::<CategoryRow>(conn).unwrap();
    authors::table.select(AuthorRow::as_select()).load::<AuthorRow>(conn).unwrap();
    books::table.select(BookRow::as_select()).load::<BookRow>(conn).unwrap();
    collections::table.select(CollectionRow::as_select()).load::<CollectionRow>(conn).unwrap();
    visuals::table.select(VisualRow::as_select()).load::<VisualRow>(conn).unwrap();
    blog_posts::table.select(BlogPostRow::as_select()).load::<BlogPostRow>(conn).unwrap();
    podcasts::table.select(podcasts::all_columns).load::<(i64, String, String, String, String, i32, String, Option<String>, Ts)>(conn).unwrap();
    goals::table.select(goals::all_columns).load::<(i64, String, String, String, String, String, String, Ts)>(conn).unwrap();
    book_goals::table.select(book_goals::all_columns).load::<(i64, i64)>(conn).unwrap();
    insights::table.select(insights::all_columns).load::<(i64, i64, String, Ts)>(conn).unwrap();
    book_categories::table.select(book_categories::all_columns).load::<(i64, i64)>(conn).unwrap();
    collection_books::table.select(collection_books::all_columns).load::<(i64, i64, i32)>(conn).unwrap();
    book_unlocks::table.select(book_unlocks::all_columns).load::<(i64, i64, i32, chrono::DateTime<chrono::Utc>)>(conn).unwrap();
    monthly_previews::table.select(monthly_previews::all_columns).load::<(chrono::NaiveDate, i64)>(conn).unwrap();
    reading_history::table.select(reading_history::all_columns).load::<(i64, i64, i32, bool, Option<Ts>, Option<Ts>, Ts, Ts, Option<Ts>)>(conn).unwrap();
    podcast_feeds::table.select(podcast_feeds::all_columns).load::<(i64, String, String, Ts, i32, Option<chrono::NaiveDate>, Option<Ts>)>(conn).unwrap();
    podcast_feed_downloads::table.select(podcast_feed_downloads::all_columns).load::<(i64, chrono::NaiveDate, String, String, i32)>(conn).unwrap();
    sign_in_confirmations::table
        .select(sign_in_confirmations::all_columns)
        .load::<(String, String, String, String, String, String, String, Option<String>, Ts, Ts, Option<Ts>)>(conn)
        .unwrap();
    reading_days::table.select(reading_days::all_columns).load::<(i64, chrono::NaiveDate)>(conn).unwrap();
    library_items::table.select(library_items::all_columns).load::<(i64, i64, Ts)>(conn).unwrap();
    book_ratings::table.select(book_ratings::all_columns).load::<(i64, i64, i16, String, Ts, Ts)>(conn).unwrap();
}

fn user_tables(conn: &mut PgConnection) -> i64 {
    diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(
        "(SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> '__diesel_schema_migrations')",
    ))
    .get_result(conn)
    .unwrap()
}

#[test]
fn migrations_run_up_down_and_up_again() {
    let database = TestDatabase::empty();
    let mut conn = database.connect();
    let applied = db::run_migrations(&mut conn).unwrap();
    let on_disk = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations"))
        .unwrap()
        .filter(|entry| entry.as_ref().unwrap().path().join("up.sql").is_file())
        .count();
    assert_eq!(applied, on_disk, "every migration folder is embedded and applied");
    schema_matches_every_table(&mut conn);
    assert_eq!(db::revert_all_migrations(&mut conn).unwrap(), applied);
    assert_eq!(user_tables(&mut conn), 0, "down.sql leaves nothing behind");
    assert_eq!(db::run_migrations(&mut conn).unwrap(), applied);
    schema_matches_every_table(&mut conn);
}
