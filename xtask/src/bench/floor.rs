//! The floor of `bench reader`: the most this stack can do for one book on this machine. A minimal
//! actix-web + Diesel server (not the product) answering one prepared primary-key lookup with a
//! 3 KB JSON body, on the same database and pool size as the server under test.

use anyhow::{Context, Result};
use actix_web::{web, App, HttpResponse, HttpServer};
use diesel::prelude::*;
use diesel::r2d2::{ConnectionManager, Pool};

type PgPool = Pool<ConnectionManager<PgConnection>>;

/// The body's size: about what a book's reader answer carries.
const BODY_BYTES: usize = 3 * 1024;

pub(super) struct FloorServer {
    pub base: String,
    handle: actix_web::dev::ServerHandle,
}

impl FloorServer {
    pub fn start(database_url: &str, pool_size: u32) -> Result<FloorServer> {
        let pool = Pool::builder().max_size(pool_size).test_on_check_out(false).build(ConnectionManager::<PgConnection>::new(database_url)).context("the floor server's pool")?;
        let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
        let base = format!("http://{}", listener.local_addr()?);
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            actix_web::rt::System::new().block_on(async move {
                let server = HttpServer::new(move || App::new().app_data(web::Data::new(pool.clone())).route("/floor/{id}", web::get().to(book)))
                    .listen(listener)
                    .expect("listen")
                    .run();
                sender.send(server.handle()).ok();
                server.await.ok();
            })
        });
        let handle = receiver.recv().context("starting the floor server")?;
        Ok(FloorServer { base, handle })
    }
}

impl Drop for FloorServer {
    fn drop(&mut self) {
        actix_web::rt::System::new().block_on(self.handle.stop(true));
    }
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
