//! The floor server of `cargo xtask bench reader`: the most this stack can do for one book on this
//! machine. A minimal actix-web + Diesel server (not the product) answering one prepared primary-key
//! lookup with a 3 KB JSON body, on the database and pool size it is given. A binary of its own so
//! the bench builds it with the release profile, as it builds the server it is compared with (xtask
//! itself is a debug build). Prints `listening on ADDRESS` once it accepts connections.
//!
//! `/floor-reader/{subid}?user=N&session=HEX` answers the same 3 KB from the reader's own statement
//! (`db::catalogue::page::book_for_session`, the member's session included, and the body from the
//! memo of readings by its digest, as the reader takes it) instead of the primary-key lookup: the
//! floor with the reader's database work, so that the bench can say how much of the reader's
//! distance to the floor is that statement and how much the server's own work.

use actix_web::{web, App, HttpResponse, HttpServer};
use anyhow::{Context, Result};
use chrono::Datelike;
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, Pool};
use std::io::Write;

type PgPool = Pool<ConnectionManager<PgConnection>>;
/// The book's id, title and body, if it exists.
type Found = Option<(i64, String, String)>;

/// The body's size: about what a book's reader answer carries.
const BODY_BYTES: usize = 3 * 1024;

fn main() -> Result<()> {
    let url = std::env::var("DATABASE_URL").context("DATABASE_URL")?;
    let pool_size: u32 = std::env::var("DB_POOL_SIZE").context("DB_POOL_SIZE")?.parse().context("DB_POOL_SIZE")?;
    // As the product's pool (db::pool): no test query before each checkout.
    let pool = Pool::builder().max_size(pool_size).test_on_check_out(false).build(ConnectionManager::<PgConnection>::new(url)).context("the pool")?;
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    let address = listener.local_addr()?;
    actix_web::rt::System::new().block_on(async move {
        let server = HttpServer::new(move || {
            App::new()
                .app_data(web::Data::new(pool.clone()))
                .route("/floor/{id}", web::get().to(book))
                .route("/floor-reader/{subid}", web::get().to(book_as_reader))
        })
        .listen(listener)?
        .run();
        println!("listening on {address}");
        std::io::stdout().flush()?;
        server.await
    })?;
    Ok(())
}

async fn book(pool: web::Data<PgPool>, id: web::Path<i64>) -> HttpResponse {
    use db::schema::books;
    let id = id.into_inner();
    let pool = pool.into_inner();
    let found = web::block(move || -> Result<Found> {
        let mut conn = pool.get()?;
        Ok(books::table.find(id).select((books::id, books::title, books::body)).first(&mut conn).optional()?)
    })
    .await;
    answer(found)
}

#[derive(serde::Deserialize)]
struct Member {
    user: i64,
    session: String,
}

async fn book_as_reader(pool: web::Data<PgPool>, subid: web::Path<String>, member: web::Query<Member>) -> HttpResponse {
    let Some(session_id) = kernel::SessionId::parse_hex(&member.session) else {
        return HttpResponse::BadRequest().finish();
    };
    let session = kernel::Session { user: kernel::UserId(member.user), id: session_id };
    let key = catalogue::model::BookKey::Subid(subid.into_inner());
    let month = chrono::Utc::now().date_naive().with_day(1).expect("every month has a first day");
    let pool = pool.into_inner();
    let found = web::block(move || -> Result<Found> {
        let mut conn = pool.get()?;
        let Some((_, found)) = db::catalogue::page::book_for_session(&mut conn, &key, session, month)? else { return Ok(None) };
        // The body as the reader gets it: from the memo of readings by its digest, loaded once.
        let id = found.book.id;
        let reading =
            catalogue::html::memo::ReadingMemo::shared().reading_by_digest(id, &found.body_digest, || db::catalogue::page::book_text(&mut conn, id))?;
        Ok(reading.map(|reading| (id, found.book.title, reading.text().to_owned())))
    })
    .await;
    answer(found)
}

fn answer(found: Result<Result<Found>, actix_web::error::BlockingError>) -> HttpResponse {
    match found {
        Ok(Ok(Some((id, title, mut body)))) => {
            let mut end = BODY_BYTES.min(body.len());
            while !body.is_char_boundary(end) {
                end -= 1;
            }
            body.truncate(end);
            HttpResponse::Ok().json(serde_json::json!({"id": id, "title": title, "body": body}))
        }
        Ok(Ok(None)) => HttpResponse::NotFound().finish(),
        _ => HttpResponse::InternalServerError().finish(),
    }
}
