//! `cargo xtask run` and `cargo xtask db`: the app on this machine, with its private PostgreSQL.

use crate::build;
use crate::postgres::Postgres;
use crate::{frontend, util};
use anyhow::{Context, Result};
use std::process::Command;
use xtask::{RUN_CLUSTER, RUN_DATABASE};

pub fn run(release: bool) -> Result<()> {
    frontend::ensure_packages()?;
    // Narration and videos for the demo; without them the seed says so and uses a tone.
    if let Err(error) = util::ensure_media_tools() {
        println!("{error:#}");
    }
    frontend::build_if_stale()?;
    // The one build of `cargo xtask test` (the server, the seeder and the stand-ins among it), so
    // switching between `run` and `test` rebuilds nothing.
    build::build_all()?;
    let server = if release {
        util::step("Building the release server");
        util::run(Command::new(env!("CARGO")).args(["build", "--release", "-p", "server"]))?;
        "target/release/server"
    } else {
        build::SERVER
    };
    let postgres = Postgres::start(RUN_CLUSTER.0, RUN_CLUSTER.1)?;
    let database_url = match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => url,
        _ => postgres.database(RUN_DATABASE)?,
    };
    // Ctrl-C reaches the tools and the server directly (same process group); we wait for them,
    // then stop the private database.
    ctrlc::set_handler(|| {}).context("installing the Ctrl-C handler")?;
    let status = Command::new(build::TOOLS).arg("serve").env("DATABASE_URL", &database_url).env("XTASK_SERVER_BINARY", server).status();
    drop(postgres);
    println!("Stopped.");
    let status = status.context("starting the server")?;
    if !status.success() && status.code().is_some() {
        anyhow::bail!("the server exited with {status}");
    }
    Ok(())
}

/// Starts the database `run` uses, for tools and for `seed` / `make-admin` from another terminal.
pub fn database_only() -> Result<()> {
    let postgres = Postgres::start(RUN_CLUSTER.0, RUN_CLUSTER.1)?;
    let url = postgres.database(RUN_DATABASE)?;
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
