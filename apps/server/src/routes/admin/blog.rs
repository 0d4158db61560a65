//! The back office's blog: list (drafts too), one, add ('The post has been added.'), edit ('The
//! post has been updated.'; the id travels in the body), and the photo.

use super::books::UploadForm;
use crate::auth::AdminUser;
use crate::envelope::{ok, ApiError, ErrorBody, Ok as OkBody};
use crate::routes::catalogue::views::public_url;
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use admin::content::{Post, BLOG_CATEGORIES};
use admin::service::PostForm;
use admin::uploads::ContentSlot;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    config.service(admin_list_posts).service(admin_show_post).service(admin_add_post).service(admin_update_post).service(admin_upload_post_file);
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBlogPostView {
    pub id: i64,
    pub slug: String,
    pub title: String,
    pub description: String,
    /// One of the blog's categories.
    pub categories: String,
    /// Sanitised HTML.
    pub text: String,
    pub photo: String,
    pub photo_url: String,
    /// Never shown to members.
    pub draft: bool,
    /// Epoch ms; members see a published post from then.
    pub publish_date: i64,
    /// Epoch ms.
    pub create_date: i64,
}

impl From<Post> for AdminBlogPostView {
    fn from(p: Post) -> Self {
        AdminBlogPostView {
            photo_url: public_url(&p.photo),
            id: p.id,
            slug: p.slug,
            title: p.title,
            description: p.description,
            categories: p.category,
            text: p.text.as_str().to_owned(),
            photo: p.photo,
            draft: p.draft,
            publish_date: p.publish_at.timestamp_millis(),
            create_date: p.created_at.timestamp_millis(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct BlogCategoryOption {
    pub value: String,
    pub label: String,
}

#[derive(Serialize, ToSchema)]
pub struct AdminBlogPostsResult {
    pub posts: Vec<AdminBlogPostView>,
    /// The choices of the form's Categories select.
    pub categories: Vec<BlogCategoryOption>,
}

#[derive(Serialize, ToSchema)]
pub struct AdminBlogPostResult {
    pub post: AdminBlogPostView,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminBlogRequest {
    /// The post to save (edit only).
    pub id: Option<i64>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub title: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub description: Option<String>,
    #[schema(value_type = String, required = true, min_length = 1)]
    pub categories: Option<String>,
    /// HTML; sanitised before it is stored.
    #[schema(value_type = String, required = true, min_length = 1)]
    pub text: Option<String>,
    pub draft: Option<bool>,
    /// Epoch ms.
    pub publish_date: Option<i64>,
}

impl AdminBlogRequest {
    fn form(&self) -> PostForm<'_> {
        PostForm {
            title: self.title.as_deref(),
            description: self.description.as_deref(),
            category: self.categories.as_deref(),
            text: self.text.as_deref(),
            draft: self.draft,
            publish_at: self.publish_date,
        }
    }
}

/// Every post, newest first, drafts and scheduled ones too.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = OkBody<AdminBlogPostsResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[get("/api/admin/blog")]
async fn admin_list_posts(state: web::Data<AppState>, _admin: AdminUser) -> Result<HttpResponse, ApiError> {
    let posts = state.admin(|a| a.posts()).await?;
    Ok(ok(AdminBlogPostsResult {
        posts: posts.into_iter().map(AdminBlogPostView::from).collect(),
        categories: BLOG_CATEGORIES.iter().map(|(value, label)| BlogCategoryOption { value: (*value).into(), label: (*label).into() }).collect(),
    }))
}

#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("postId" = i64, Path)), responses(
    (status = 200, body = OkBody<AdminBlogPostResult>),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[get("/api/admin/blog/{postId}")]
async fn admin_show_post(state: web::Data<AppState>, _admin: AdminUser, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let post = state.admin(move |a| a.post(id)).await?;
    Ok(ok(AdminBlogPostResult { post: post.into() }))
}

/// 'The post has been added.' (title, description, categories and text required).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminBlogRequest, responses(
    (status = 200, body = OkBody<AdminBlogPostResult>),
    (status = 400, body = ErrorBody, description = "'Please specify Title.' and the like"),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
))]
#[post("/api/admin/blog")]
async fn admin_add_post(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminBlogRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let post = state.admin(move |a| a.add_post(actor, &body.form())).await?;
    Ok(ok(AdminBlogPostResult { post: post.into() }))
}

/// 'The post has been updated.' (the body carries the post's id).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = AdminBlogRequest, responses(
    (status = 200, body = OkBody<AdminBlogPostResult>),
    (status = 400, body = ErrorBody),
    (status = 401, body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody, description = "No such post (or no id)"),
))]
#[put("/api/admin/blog")]
async fn admin_update_post(state: web::Data<AppState>, caller: AdminUser, body: web::Json<AdminBlogRequest>) -> Result<HttpResponse, ApiError> {
    let (actor, body) = (caller.0.id, body.into_inner());
    let post = state.admin(move |a| a.update_post(actor, body.id, &body.form())).await?;
    Ok(ok(AdminBlogPostResult { post: post.into() }))
}

#[derive(Serialize, ToSchema)]
pub struct BlogUploadResult {
    /// 'The photo was uploaded.'
    pub message: String,
    pub post: AdminBlogPostView,
}

/// Uploads the post's photo (an image).
#[utoipa::path(
    tag = "admin",
    security(("bearer" = [])),
    params(("postId" = i64, Path)),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, body = OkBody<BlogUploadResult>),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 413, body = ErrorBody),
    )
)]
#[post("/api/admin/blog/photo/{postId}")]
async fn admin_upload_post_file(
    state: web::Data<AppState>,
    caller: AdminUser,
    id: web::Path<i64>,
    body: actix_multipart::Multipart,
) -> Result<HttpResponse, ApiError> {
    let (actor, id) = (caller.0.id, id.into_inner());
    let before = state.admin(move |a| a.post(id)).await?;
    let slot = ContentSlot::PostPhoto;
    let post =
        crate::uploads::receive_content(&state, slot, &before.slug, Some(before.photo.clone()), body, move |a, key| a.set_post_photo(actor, id, key)).await?;
    Ok(ok(BlogUploadResult { message: slot.success_message().to_owned(), post: post.into() }))
}
