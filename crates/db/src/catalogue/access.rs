//! Free members' unlocks, decided by `catalogue::entitlement` and recorded atomically.

use crate::schema::{book_unlocks, users};
use catalogue::entitlement::{decide, Access, Audience, BookAccessFacts, FreeMember};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// What the policy needs to know about `book` this month.
pub fn facts_of(conn: &mut PgConnection, book: &crate::catalogue::BookRow, now: DateTime<Utc>) -> QueryResult<BookAccessFacts> {
    let preview = crate::catalogue::monthly_preview(conn, now)?;
    Ok(BookAccessFacts { free: book.free, monthly_preview: preview == Some(book.id), has_body: !book.body.trim().is_empty() })
}

/// Who is asking, before unlock counts are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caller {
    Visitor,
    Paid,
    /// A signed-in member without a current paid period.
    Free { user_id: i64 },
}

/// Decides the caller's access to one book and, when the decision spends an unlock, records it
/// in the same transaction. The member's row is locked so that two tabs opening two books at once
/// cannot both take the last unlock.
pub fn open_book(conn: &mut PgConnection, caller: Caller, book_id: i64, book: BookAccessFacts, now: DateTime<Utc>) -> QueryResult<Access> {
    match caller {
        Caller::Visitor => Ok(decide(Audience::Visitor, book)),
        Caller::Paid => Ok(decide(Audience::Paid, book)),
        Caller::Free { user_id } => conn.transaction(|conn| {
            let invited: bool = users::table
                .find(user_id)
                .select(users::friend_email.is_not_null())
                .for_update()
                .first(conn)?;
            let member = free_member(conn, user_id, book_id, invited)?;
            let access = decide(Audience::Free(member), book);
            if let Some(ordinal) = access.spend_unlock {
                diesel::insert_into(book_unlocks::table)
                    .values((
                        book_unlocks::user_id.eq(user_id),
                        book_unlocks::book_id.eq(book_id),
                        book_unlocks::ordinal.eq(ordinal as i32),
                        book_unlocks::unlocked_at.eq(now),
                    ))
                    .execute(conn)?;
            }
            Ok(access)
        }),
    }
}

/// The caller's access without spending anything (visuals, media listings).
pub fn peek_access(conn: &mut PgConnection, caller: Caller, book_id: i64, book: BookAccessFacts) -> QueryResult<Access> {
    match caller {
        Caller::Visitor => Ok(decide(Audience::Visitor, book)),
        Caller::Paid => Ok(decide(Audience::Paid, book)),
        Caller::Free { user_id } => {
            let invited: bool = users::table.find(user_id).select(users::friend_email.is_not_null()).first(conn)?;
            let member = free_member(conn, user_id, book_id, invited)?;
            let mut access = decide(Audience::Free(member), book);
            if access.spend_unlock.is_some() {
                // Not spent here: nothing premium until the member opens the book.
                access = Access { unlocks_left: access.unlocks_left.map(|n| n + 1), ..Access::default() };
            }
            Ok(access)
        }
    }
}

fn free_member(conn: &mut PgConnection, user_id: i64, book_id: i64, invited_a_friend: bool) -> QueryResult<FreeMember> {
    let used: i64 = book_unlocks::table.filter(book_unlocks::user_id.eq(user_id)).count().get_result(conn)?;
    let this_book: Option<i32> = book_unlocks::table
        .filter(book_unlocks::user_id.eq(user_id).and(book_unlocks::book_id.eq(book_id)))
        .select(book_unlocks::ordinal)
        .first(conn)
        .optional()?;
    Ok(FreeMember { invited_a_friend, unlocks_used: used as u32, this_book_unlock: this_book.map(|n| n as u32) })
}
