//! The infographic add-ons delivered: the pack a purchase bought, as a ZIP of the newest book
//! infographics (downloaded with the purchase's id, the guest's only key), and the member's list.

use super::checkout::infographics_url;
use crate::auth::AuthUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::state::AppState;
use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use std::io::Write;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(download_infographics).service(my_infographics);
}

/// Infographics larger than this are left out of a pack (uploads are images of a few hundred KB).
const MAX_INFOGRAPHIC_BYTES: u64 = 20 * 1024 * 1024;

/// The ZIP of the infographics a purchase bought: the newest ones, up to the count bought, with
/// a note saying how many are in it (fewer than bought while fewer are published).
#[utoipa::path(tag = "billing", params(("chargeId" = String, Path)), responses(
    (status = 200, description = "A ZIP of the infographics", content_type = "application/zip"),
    (status = 404, body = ErrorBody, description = "No paid purchase with infographics has this id"),
))]
#[get("/api/charge/{chargeId}/infographics")]
async fn download_infographics(state: web::Data<AppState>, charge_id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let charge_id = charge_id.into_inner();
    let add_on = state.billing(move |b| b.bought_infographics(Some(&charge_id))).await.map_err(not_found)?;
    let bought = usize::try_from(add_on.count()).unwrap_or(0);
    let books = state.catalogue(move |c| c.infographic_pack(bought)).await?;
    let mut files = Vec::new();
    for book in books {
        let Some(bytes) = read_small(&state, &book.image).await? else { continue };
        let extension = book.image.rsplit_once('.').map_or("svg", |(_, ext)| ext);
        files.push((format!("{}.{extension}", book.book.subid), format!("{} by {}", book.book.title, book.book.author), bytes));
    }
    let zip = zip_pack(bought, &files).map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/zip")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"gistbook-infographics-{bought}.zip\"")))
        .insert_header(("Cache-Control", "private, no-store"))
        .body(zip))
}

/// A purchase nobody may download from is "not found", whatever the reason.
fn not_found(error: ApiError) -> ApiError {
    if error.status == actix_web::http::StatusCode::BAD_REQUEST {
        ApiError::not_found("We could not find infographics for this purchase.")
    } else {
        error
    }
}

async fn read_small(state: &AppState, key: &str) -> Result<Option<Vec<u8>>, ApiError> {
    let failed = |e: media::MediaError| ApiError::internal(e);
    match state.media.size(key).await {
        Ok(size) if size <= MAX_INFOGRAPHIC_BYTES => {}
        Ok(_) | Err(media::MediaError::NotFound | media::MediaError::InvalidKey) => return Ok(None),
        Err(e) => return Err(failed(e)),
    }
    let mut stream = state.media.read(key, None).await.map_err(failed)?;
    let mut bytes = Vec::new();
    while let Some(chunk) = futures::StreamExt::next(&mut stream).await {
        bytes.extend_from_slice(&chunk.map_err(failed)?);
    }
    Ok(Some(bytes))
}

/// The archive: each infographic under its book's address name, and a README listing them.
fn zip_pack(bought: usize, files: &[(String, String, Vec<u8>)]) -> zip::result::ZipResult<Vec<u8>> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let mut readme = format!("Gistbook infographics: {} of the {bought} you bought.\n", files.len());
    if files.len() < bought {
        readme.push_str("More are published every month: download this pack again from your account to get them.\n");
    }
    readme.push('\n');
    for (name, title, bytes) in files {
        zip.start_file(name.as_str(), options)?;
        zip.write_all(bytes)?;
        readme.push_str(&format!("{name}  {title}\n"));
    }
    zip.start_file("README.txt", options)?;
    zip.write_all(readme.as_bytes())?;
    Ok(zip.finish()?.into_inner())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InfographicPurchaseView {
    pub charge_id: String,
    /// 20 or 50.
    pub count: i16,
    /// Epoch milliseconds.
    pub bought_at: i64,
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct InfographicPurchasesResult {
    pub purchases: Vec<InfographicPurchaseView>,
}

/// The member's purchases that came with infographics, newest first (the account lists them).
#[utoipa::path(tag = "billing", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<InfographicPurchasesResult>),
    (status = 401, body = ErrorBody),
))]
#[get("/api/charge/infographics")]
async fn my_infographics(state: web::Data<AppState>, caller: AuthUser) -> Result<HttpResponse, ApiError> {
    let session = caller.session();
    let purchases = state.billing(move |b| b.infographic_purchases(session)).await?;
    Ok(ok(InfographicPurchasesResult {
        purchases: purchases
            .into_iter()
            .map(|p| InfographicPurchaseView {
                url: infographics_url(&p.charge_id),
                charge_id: p.charge_id,
                count: p.add_on.count(),
                bought_at: p.bought_at.timestamp_millis(),
            })
            .collect(),
    }))
}
