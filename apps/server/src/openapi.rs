//! The OpenAPI document: paths and schemas collected from the handlers as they are registered,
//! plus the document's own information. Served at `/api/openapi.json`; its snapshot in
//! `frontend/src/lib/api/openapi.json` feeds the front end's generated types.

use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, InfoBuilder, OpenApi, OpenApiBuilder, Ref, RefOr, ResponseBuilder};

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

/// The answers every call of a kind can give, whatever its handler says, added where a handler's
/// list lacks them, so the document (and the fuzzer holding the server to it) knows them:
/// - a call with path or query parameters or a body: 400 `invalid_request` for input that does not
///   parse (a NUL character, a word where an id goes, JSON that is not the documented shape, a body
///   of the wrong type or over the size limit; `envelope::{json,form,path,query}_config`);
/// - a call that reads the bearer token, even optionally: 401 for a token whose session has ended.
pub fn add_common_answers(document: &mut OpenApi) {
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.head, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let has_input = operation.parameters.as_ref().is_some_and(|p| !p.is_empty()) || operation.request_body.is_some();
            if has_input {
                add_error_answer(operation, "400", "Input that does not parse: a malformed parameter or body");
            }
            if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                add_error_answer(operation, "401", "A bearer token that is not valid, or whose session has ended");
            }
        }
    }
}

fn add_error_answer(operation: &mut Operation, status: &str, description: &str) {
    operation.responses.responses.entry(status.to_owned()).or_insert_with(|| {
        let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
        RefOr::T(ResponseBuilder::new().description(description).content("application/json", content).build())
    });
}

/// The whole document, as served and as snapshotted (stable key order, pretty-printed).
pub fn document_json() -> String {
    let (_, document) = crate::startup::api_routes();
    let mut text = document.to_pretty_json().expect("the OpenAPI document serialises");
    text.push('\n');
    text
}
