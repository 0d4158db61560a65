use crate::payment_stand_ins::PaymentStandIns;
use crate::postgres::Postgres;
use crate::util::{run as run_command, step};
use crate::{frontend, seed};
use anyhow::{Context, Result};
use std::process::Command;

pub const DATABASE: &str = "gistbook";
const PRIVATE_PORT: u16 = 54329;

pub fn run(release: bool) -> Result<()> {
    frontend::ensure_packages()?;
    frontend::build_if_stale()?;
    step("Building the server");
    let mut build = Command::new(env!("CARGO"));
    build.args(["build", "-p", "server"]);
    if release {
        build.arg("--release");
    }
    run_command(&mut build)?;

    let postgres = Postgres::start("pg", PRIVATE_PORT)?;
    let database_url = match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => url,
        _ => postgres.database(DATABASE)?,
    };
    step("Migrating and seeding");
    seed::migrate_and_seed(&database_url, &seed::media_dir(), crate::catalogue_seed::Narration::Speech)?;

    let binary = format!("target/{}/server", if release { "release" } else { "debug" });
    let bind_addr = std::env::var("BIND_ADDR").unwrap_or_else(|_| "127.0.0.1:4000".into());
    // Without keys, payments go to local stand-ins so every flow can be clicked through.
    let payments = PaymentStandIns::start_missing(&format!("http://{bind_addr}")).context("starting the payment stand-ins")?;
    step(&format!("Serving http://{bind_addr} (Ctrl-C stops)"));
    println!("Mail is written to .local/outbox/ (set SMTP_URL to send it).");
    if let Some(description) = payments.describe() {
        println!("{description}");
    }
    // Ctrl-C reaches the server directly (same process group); we wait for it to finish, then
    // stop the private database.
    ctrlc::set_handler(|| {}).context("installing the Ctrl-C handler")?;
    let mut server = Command::new(binary)
        .env("DATABASE_URL", &database_url)
        .env("BIND_ADDR", &bind_addr)
        .envs(payments.env())
        .env("STATIC_DIR", "frontend/dist")
        .env("MEDIA_DIR", seed::media_dir())
        // Plain http on this machine: cookies without Secure (never outside development).
        .env("DEV_INSECURE_COOKIES", "true")
        .spawn()
        .context("starting the server")?;
    let status = server.wait()?;
    drop(postgres);
    println!("Stopped.");
    if !status.success() && status.code().is_some() {
        anyhow::bail!("the server exited with {status}");
    }
    Ok(())
}

/// Starts the database `run` uses, for tools and for `seed` / `make-admin` from another terminal.
pub fn database_only() -> Result<()> {
    let postgres = Postgres::start("pg", PRIVATE_PORT)?;
    let url = postgres.database(DATABASE)?;
    println!("PostgreSQL is up: {url}\nCtrl-C stops it.");
    let (stop, stopped) = std::sync::mpsc::channel();
    ctrlc::set_handler(move || {
        let _ = stop.send(());
    })
    .context("installing the Ctrl-C handler")?;
    let _ = stopped.recv();
    drop(postgres);
    Ok(())
}
