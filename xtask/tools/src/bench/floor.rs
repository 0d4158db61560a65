//! Starts the floor server of `bench reader` (`src/bin/floor-server.rs`), built with the release
//! profile like the server under test, on the same database and pool size.

use anyhow::{Context, Result};
use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use xtask::util::{run, step};

pub(super) struct FloorServer {
    pub base: String,
    child: Child,
}

impl FloorServer {
    pub fn start(database_url: &str, pool_size: u32) -> Result<FloorServer> {
        step("Building the floor server (release)");
        run(Command::new(env!("CARGO")).args(["build", "-q", "--release", "-p", "xtask-tools", "--bin", "floor-server"]))?;
        let mut child = Command::new("target/release/floor-server")
            .env("DATABASE_URL", database_url)
            .env("DB_POOL_SIZE", pool_size.to_string())
            .stdout(Stdio::piped())
            .spawn()
            .context("starting the floor server")?;
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().context("the floor server's output")?).read_line(&mut line)?;
        let Some(address) = line.trim().strip_prefix("listening on ") else {
            child.kill().ok();
            anyhow::bail!("the floor server did not start: {line:?}");
        };
        Ok(FloorServer { base: format!("http://{address}"), child })
    }
}

impl Drop for FloorServer {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}
