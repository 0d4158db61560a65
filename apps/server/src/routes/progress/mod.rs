//! Reading progress, XP, the library and ratings (docs/progress.md): every call acts on the
//! signed-in member's own rows only; the member is taken from the token, never from the request.

mod history;
mod library;
mod ratings;

use crate::envelope::ApiError;
use actix_web::http::StatusCode;
use catalogue::entitlement::Access;
use chrono::{DateTime, Utc};
use db::catalogue::access::{facts_of, peek_access, Caller};
use db::catalogue::BookRow;
use diesel::PgConnection;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(history::save_position)
        .service(history::progress_report)
        .service(history::log_video_start)
        .service(library::add_to_library)
        .service(library::list_library)
        .service(library::remove_from_library)
        .service(library::delete_from_library)
        .service(library::delete_from_library_under_api)
        .service(ratings::rate_book);
}

/// A book by id or subid, with what the caller may do with it (nothing is spent).
fn book_and_access(conn: &mut PgConnection, caller: Caller, id: &str, now: DateTime<Utc>) -> Result<(BookRow, Access), ApiError> {
    let book = db::catalogue::find_book(conn, id)?.ok_or_else(|| ApiError::not_found("Book not found."))?;
    let facts = facts_of(conn, &book, now)?;
    let access = peek_access(conn, caller, book.id, facts)?;
    Ok((book, access))
}

/// A book the caller may read in full (progress and ratings only count for those).
fn readable_book(conn: &mut PgConnection, caller: Caller, id: &str, now: DateTime<Utc>) -> Result<BookRow, ApiError> {
    let (book, access) = book_and_access(conn, caller, id, now)?;
    if !access.full_body {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "locked", "Open this summary first: it is not unlocked for your account."));
    }
    Ok(book)
}

/// A book named by its numeric id or its subid, as the reader sends it.
#[derive(serde::Deserialize, utoipa::ToSchema, Debug, Clone)]
#[serde(untagged)]
pub enum BookKey {
    Id(i64),
    Key(String),
}

impl BookKey {
    fn key(&self) -> String {
        match self {
            BookKey::Id(id) => id.to_string(),
            BookKey::Key(key) => key.trim().to_owned(),
        }
    }
}

/// The member's calendar day now, in the timezone they gave (UTC when it is unknown).
fn member_today(timezone: &str, now: DateTime<Utc>) -> chrono::NaiveDate {
    let zone = timezone.parse::<chrono_tz::Tz>().unwrap_or(chrono_tz::Tz::UTC);
    reading_progress::local_day(now, zone)
}
