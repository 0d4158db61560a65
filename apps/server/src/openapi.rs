//! The OpenAPI document: paths and schemas collected from the handlers as they are registered,
//! plus the document's own information. Served at `/api/openapi.json`; its snapshot in
//! `frontend/src/lib/api/openapi.json` feeds the front end's generated types.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{InfoBuilder, OpenApi, OpenApiBuilder};

pub fn base_document() -> OpenApi {
    let mut document = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Gistbook API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Every answer is an envelope: {\"status\":\"ok\",\"result\":...} or \
                     {\"status\":\"error\",\"error\":\"...\",\"code\":\"...\"}.",
                ))
                .build(),
        )
        .build();
    let components = document.components.get_or_insert_with(Default::default);
    components.add_security_scheme("bearer", SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("biscuit").build()));
    document
}

/// The whole document, as served and as snapshotted (stable key order, pretty-printed).
pub fn document_json() -> String {
    let (_, document) = crate::startup::api_routes();
    let mut text = document.to_pretty_json().expect("the OpenAPI document serialises");
    text.push('\n');
    text
}
