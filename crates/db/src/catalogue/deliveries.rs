//! The catalogue's delivery ports: single-book purchases (read from billing's charges), Kindle
//! addresses and sends (the daily count under a lock on the member).

use super::PgCatalogueStore;
use crate::schema::{charges, kindle_addresses, kindle_sends, plans, users};
use catalogue::ports::{KindleDeliveries, Purchases};
use diesel::prelude::*;
use kernel::{OutgoingMail, PortResult, Timestamp, UserId};

impl Purchases for PgCatalogueStore<'_> {
    fn bought_book(&self, member: UserId, book_id: i64) -> PortResult<bool> {
        self.run(|conn| {
            diesel::select(diesel::dsl::exists(
                charges::table
                    .inner_join(plans::table)
                    .filter(charges::user_id.eq(member.0))
                    .filter(charges::status.eq("paid"))
                    .filter(plans::kind.eq("book"))
                    .filter(plans::book_id.eq(book_id)),
            ))
            .get_result(conn)
        })
    }

    fn book_of_paid_charge(&self, charge_id: &str) -> PortResult<Option<i64>> {
        self.run(|conn| {
            charges::table
                .inner_join(plans::table)
                .filter(charges::id.eq(charge_id))
                .filter(charges::status.eq("paid"))
                .filter(plans::kind.eq("book"))
                .select(plans::book_id)
                .first::<Option<i64>>(conn)
                .optional()
                .map(Option::flatten)
        })
    }
}

impl KindleDeliveries for PgCatalogueStore<'_> {
    fn kindle_address(&self, member: UserId) -> PortResult<Option<String>> {
        self.run(|conn| kindle_addresses::table.find(member.0).select(kindle_addresses::address).first(conn).optional())
    }

    fn set_kindle_address(&self, member: UserId, address: &str, at: Timestamp) -> PortResult<()> {
        self.run(|conn| {
            diesel::insert_into(kindle_addresses::table)
                .values((kindle_addresses::user_id.eq(member.0), kindle_addresses::address.eq(address), kindle_addresses::updated_at.eq(at)))
                .on_conflict(kindle_addresses::user_id)
                .do_update()
                .set((kindle_addresses::address.eq(address), kindle_addresses::updated_at.eq(at)))
                .execute(conn)
                .map(drop)
        })
    }

    fn send_to_kindle(
        &self,
        member: UserId,
        book_id: i64,
        mail: &OutgoingMail,
        at: Timestamp,
        since: Timestamp,
        allow: &dyn Fn(u32) -> bool,
    ) -> PortResult<(u32, bool)> {
        self.run(|conn| {
            conn.transaction(|conn| {
                // The member's row is the lock: two sends of one member queue up here.
                users::table.find(member.0).select(users::id).for_update().first::<i64>(conn)?;
                let count: i64 =
                    kindle_sends::table.filter(kindle_sends::user_id.eq(member.0)).filter(kindle_sends::sent_at.gt(since)).count().get_result(conn)?;
                let count = u32::try_from(count).unwrap_or(u32::MAX);
                if !allow(count) {
                    return Ok((count, false));
                }
                diesel::insert_into(kindle_sends::table)
                    .values((kindle_sends::user_id.eq(member.0), kindle_sends::book_id.eq(book_id), kindle_sends::sent_at.eq(at)))
                    .execute(conn)?;
                crate::mail_queue::enqueue(conn, mail, at)?;
                Ok((count, true))
            })
        })
    }
}

/// Account deletion: the Kindle address, the record of sends and the mail to that address go.
pub(crate) fn erase_member(conn: &mut PgConnection, member: UserId) -> QueryResult<()> {
    let address: Option<String> = kindle_addresses::table.find(member.0).select(kindle_addresses::address).first(conn).optional()?;
    if let Some(address) = address {
        crate::mail_queue::erase_mail_to(conn, &address)?;
    }
    diesel::delete(kindle_addresses::table.filter(kindle_addresses::user_id.eq(member.0))).execute(conn)?;
    diesel::delete(kindle_sends::table.filter(kindle_sends::user_id.eq(member.0))).execute(conn)?;
    Ok(())
}
