//! Books, categories, recommendations, visuals, collections, authors, blog, search and media:
//! the member spec's catalogue calls plus the discovery calls of docs/catalogue.md.

pub mod books;
mod browse;
pub mod extras;
pub(crate) mod media;
pub mod text_json;
pub mod views;
mod visuals;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn configure(config: &mut ServiceConfig) {
    // `/api/books/list` before `/api/books/{id}`: the first matching route answers.
    config
        .service(books::home_books)
        .service(books::books_map)
        .service(books::book)
        .service(books::unlock_book)
        .service(books::free_summaries)
        .service(books::list_categories)
        .service(books::set_recommends)
        .service(browse::book_page)
        .service(browse::list_collections)
        .service(browse::show_collection)
        .service(browse::list_authors)
        .service(browse::show_author)
        .service(browse::list_blog_posts)
        .service(browse::show_blog_post)
        .service(browse::search_books)
        .service(browse::list_infographics)
        .service(visuals::list_visuals)
        .service(visuals::book_visuals)
        .service(extras::list_podcasts)
        .service(extras::show_podcast)
        .service(extras::list_insights)
        .service(media::media_file)
        .service(media::media_head);
}
