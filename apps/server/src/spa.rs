//! Serves the built React app: files from the build folder, `index.html` for every other
//! non-API path (the app routes itself), and a JSON 404 for unknown API paths.

use crate::envelope::ApiError;
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::{guard, HttpResponse, ResponseError};
use std::path::{Path, PathBuf};

pub fn is_api_path(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// Unknown API paths answer the envelope, never the app's HTML.
pub async fn api_not_found(req: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    let response = ApiError::not_found("There is no such API call.").error_response();
    Ok(ServiceResponse::new(req, response))
}

/// A year: what browsers and CDNs may keep a hashed asset (its name changes with its content).
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `/assets/{file}`: the build's files. Hashed names (`main.1a2b3c4d.js`) are cached for a year as
/// immutable, others must be revalidated; the brotli or gzip variant the build wrote beside a file
/// is answered when the browser accepts it (not for range requests), so nothing is compressed per
/// request. Unknown or odd names fall through to `files`.
pub fn assets(static_dir: &Path) -> Option<actix_web::Resource> {
    let folder = static_dir.join("assets");
    if !folder.is_dir() {
        return None;
    }
    Some(actix_web::web::resource("/assets/{file}").guard(guard::Any(guard::Get()).or(guard::Head())).to(move |req: actix_web::HttpRequest| {
        let folder = folder.clone();
        async move { asset(&req, &folder).await }
    }))
}

async fn asset(req: &actix_web::HttpRequest, folder: &Path) -> Result<HttpResponse, actix_web::Error> {
    let name = req.match_info().get("file").unwrap_or_default();
    let plain_name = !name.is_empty() && !name.starts_with('.') && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'));
    let path = folder.join(name);
    if !plain_name || !path.is_file() {
        return Ok(HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found."));
    }
    let accepted = req.headers().get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or("");
    let ranged = req.headers().contains_key(header::RANGE);
    let variant = [("br", actix_web::http::header::ContentEncoding::Brotli), ("gz", actix_web::http::header::ContentEncoding::Gzip)]
        .into_iter()
        .filter(|_| !ranged)
        .filter(|(_, encoding)| accepts(accepted, encoding.as_str()))
        .map(|(extension, encoding)| (folder.join(format!("{name}.{extension}")), encoding))
        .find(|(variant, _)| variant.is_file());
    let content_type = actix_files::file_extension_to_mime(path.extension().and_then(|e| e.to_str()).unwrap_or(""));
    let file = match &variant {
        Some((variant, encoding)) => NamedFile::open_async(variant).await?.set_content_encoding(*encoding),
        None => NamedFile::open_async(&path).await?,
    };
    let mut response = file.set_content_type(content_type).prefer_utf8(true).into_response(req);
    let headers = response.headers_mut();
    headers.insert(header::VARY, header::HeaderValue::from_static("Accept-Encoding"));
    let cache = if is_hashed(name) { IMMUTABLE } else { "no-cache" };
    headers.insert(header::CACHE_CONTROL, header::HeaderValue::from_static(cache));
    Ok(response)
}

/// `Accept-Encoding` names `encoding` (or `*`) without `q=0`.
pub fn accepts(header: &str, encoding: &str) -> bool {
    header.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or("");
        let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
        (name.eq_ignore_ascii_case(encoding) || name == "*") && !refused
    })
}

/// The build names files `name.<8 hex>.ext` (or `.chunk.ext`): such a file never changes.
pub fn is_hashed(name: &str) -> bool {
    name.split('.').skip(1).any(|part| part.len() == 8 && part.chars().all(|c| c.is_ascii_hexdigit()))
}

/// A page the build prerendered (`frontend/scripts/prerender.mjs`): `/` is
/// `prerendered/index.html`, `/books` is `prerendered/books.html`. Only plain lower-case paths
/// are looked up, so no request names another file.
pub fn prerendered_page(static_dir: &Path, path: &str) -> Option<PathBuf> {
    let path = path.trim_matches('/');
    let plain = path.split('/').all(|segment| !segment.is_empty() && segment.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
    let name = if path.is_empty() {
        "index"
    } else if plain && path != "index" {
        path
    } else {
        return None;
    };
    let page = static_dir.join("prerendered").join(format!("{name}.html"));
    page.is_file().then_some(page)
}

/// The page of an app route whose HTML names the route's chunks (`frontend/scripts/prerender.mjs`,
/// `ROUTE_SHELLS`): `/payment/monthly` is `shells/pages/payment.html`. Looked up by the path's first
/// segment, when it is plain lower case, so no request names another file.
pub fn route_shell(static_dir: &Path, path: &str) -> Option<PathBuf> {
    let segment = path.strip_prefix('/').unwrap_or(path).split('/').next().unwrap_or_default();
    let plain = !segment.is_empty() && segment.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    let page = static_dir.join("shells").join("pages").join(format!("{segment}.html"));
    (plain && page.is_file()).then_some(page)
}

/// The page a book's address starts from: the build's reader shell (`frontend/scripts/prerender.mjs`:
/// the app's page that also fetches the reader's chunks), or the app's page when the build made none.
pub async fn book_shell(static_dir: &Path) -> actix_web::Result<String> {
    let shell = static_dir.join("shells").join("reader.html");
    let page = if shell.is_file() { shell } else { static_dir.join("index.html") };
    Ok(tokio::fs::read_to_string(page).await?)
}

/// The Content-Security-Policy sources (`'sha256-…'`) of the scripts the build wrote into the shells
/// of the book page and of the route pages (`frontend/scripts/prerender.mjs`: the early data calls
/// of a book and of the checkout), each once. Only a bare `<script>` element counts, and the policy
/// then allows exactly its text: no other inline script runs. None when the build made no shell.
pub fn inline_script_hashes(static_dir: &Path) -> Vec<String> {
    use base64::Engine as _;
    use sha2::Digest as _;
    let shells = static_dir.join("shells");
    let mut pages: Vec<PathBuf> = std::fs::read_dir(shells.join("pages")).into_iter().flatten().flatten().map(|entry| entry.path()).collect();
    pages.sort();
    pages.insert(0, shells.join("reader.html"));
    let mut hashes = Vec::new();
    for page in pages.iter().filter(|page| page.extension().is_some_and(|extension| extension == "html")) {
        let Ok(html) = std::fs::read_to_string(page) else { continue };
        for code in inline_scripts(&html) {
            let hash = format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(code)));
            if !hashes.contains(&hash) {
                hashes.push(hash);
            }
        }
    }
    hashes
}

/// The text of every bare `<script>` element of `html`, as the browser hashes it.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script>").skip(1).filter_map(|rest| rest.split_once("</script>").map(|(code, _)| code))
}

/// The answer for an app page: HTML the browser checks again on every visit.
pub fn html_page(page: String) -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").insert_header((header::CACHE_CONTROL, "no-cache")).body(page)
}

/// The shell with the book's title and description, and `answer` (the visitor's answer of
/// `GET /api/books/{key}`) as a JSON data block the app reads (`inline-book.ts`). A data block is
/// never run, so the Content-Security-Policy allows it; `<`, `>` and `&` are written as JSON
/// escapes so that no text in the book can end the block.
pub fn with_book(shell: &str, key: &str, title: &str, description: &str, answer: &impl serde::Serialize) -> String {
    let Ok(json) = serde_json::to_string(answer) else { return shell.to_owned() };
    let json = json.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
    let mut page = shell.to_owned();
    if let (Some(start), Some(end)) = (page.find("<title>"), page.find("</title>")) {
        page.replace_range(start + "<title>".len()..end, &format!("{} · Gistbook", kernel::html::escape(title)));
    }
    const DESCRIPTION: &str = "<meta name=\"description\" content=\"";
    if let Some(start) = page.find(DESCRIPTION).map(|at| at + DESCRIPTION.len()) {
        if let Some(length) = page[start..].find('"') {
            let text = catalogue::html::plain_text(description);
            page.replace_range(start..start + length, &kernel::html::escape(&shortened(text.trim(), 200)));
        }
    }
    let block = format!("<script type=\"application/json\" id=\"book-data\" data-key=\"{}\">{json}</script>", kernel::html::escape(key));
    match page.rfind("</body>") {
        Some(at) => page.insert_str(at, &block),
        None => page.push_str(&block),
    }
    page
}

/// At most `limit` characters, cut at a word with an ellipsis.
fn shortened(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_owned();
    }
    let cut: String = text.chars().take(limit - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(words, _)| words);
    format!("{}…", cut.trim_end())
}

pub fn files(static_dir: &Path) -> Option<Files> {
    let index = static_dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(dir = %static_dir.display(), "the front end is not built; only the API is served");
        return None;
    }
    let folder = static_dir.to_path_buf();
    let filter_folder = folder.clone();
    Some(
        Files::new("/", static_dir)
            // Only GET and HEAD: other methods fall through to the app's JSON 404 instead of
            // actix-files' plain-text refusal.
            .guard(guard::Any(guard::Get()).or(guard::Head()))
            .index_file("index.html")
            .prefer_utf8(true)
            // A prerendered page goes to the default handler, which answers it; the folder of
            // those pages is not served as files.
            .path_filter(move |path, _| {
                !path.starts_with("prerendered") && !path.starts_with("shells") && prerendered_page(&filter_folder, &path.to_string_lossy()).is_none()
            })
            .default_handler(fn_service(move |req: ServiceRequest| {
                // A page was prerendered without a query: `/books?sort=newest` shows another list,
                // so it gets the empty page rather than markup React could not take over. A route's
                // shell has no markup, so the query does not matter.
                let prerendered = if req.query_string().is_empty() { prerendered_page(&folder, req.path()) } else { None };
                let index: PathBuf = prerendered.or_else(|| route_shell(&folder, req.path())).unwrap_or_else(|| index.clone());
                async move {
                    if is_api_path(req.path()) {
                        return api_not_found(req).await;
                    }
                    let (req, _) = req.into_parts();
                    let mut response = NamedFile::open_async(&index).await?.into_response(&req);
                    response.headers_mut().insert(header::CACHE_CONTROL, header::HeaderValue::from_static("no-cache"));
                    Ok(ServiceResponse::new(req, response))
                }
            })),
    )
}

/// Whatever no route or file answered: the JSON 404 for API paths, a short note otherwise.
pub async fn fallback(req: ServiceRequest) -> Result<ServiceResponse, actix_web::Error> {
    if is_api_path(req.path()) {
        return api_not_found(req).await;
    }
    let (req, _) = req.into_parts();
    let response = HttpResponse::NotFound()
        .content_type("text/plain; charset=utf-8")
        .body("Not found. (If you expected the web app here, it is not built: `cargo xtask run` builds it.)");
    Ok(ServiceResponse::new(req, response))
}
