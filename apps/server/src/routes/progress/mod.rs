//! Reading progress, XP, the library and ratings (docs/progress.md): every call acts on the
//! signed-in member's own rows only; the member is taken from the token, never from the request.

mod history;
mod library;
pub(crate) mod ratings;

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

/// A book named by its numeric id or its subid, as the reader sends it.
#[derive(serde::Deserialize, utoipa::ToSchema, Debug, Clone)]
#[serde(untagged)]
pub enum BookKey {
    Id(i64),
    Key(String),
}

impl BookKey {
    /// The domain's key (a number is an id, text a subid).
    fn into_key(self) -> catalogue::BookKey {
        match self {
            BookKey::Id(id) => catalogue::BookKey::Id(id),
            BookKey::Key(key) => catalogue::BookKey::parse(&key),
        }
    }
}
