//! Mail bodies (reset links) are not kept once sent, sent mail is forgotten after a while, and
//! nothing is kept for a deleted account.

use chrono::{Duration, Utc};
use db::mail_queue::{deliver_due, enqueue, erase_mail_to, prune_done, Delivery};
use db::schema::mail_outbox;
use db::testing::TestDatabase;
use diesel::prelude::*;
use identity::model::OutgoingMail;

fn mail(to: &str) -> OutgoingMail {
    OutgoingMail { to: to.into(), subject: "Reset your password".into(), text_body: "https://gistbook.app/reset-password/x/SECRET".into(), attachment: None }
}

fn bodies(conn: &mut PgConnection) -> Vec<(String, String)> {
    mail_outbox::table.select((mail_outbox::recipient, mail_outbox::text_body)).order(mail_outbox::id).load(conn).unwrap()
}

#[test]
fn bodies_are_blanked_once_sent_and_done_mail_is_pruned() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let pool = db::build_pool(&database.url, &db::PoolSettings::default()).unwrap();
    let now = Utc::now();
    enqueue(&mut conn, &mail("ada@example.com"), now).unwrap();
    enqueue(&mut conn, &mail("bob@example.com"), now).unwrap();
    let mut seen = Vec::new();
    deliver_due(&pool, now, 10, |m| {
        seen.push(m.text_body.clone());
        if m.recipient.starts_with("ada") {
            Delivery::Sent
        } else {
            Delivery::Failed("refused".into())
        }
    })
    .unwrap();
    assert!(seen.iter().all(|body| body.contains("SECRET")), "the worker still gets the body to send");
    assert_eq!(bodies(&mut conn), vec![("ada@example.com".to_owned(), String::new()), ("bob@example.com".to_owned(), String::new())]);
    assert_eq!(prune_done(&mut conn, now - Duration::days(1)).unwrap(), 0, "recent ones are kept a while");
    assert_eq!(prune_done(&mut conn, now + Duration::seconds(1)).unwrap(), 2);
    assert!(bodies(&mut conn).is_empty());
}

#[test]
fn a_deleted_accounts_mail_is_erased_queued_or_not() {
    let database = TestDatabase::new();
    let mut conn = database.connect();
    let now = Utc::now();
    enqueue(&mut conn, &mail("ada@example.com"), now).unwrap();
    enqueue(&mut conn, &mail("bob@example.com"), now).unwrap();
    assert_eq!(erase_mail_to(&mut conn, "ada@example.com").unwrap(), 1);
    assert_eq!(bodies(&mut conn).len(), 1);
}
