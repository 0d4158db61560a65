use crate::schema::analytics_events;
use diesel::prelude::*;
use kernel::{Timestamp, UserId};

pub fn record_event(conn: &mut PgConnection, name: &str, properties: &serde_json::Value, user: Option<UserId>, at: Timestamp) -> QueryResult<()> {
    diesel::insert_into(analytics_events::table)
        .values((
            analytics_events::name.eq(name),
            analytics_events::properties.eq(properties),
            analytics_events::user_id.eq(user.map(|u| u.0)),
            analytics_events::created_at.eq(at),
        ))
        .execute(conn)
        .map(drop)
}

pub fn count_events(conn: &mut PgConnection, name: &str) -> QueryResult<i64> {
    analytics_events::table.filter(analytics_events::name.eq(name)).count().get_result(conn)
}
