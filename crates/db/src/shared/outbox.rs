//! The outbox table: mail is written in the transaction that causes it, then sent by a worker.

use crate::pool::{checkout, DbError, DbPool};
use crate::schema::mail_outbox;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::OutgoingMail;
use kernel::Timestamp;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mail_outbox, check_for_backend(diesel::pg::Pg))]
pub struct QueuedMail {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub text_body: String,
    pub attempts: i32,
    pub created_at: DateTime<Utc>,
    pub attachment_name: Option<String>,
    pub attachment_type: Option<String>,
    pub attachment: Option<Vec<u8>>,
}

/// Queues a mail due at `at`, the application's "now" (not the database's: the worker compares
/// with the application's clock).
pub fn enqueue(conn: &mut PgConnection, mail: &OutgoingMail, at: Timestamp) -> QueryResult<i64> {
    let attachment = mail.attachment.as_ref();
    let row = NewMailRow {
        recipient: &mail.to,
        subject: &mail.subject,
        text_body: &mail.text_body,
        created_at: at,
        next_attempt_at: at,
        attachment_name: attachment.map(|a| a.file_name.as_str()),
        attachment_type: attachment.map(|a| a.content_type.as_str()),
        attachment: attachment.map(|a| a.bytes.as_slice()),
    };
    diesel::insert_into(mail_outbox::table).values(row).returning(mail_outbox::id).get_result(conn)
}

/// A queued mail, due at once.
#[derive(Insertable)]
#[diesel(table_name = mail_outbox, treat_none_as_null = true)]
struct NewMailRow<'a> {
    recipient: &'a str,
    subject: &'a str,
    text_body: &'a str,
    created_at: Timestamp,
    next_attempt_at: Timestamp,
    attachment_name: Option<&'a str>,
    attachment_type: Option<&'a str>,
    attachment: Option<&'a [u8]>,
}

/// What became of one delivery attempt.
pub enum Delivery {
    Sent,
    /// Try again at the given time.
    RetryAt(Timestamp, String),
    /// Give up for good.
    Failed(String),
}

/// Sends up to `limit` due mails, each under a row lock that other workers skip, so two workers
/// never send the same mail. A crash before the commit leaves the mail queued (sent at least once).
pub fn deliver_due(pool: &DbPool, now: Timestamp, limit: i64, mut deliver: impl FnMut(&QueuedMail) -> Delivery) -> Result<usize, DbError> {
    let mut conn = checkout(pool)?;
    let handled = conn.transaction::<_, diesel::result::Error, _>(|conn| {
        let due: Vec<QueuedMail> = mail_outbox::table
            .filter(mail_outbox::sent_at.is_null())
            .filter(mail_outbox::failed_at.is_null())
            .filter(mail_outbox::next_attempt_at.le(now))
            .order(mail_outbox::next_attempt_at)
            .limit(limit)
            .for_update()
            .skip_locked()
            .select(QueuedMail::as_select())
            .load(conn)?;
        for mail in &due {
            let row = mail_outbox::table.filter(mail_outbox::id.eq(mail.id));
            let attempts = mail_outbox::attempts.eq(mail.attempts + 1);
            // Once a mail has left (or never will), its body (a reset link, say) and attachment
            // are not kept.
            let blank = (mail_outbox::text_body.eq(""), mail_outbox::attachment.eq(None::<Vec<u8>>));
            match deliver(mail) {
                Delivery::Sent => diesel::update(row).set((attempts, mail_outbox::sent_at.eq(now), blank)).execute(conn)?,
                Delivery::RetryAt(at, error) => {
                    diesel::update(row).set((attempts, mail_outbox::next_attempt_at.eq(at), mail_outbox::last_error.eq(error))).execute(conn)?
                }
                Delivery::Failed(error) => {
                    diesel::update(row).set((attempts, mail_outbox::failed_at.eq(now), mail_outbox::last_error.eq(error), blank)).execute(conn)?
                }
            };
        }
        Ok(due.len())
    })?;
    Ok(handled)
}

/// How many mails wait to be sent (for readiness and tests).
pub fn pending_count(conn: &mut PgConnection) -> QueryResult<i64> {
    mail_outbox::table.filter(mail_outbox::sent_at.is_null()).filter(mail_outbox::failed_at.is_null()).count().get_result(conn)
}

/// Forgets mail that was sent or given up before `before` (the record of a sent mail is kept a
/// while for support, never for good). Returns the rows removed.
pub fn prune_done(conn: &mut PgConnection, before: Timestamp) -> QueryResult<usize> {
    diesel::delete(mail_outbox::table.filter(mail_outbox::sent_at.lt(before).or(mail_outbox::failed_at.lt(before)))).execute(conn)
}

/// Every mail to `recipient`, queued or done, for account deletion.
pub fn erase_mail_to(conn: &mut PgConnection, recipient: &str) -> QueryResult<usize> {
    diesel::delete(mail_outbox::table.filter(mail_outbox::recipient.eq(recipient))).execute(conn)
}
