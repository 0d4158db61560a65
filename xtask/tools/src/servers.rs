//! Serving the built server: for `cargo xtask run` (one server, stand-ins where no keys are set)
//! and for the browser tests (N servers, each on its own copy of one seeded database, with its
//! own stand-ins, mail outbox and media, so parallel Playwright workers share no state).

use crate::catalogue_seed::Narration;
use crate::oauth_stand_in::StandInProvider;
use crate::payment_stand_ins::PaymentStandIns;
use anyhow::{Context, Result};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use xtask::postgres::with_database;
use xtask::util::{free_port, step, stop_child, wait_for_child_http, TEST_SIGNING_KEYS_SECRET};

/// glibc malloc's arenas for the server: 2, not up to 8 per core. Each thread that allocates while
/// the others do gets an arena of its own, up to 64 MiB, whose freed memory is kept: on the soak's
/// database the server held 669 MiB with the default and 270 MiB with 2, with no fewer requests a
/// second (docs/performance.md, "Fewer malloc arenas"). An environment that sets the variable
/// keeps its own value, so the two can be compared.
pub(crate) fn malloc_arenas() -> Option<(&'static str, &'static str)> {
    std::env::var_os("MALLOC_ARENA_MAX").is_none().then_some(("MALLOC_ARENA_MAX", "2"))
}

/// The built server: `XTASK_SERVER_BINARY` (set by `cargo xtask run --release`), else the debug build.
fn server_binary() -> String {
    std::env::var("XTASK_SERVER_BINARY").unwrap_or_else(|_| "target/debug/server".into())
}

/// `cargo xtask run`: migrate and seed DATABASE_URL, start the stand-ins for providers without
/// keys, and serve until the server stops (Ctrl-C reaches it directly).
pub fn serve() -> Result<()> {
    let database_url = std::env::var("DATABASE_URL").context("DATABASE_URL is set by `cargo xtask run`")?;
    step("Migrating and seeding");
    crate::seed::migrate_and_seed(&database_url, &crate::seed::media_dir(), Narration::Speech)?;
    let bind_addr = std::env::var("BIND_ADDR").unwrap_or_else(|_| "127.0.0.1:4000".into());
    // Without keys, payments go to local stand-ins so every flow can be clicked through.
    let payments = PaymentStandIns::start_missing(&format!("http://{bind_addr}")).context("starting the payment stand-ins")?;
    step(&format!("Serving http://{bind_addr} (Ctrl-C stops)"));
    println!("Mail is written to .local/outbox/ (set SMTP_URL to send it).");
    if let Some(description) = payments.describe() {
        println!("{description}");
    }
    // `cargo xtask reconcile` reaches the same stand-ins while this runs.
    crate::reconcile::write_stand_ins_env(&payments.env())?;
    ctrlc::set_handler(|| {}).context("installing the Ctrl-C handler")?;
    let status = Command::new(server_binary())
        .env("DATABASE_URL", &database_url)
        .env("BIND_ADDR", &bind_addr)
        .envs(payments.env())
        .env("STATIC_DIR", "frontend/dist")
        .env("MEDIA_DIR", crate::seed::media_dir())
        // Plain http on this machine: cookies without Secure (never outside development).
        .env("DEV_INSECURE_COOKIES", "true")
        .envs(malloc_arenas())
        .status()
        .context("starting the server")?;
    if !status.success() && status.code().is_some() {
        anyhow::bail!("the server exited with {status}");
    }
    Ok(())
}

/// What the browser tests need to know of one server.
struct TestServer {
    base_url: String,
    outbox: PathBuf,
    database_url: String,
    log: PathBuf,
    child: Child,
    // The stand-ins serve from threads of this process for as long as these live.
    _provider: StandInProvider,
    _payments: PaymentStandIns,
}

const TEMPLATE: &str = "gistbook_e2e_template";

/// `serve-e2e`: seeds one template database, copies it `count` times and starts a server on each
/// copy; prints `{"servers": [...]}` on one line, then serves until standard input closes.
pub fn serve_for_browser_tests(server_url: &str, count: usize) -> Result<()> {
    let scratch = xtask::util::root().join("target/e2e");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch)?;
    let admin = |sql: &str| -> Result<()> {
        use diesel::{Connection, RunQueryDsl};
        let mut conn = diesel::PgConnection::establish(server_url).context("connecting to the test PostgreSQL")?;
        diesel::sql_query(sql).execute(&mut conn).with_context(|| sql.to_owned())?;
        Ok(())
    };
    admin(&format!("DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)"))?;
    admin(&format!("CREATE DATABASE {TEMPLATE}"))?;
    let media = scratch.join("media");
    eprintln!("Seeding the browser tests' database");
    crate::seed::migrate_and_seed(&with_database(server_url, TEMPLATE), &media, Narration::OneBook)?;
    // A copy needs the template without sessions; the seed's pools may still be closing.
    admin(&format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{TEMPLATE}'"))?;

    let mut servers = Vec::new();
    for index in 0..count {
        let name = format!("gistbook_e2e_{index}");
        admin(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))?;
        admin(&format!("CREATE DATABASE {name} TEMPLATE {TEMPLATE}"))?;
        let dir = scratch.join(index.to_string());
        std::fs::create_dir_all(&dir)?;
        // Uploads name files after book ids, which the copies share: each server has its media.
        copy_dir(&media, &dir.join("media"))?;
        servers.push(start_test_server(&with_database(server_url, &name), &dir)?);
    }
    for server in &mut servers {
        if let Err(error) = wait_for_child_http(&mut server.child, &format!("{}/readyz", server.base_url), 60) {
            // Once, a server of the browser tests never answered and the next run overwrote its
            // log: the error shows the log (how a failed start began, before any backtrace; how a
            // running server's log ends).
            let log = std::fs::read_to_string(&server.log).unwrap_or_default();
            let lines: Vec<&str> = log.lines().collect();
            let part = match server.child.try_wait() {
                Ok(Some(_)) => &lines[..lines.len().min(20)],
                _ => &lines[lines.len().saturating_sub(20)..],
            };
            return Err(error.context(format!("its log ({}):\n{}", server.log.display(), part.join("\n"))));
        }
    }
    let described: Vec<serde_json::Value> = servers
        .iter()
        .map(|server| {
            serde_json::json!({
                "baseURL": server.base_url,
                "outbox": server.outbox,
                "databaseUrl": server.database_url,
                "log": server.log,
            })
        })
        .collect();
    println!("{}", serde_json::json!({ "servers": described }));
    // Serve until the caller closes our standard input (or exits).
    for line in std::io::stdin().lock().lines() {
        if line.is_err() {
            break;
        }
    }
    for server in &mut servers {
        stop_child(&mut server.child, 20);
    }
    Ok(())
}

fn start_test_server(database_url: &str, dir: &Path) -> Result<TestServer> {
    let outbox = dir.join("outbox");
    let media = dir.join("media");
    let port = free_port()?;
    let base_url = format!("http://127.0.0.1:{port}");
    let log_path = dir.join("server.log");
    let log = std::fs::File::create(&log_path)?;
    let provider = StandInProvider::start()?;
    // The browser tests pay through the stand-ins even where real keys are in the environment.
    let payments = PaymentStandIns::start_all(&base_url)?;
    let child = Command::new(server_binary())
        .envs(provider.env())
        .envs(payments.env())
        .env("DATABASE_URL", database_url)
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("PUBLIC_URL", &base_url)
        .env("STATIC_DIR", "frontend/dist")
        .env("SIGNING_KEYS_SECRET", TEST_SIGNING_KEYS_SECRET)
        .env("MAIL_OUTBOX_DIR", &outbox)
        .env("MAIL_POLL_INTERVAL_MS", "100")
        // Every browser test signs up its own members from loopback.
        .env("SIGNUPS_PER_ADDRESS_PER_HOUR", "100000")
        // The browser tests run on plain http at 127.0.0.1.
        .env("DEV_INSECURE_COOKIES", "true")
        .env("MEDIA_DIR", &media)
        .stdout(log.try_clone()?)
        .stderr(log)
        .spawn()
        .context("starting the server")?;
    Ok(TestServer { base_url, outbox, database_url: database_url.to_owned(), log: log_path, child, _provider: provider, _payments: payments })
}

fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from).with_context(|| format!("reading {}", from.display()))? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}
