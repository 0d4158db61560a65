//! The floor server of `cargo xtask bench reader`: the most this stack can do for one book on this
//! machine. A minimal actix-web + Diesel server (not the product) answering one prepared primary-key
//! lookup with a 3 KB JSON body, on the database and pool size it is given. A binary of its own so
//! the bench builds it with the release profile, as it builds the server it is compared with (xtask
//! itself is a debug build). Prints `listening on ADDRESS` once it accepts connections.

use actix_web::{web, App, HttpResponse, HttpServer};
use anyhow::{Context, Result};
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, Pool};
use std::io::Write;

type PgPool = Pool<ConnectionManager<PgConnection>>;

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
        let server = HttpServer::new(move || App::new().app_data(web::Data::new(pool.clone())).route("/floor/{id}", web::get().to(book)))
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
    let found = web::block(move || -> Result<Option<(i64, String, String)>> {
        let mut conn = pool.get()?;
        Ok(books::table.find(id).select((books::id, books::title, books::body)).first(&mut conn).optional()?)
    })
    .await;
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
