//! What the page footer shows besides e-mail: the support phone and the app store links, each
//! only when configured (an unset one is left out, never made up).

use crate::envelope::{ok, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(site_links);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteLinksResult {
    pub support_email: String,
    /// Null: no phone line (the footer shows none).
    #[schema(required = true)]
    pub support_phone: Option<String>,
    #[schema(required = true)]
    pub app_store_url: Option<String>,
    #[schema(required = true)]
    pub google_play_url: Option<String>,
}

/// The footer's contact and store links, as configured.
#[utoipa::path(tag = "site", responses((status = 200, body = OkBody<SiteLinksResult>)))]
#[get("/api/site")]
async fn site_links(state: web::Data<AppState>) -> HttpResponse {
    let links = &state.config.site_links;
    ok(SiteLinksResult {
        support_email: state.config.support_email.clone(),
        support_phone: links.support_phone.clone(),
        app_store_url: links.app_store_url.clone(),
        google_play_url: links.google_play_url.clone(),
    })
}
