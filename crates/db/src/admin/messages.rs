//! The contact, suggest and feedback messages: stored with their support mail in one
//! transaction, listed and marked read for the back office.

use super::PgAdminStore;
use crate::schema::contact_messages;
use admin::messages::{InboxFilter, Message, MessageKind, NewMessage};
use admin::ports::Inbox;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use kernel::{OutgoingMail, PortResult, Timestamp, UserId};

type MessageRow = (i64, String, Option<String>, String, String, Option<DateTime<Utc>>, DateTime<Utc>);

fn message((id, kind, name, email, body, read_at, created_at): MessageRow) -> Message {
    // The table's check constraint allows only the three kinds.
    let kind = MessageKind::parse(&kind).unwrap_or(MessageKind::Contact);
    Message { id, kind, name, email, body, read_at, created_at }
}

macro_rules! message_columns {
    () => {
        (
            contact_messages::id,
            contact_messages::kind,
            contact_messages::name,
            contact_messages::email,
            contact_messages::body,
            contact_messages::read_at,
            contact_messages::created_at,
        )
    };
}

/// A deleted account's messages (by link or by its e-mail address) go with it.
pub(crate) fn erase_messages_of(conn: &mut PgConnection, member: UserId, email: &str) -> QueryResult<usize> {
    diesel::delete(contact_messages::table.filter(contact_messages::user_id.eq(member.0).or(contact_messages::email.eq(email)))).execute(conn)
}

impl Inbox for PgAdminStore<'_> {
    fn save_message(&self, message: &NewMessage, mail: &OutgoingMail, at: Timestamp) -> PortResult<i64> {
        self.run(|conn| {
            conn.transaction(|conn| {
                let id = diesel::insert_into(contact_messages::table)
                    .values(NewMessageRow {
                        kind: message.kind.as_str(),
                        name: message.name.as_deref(),
                        email: &message.email,
                        body: &message.body,
                        user_id: message.member.map(|m| m.0),
                        created_at: at,
                    })
                    .returning(contact_messages::id)
                    .get_result(conn)?;
                crate::mail_queue::enqueue(conn, mail, at)?;
                Ok(id)
            })
        })
    }

    fn messages(&self, filter: InboxFilter, start: i64, limit: i64) -> PortResult<Vec<Message>> {
        self.run(|conn| {
            let mut query = contact_messages::table
                .select(message_columns!())
                .order((contact_messages::created_at.desc(), contact_messages::id.desc()))
                .offset(start)
                .limit(limit)
                .into_boxed();
            if filter == InboxFilter::Unread {
                query = query.filter(contact_messages::read_at.is_null());
            }
            let rows: Vec<MessageRow> = query.load(conn)?;
            Ok(rows.into_iter().map(message).collect())
        })
    }

    fn count_messages(&self) -> PortResult<(i64, i64)> {
        self.run(|conn| {
            let total = contact_messages::table.count().get_result(conn)?;
            let unread = contact_messages::table.filter(contact_messages::read_at.is_null()).count().get_result(conn)?;
            Ok((total, unread))
        })
    }

    fn message(&self, id: i64) -> PortResult<Option<Message>> {
        self.run(|conn| {
            let row: Option<MessageRow> = contact_messages::table.find(id).select(message_columns!()).first(conn).optional()?;
            Ok(row.map(message))
        })
    }

    fn mark_message(&self, id: i64, read_at: Option<Timestamp>, entry: &admin::audit::AuditEntry) -> PortResult<bool> {
        self.run(|conn| {
            conn.transaction(|conn| {
                if diesel::update(contact_messages::table.find(id)).set(contact_messages::read_at.eq(read_at)).execute(conn)? != 1 {
                    return Ok(false);
                }
                crate::shared::audit::append_audit(conn, entry)?;
                Ok(true)
            })
        })
    }
}

#[derive(Insertable)]
#[diesel(table_name = contact_messages)]
struct NewMessageRow<'a> {
    kind: &'a str,
    name: Option<&'a str>,
    email: &'a str,
    body: &'a str,
    user_id: Option<i64>,
    created_at: Timestamp,
}
