//! The back office's collections, at the spec's paths without `/api` and at their `/api` twins:
//! the list (`results`), add and detail (`collection`), each form sent as `values`.

use crate::auth::AdminUser;
use crate::envelope::{ApiError, ErrorBody};
use crate::routes::catalogue::views::public_url;
use crate::state::AppState;
use actix_web::{get, post, web, HttpResponse};
use admin::content::AdminCollection;
use admin::service::CollectionForm;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config
        .service(admin_collections_list)
        .service(admin_collections_list_api)
        .service(admin_collections_add)
        .service(admin_collections_add_api)
        .service(admin_collection_detail)
        .service(admin_collection_detail_api)
        .service(admin_collection_save)
        .service(admin_collection_save_api);
}

fn joined(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCollectionView {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub subtitle: String,
    /// A public store key or an https address.
    pub image: String,
    pub image_url: String,
    /// Category ids, comma-joined: their books belong to the collection.
    pub categories: String,
    /// Hand-picked book ids in order, comma-joined (beyond the spec).
    pub books: String,
    /// Epoch ms.
    pub upload_date: i64,
    /// Live books the collection shows.
    pub book_count: i64,
}

impl From<AdminCollection> for AdminCollectionView {
    fn from(c: AdminCollection) -> Self {
        AdminCollectionView {
            image_url: public_url(&c.image),
            categories: joined(&c.categories),
            books: joined(&c.books),
            id: c.id,
            slug: c.slug,
            title: c.title,
            subtitle: c.subtitle,
            image: c.image,
            upload_date: c.upload_date.timestamp_millis(),
            book_count: c.book_count,
        }
    }
}

/// The list's answer: `results`, not `result` (spec).
#[derive(Serialize, ToSchema)]
pub struct AdminCollectionsAnswer {
    /// Always "ok".
    pub status: &'static str,
    pub results: Vec<AdminCollectionView>,
}

/// Add and detail answer `collection` (spec).
#[derive(Serialize, ToSchema)]
pub struct AdminCollectionAnswer {
    /// Always "ok".
    pub status: &'static str,
    pub collection: AdminCollectionView,
}

/// The form's fields, each a text input.
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct AdminCollectionValues {
    pub title: Option<String>,
    pub subtitle: Option<String>,
    pub image: Option<String>,
    /// Category ids, comma-joined.
    pub categories: Option<String>,
    /// Book ids, comma-joined.
    pub books: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct AdminCollectionRequest {
    pub values: AdminCollectionValues,
}

impl AdminCollectionValues {
    fn form(&self) -> CollectionForm<'_> {
        CollectionForm {
            title: self.title.as_deref(),
            subtitle: self.subtitle.as_deref(),
            image: self.image.as_deref(),
            categories: self.categories.as_deref(),
            books: self.books.as_deref(),
        }
    }
}

async fn list_answer(state: &AppState) -> Result<HttpResponse, ApiError> {
    let collections = state.admin(|a| a.collections()).await?;
    Ok(HttpResponse::Ok().json(AdminCollectionsAnswer { status: "ok", results: collections.into_iter().map(AdminCollectionView::from).collect() }))
}

fn collection_answer(collection: AdminCollection) -> HttpResponse {
    HttpResponse::Ok().json(AdminCollectionAnswer { status: "ok", collection: collection.into() })
}

/// Every collection (the page sorts them).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = AdminCollectionsAnswer),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/admin/collections/list")]
async fn admin_collections_list(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    list_answer(&state).await
}

/// The `/api` twin of `/admin/collections/list`.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = AdminCollectionsAnswer),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/collections/list")]
async fn admin_collections_list_api(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    list_answer(&state).await
}

async fn add_collection(state: &AppState, caller: AdminUser, body: AdminCollectionRequest) -> Result<HttpResponse, ApiError> {
    let actor = caller.0.id;
    let collection = state.admin(move |a| a.add_collection(actor, &body.values.form())).await?;
    Ok(collection_answer(collection))
}

/// Adds a collection (title required).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminCollectionRequest, responses(
    (status = 200, body = AdminCollectionAnswer),
    (status = 400, body = ErrorBody, description = "'Please specify Title.', ids that are not categories or books"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/admin/collections/add")]
async fn admin_collections_add(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminCollectionRequest>) -> Result<HttpResponse, ApiError> {
    add_collection(&state, caller, body.into_inner()).await
}

/// The `/api` twin of `/admin/collections/add`.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminCollectionRequest, responses(
    (status = 200, body = AdminCollectionAnswer),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/api/admin/collections/add")]
async fn admin_collections_add_api(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminCollectionRequest>) -> Result<HttpResponse, ApiError> {
    add_collection(&state, caller, body.into_inner()).await
}

async fn one(state: &AppState, id: i64) -> Result<HttpResponse, ApiError> {
    Ok(collection_answer(state.admin(move |a| a.collection(id)).await?))
}

/// One collection, for the edit form.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = AdminCollectionAnswer),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/admin/collections/detail/{id}")]
async fn admin_collection_detail(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    one(&state, id.into_inner()).await
}

/// The `/api` twin of `GET /admin/collections/detail/{id}`.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), responses(
    (status = 200, body = AdminCollectionAnswer),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/collections/detail/{id}")]
async fn admin_collection_detail_api(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    one(&state, id.into_inner()).await
}

async fn save_collection(state: &AppState, caller: AdminUser, id: i64, body: AdminCollectionRequest) -> Result<HttpResponse, ApiError> {
    let actor = caller.0.id;
    let collection = state.admin(move |a| a.update_collection(actor, id, &body.values.form())).await?;
    Ok(collection_answer(collection))
}

/// Saves a collection.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AdminCollectionRequest, responses(
    (status = 200, body = AdminCollectionAnswer),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/admin/collections/detail/{id}")]
async fn admin_collection_save(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: web::Json<AdminCollectionRequest>,
) -> Result<HttpResponse, ApiError> {
    save_collection(&state, caller, id.into_inner(), body.into_inner()).await
}

/// The `/api` twin of `POST /admin/collections/detail/{id}`.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path)), request_body = AdminCollectionRequest, responses(
    (status = 200, body = AdminCollectionAnswer),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/api/admin/collections/detail/{id}")]
async fn admin_collection_save_api(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: web::Json<AdminCollectionRequest>,
) -> Result<HttpResponse, ApiError> {
    save_collection(&state, caller, id.into_inner(), body.into_inner()).await
}
