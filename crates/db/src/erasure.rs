//! An account deletion erases a member's rows in every domain, in identity's one transaction.
//! Each domain folder says what of a member it erases; this list, at the crate's root, is the
//! one place that knows them all, so no domain folder needs to import another.

use crate::schema::analytics_events;
use crate::{admin, billing, catalogue, challenge, highlights, podcast_feed, progress, referral, review, shared, summariser};
use diesel::prelude::*;
use kernel::UserId;

/// Everything but identity's own rows (the caller erases those): mail to the address, messages,
/// the affiliate account, the challenge plan and quiz results, AI summaries, Kindle deliveries,
/// reading progress, highlights and notes, review cards, the podcast feed; charges are kept for the books but lose the member; events lose the member.
pub(crate) fn erase_member_everywhere(conn: &mut PgConnection, member: UserId, email: &str) -> QueryResult<()> {
    shared::outbox::erase_mail_to(conn, email)?;
    admin::messages::erase_messages_of(conn, member, email)?;
    referral::erase_affiliate(conn, member)?;
    challenge::erase_plan(conn, member)?;
    challenge::quizzes::erase_quiz_results(conn, member)?;
    summariser::erase_summaries(conn, member)?;
    catalogue::deliveries::erase_member(conn, member)?;
    billing::anonymise_charges(conn, member)?;
    progress::erase_member(conn, member.0)?;
    highlights::erase_member(conn, member)?;
    review::erase_member(conn, member)?;
    podcast_feed::erase_member(conn, member)?;
    diesel::update(analytics_events::table.filter(analytics_events::user_id.eq(member.0))).set(analytics_events::user_id.eq(None::<i64>)).execute(conn)?;
    Ok(())
}
