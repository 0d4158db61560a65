//! Categories, recommendations, the home call, the map of books, the paged list with every sort
//! and filter, collections, authors and the blog.

use crate::common;

use common::{assert_error, ok_body, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn result(app: &TestApp, path: &str, token: Option<&str>) -> Value {
    ok_body(app.get(path, token).await, StatusCode::OK).await["result"].clone()
}

fn subids(books: &Value) -> Vec<String> {
    books.as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap().to_owned()).collect()
}

#[actix_web::test]
async fn categories_list_their_images_and_counts() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let categories = result(&app, "/api/categories", None).await["categories"].clone();
    let names: Vec<&str> = categories.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Philosophy", "Economics", "Strategy"]);
    assert_eq!(categories[0]["small_image"], "/media/public/categories/philosophy.svg");
    assert_eq!(categories[0]["bookCount"], 3);
    assert_eq!(categories[0]["subid"], "philosophy");
}

#[actix_web::test]
async fn recommends_need_at_least_one_existing_category_and_feed_home() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let token = app.register("picker@example.com", common::PASSWORD).await;

    let empty = app.put("/api/user/recommends", &json!({"recommends": []}), Some(&token)).await;
    assert_error(empty, StatusCode::BAD_REQUEST, "missing_categories", "Please pick at least one category.").await;
    let unknown = app.put("/api/user/recommends", &json!({"recommends": [catalogue.categories["economics"], 999_999]}), Some(&token)).await;
    assert_error(unknown, StatusCode::BAD_REQUEST, "unknown_category", "One of the categories does not exist.").await;
    let malformed = app.put("/api/user/recommends", &json!({"recommends": "economics"}), Some(&token)).await;
    common::error_body(malformed, StatusCode::BAD_REQUEST).await;
    common::error_body(app.put("/api/user/recommends", &json!({"recommends": [1]}), None).await, StatusCode::UNAUTHORIZED).await;
    let account = result(&app, "/api/user/account", Some(&token)).await;
    assert_eq!(account["user"]["recommends"], json!([]), "refused requests change nothing");

    let economics = catalogue.categories["economics"];
    let saved = ok_body(app.put("/api/user/recommends", &json!({"recommends": [economics, economics]}), Some(&token)).await, StatusCode::OK).await;
    assert_eq!(saved["result"]["user"]["recommends"], json!([economics]));

    let home = result(&app, "/api/books", Some(&token)).await;
    assert_eq!(home["user"]["email"], "picker@example.com");
    let recommended = &home["recommendations"]["recommended"];
    assert_eq!(subids(recommended).len(), 2);
    assert!(recommended.as_array().unwrap().iter().all(|b| b["categories"][0]["subid"] == "economics"), "{recommended}");
    assert_eq!(subids(&home["recommendations"]["newReleases"]), ["premium-1", "premium-2", "premium-3", "premium-4", "premium-5", "free-book"]);
    assert_eq!(home["recommendations"]["history"], json!([]));
    assert_eq!(home["categories"].as_array().unwrap().len(), 3);
    assert_eq!(home["books"].as_array().unwrap().len(), 7);
}

#[actix_web::test]
async fn visitors_get_home_books_without_a_user_or_recommendations() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let home = result(&app, "/api/books", None).await;
    assert!(home["user"].is_null());
    assert_eq!(home["recommendations"]["recommended"], json!([]));
    assert_eq!(home["recommendations"]["newReleases"].as_array().unwrap().len(), 6);
}

#[actix_web::test]
async fn the_books_map_is_keyed_by_id() {
    let app = spawn_app().await;
    let catalogue = app.seed_catalogue();
    let map = result(&app, "/api/books/list", None).await;
    let books = map["books"].as_object().unwrap();
    assert_eq!(books.len(), 7);
    let id = catalogue.books["premium-3"];
    assert_eq!(books[&id.to_string()]["title"], "The Wealth of Nations");
    assert!(map["nextStart"].is_null());
    assert_eq!(result(&app, "/api/books/list?start=5", None).await["books"].as_object().unwrap().len(), 2);
}

#[actix_web::test]
async fn the_paged_list_sorts_filters_and_pages() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let page = |query: &str| {
        let app = &app;
        let path = format!("/api/catalogue/books?{query}");
        async move { result(app, &path, None).await }
    };
    let newest = page("sort=new").await;
    assert_eq!(subids(&newest["books"]), ["premium-1", "premium-2", "premium-3", "premium-4", "premium-5", "free-book", "preview-book"]);
    assert_eq!((newest["total"].as_i64(), newest["pages"].as_i64()), (Some(7), Some(1)));
    assert_eq!(subids(&page("sort=trending").await["books"])[..3], ["premium-2", "premium-4", "free-book"]);
    assert_eq!(subids(&page("sort=ab").await["books"]), ["premium-1", "premium-2", "preview-book", "premium-4", "free-book", "premium-3", "premium-5"]);
    assert_eq!(subids(&page("sort=audio").await["books"]), ["premium-1", "premium-2", "free-book", "preview-book"]);
    assert_eq!(subids(&page("sort=video").await["books"]), ["premium-1", "premium-3", "free-book", "preview-book"]);
    assert_eq!(subids(&page("sort=trending&audio=true&video=true").await["books"]), ["free-book", "preview-book", "premium-1"]);
    assert_eq!(subids(&page("category=economics").await["books"]), ["premium-3", "free-book"]);
    assert_eq!(subids(&page("category=all").await["books"]).len(), 7);
    assert_eq!(subids(&page("collection=classics").await["books"]), ["premium-1", "premium-2", "premium-3"]);
    assert_eq!(subids(&page("author=marcus-aurelius").await["books"]), ["premium-1"]);
    assert_eq!(page("category=no-such-category").await["total"], 0);

    let second = page("sort=new&pageSize=3&page=2").await;
    assert_eq!(subids(&second["books"]), ["premium-4", "premium-5", "free-book"]);
    assert_eq!((second["page"].as_i64(), second["pages"].as_i64(), second["total"].as_i64()), (Some(2), Some(3), Some(7)));
    assert_eq!(subids(&page("sort=new&pageSize=3&page=3").await["books"]), ["preview-book"]);
    assert_eq!(page("sort=new&pageSize=3&page=9").await["books"], json!([]));

    // Refused queries and their messages: `handlers.rs` (no database needed).
}

#[actix_web::test]
async fn collections_and_authors_list_and_show_their_books() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let collections = result(&app, "/api/collections", None).await;
    assert_eq!(collections["collections"][0]["slug"], "classics");
    assert_eq!(collections["collections"][0]["bookCount"], 3);
    let classics = result(&app, "/api/collections/classics", None).await;
    assert_eq!(classics["collection"]["title"], "Classics");
    assert_eq!(subids(&classics["books"]), ["premium-3", "premium-2", "premium-1"], "the curated order");
    assert_error(app.get("/api/collections/nope", None).await, StatusCode::NOT_FOUND, "not_found", "Collection not found.").await;

    let authors = result(&app, "/api/authors", None).await;
    assert_eq!(authors["authors"][0]["name"], "Marcus Aurelius");
    assert_eq!(authors["authors"][0]["bookCount"], 1);
    let marcus = result(&app, "/api/authors/marcus-aurelius", None).await;
    assert_eq!(marcus["author"]["bio"], "Emperor and Stoic.");
    assert_eq!(subids(&marcus["books"]), ["premium-1"]);
    assert_eq!(marcus["books"][0]["authorSlug"], "marcus-aurelius");
    assert_error(app.get("/api/authors/nobody", None).await, StatusCode::NOT_FOUND, "not_found", "Author not found.").await;
}

#[actix_web::test]
async fn the_blog_lists_posts_by_category_and_serves_sanitised_posts() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let all = result(&app, "/api/blog", None).await;
    let slugs: Vec<&str> = all["posts"].as_array().unwrap().iter().map(|p| p["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, ["dark-mode", "search", "welcome"]);
    assert!(all["posts"][0].get("body").is_none(), "lists carry no bodies");
    let news = result(&app, "/api/blog?category=whats-new", None).await;
    assert_eq!(news["posts"].as_array().unwrap().len(), 2);
    let post = result(&app, "/api/blog/welcome", None).await["post"].clone();
    assert_eq!(post["title"], "Post welcome");
    assert_eq!(post["body"], "<p>Body of welcome</p>");
    let by_id = result(&app, &format!("/api/blog/{}", post["id"]), None).await;
    assert_eq!(by_id["post"]["slug"], "welcome");
    assert_error(app.get("/api/blog/nope", None).await, StatusCode::NOT_FOUND, "not_found", "Post not found.").await;
}

#[actix_web::test]
async fn the_visuals_list_has_one_entry_per_book() {
    let app = spawn_app().await;
    app.seed_catalogue();
    let visuals = result(&app, "/api/visuals", None).await["visuals"].clone();
    let books: Vec<&str> = visuals.as_array().unwrap().iter().map(|v| v["book"]["subid"].as_str().unwrap()).collect();
    assert_eq!(books, ["premium-1", "free-book", "preview-book"]);
    assert_eq!(visuals[0]["count"], 2);
    assert_eq!(visuals[0]["id"], visuals[0]["book"]["id"]);
}
