use crate::schema::analytics_events;
use diesel::prelude::*;
use kernel::{Timestamp, UserId};

pub fn record_event(conn: &mut PgConnection, name: &str, properties: &serde_json::Value, user: Option<UserId>, at: Timestamp) -> QueryResult<()> {
    diesel::insert_into(analytics_events::table).values(NewEventRow { name, properties, user_id: user.map(|u| u.0), created_at: at }).execute(conn).map(drop)
}

pub fn count_events(conn: &mut PgConnection, name: &str) -> QueryResult<i64> {
    analytics_events::table.filter(analytics_events::name.eq(name)).count().get_result(conn)
}

#[derive(Insertable)]
#[diesel(table_name = analytics_events)]
struct NewEventRow<'a> {
    name: &'a str,
    properties: &'a serde_json::Value,
    user_id: Option<i64>,
    created_at: Timestamp,
}
