//! The React app: packages, build, and the browser its end-to-end tests drive.

use crate::util::{have, is_root, newest_mtime, run, step};
use anyhow::{bail, Result};
use std::path::Path;
use std::process::Command;
use std::time::SystemTime;

pub const DIR: &str = "frontend";
/// Debian's Chromium: Lighthouse measures in it (`cargo xtask bench lighthouse`).
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Debian's `chromium-headless-shell` (same source package and version as `chromium`): the
/// browser tests drive it, as Playwright does by default for headless runs. Without the full
/// browser's display compositor and UI layer it needed 30 % less CPU and wall time for the same
/// 35 browser tests (docs/testing.md).
pub const HEADLESS_SHELL: &str = "/usr/bin/chromium-headless-shell";

pub fn npm() -> Command {
    let mut command = Command::new("npm");
    command.current_dir(DIR).env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1");
    command
}

/// The command that installs the front end's packages when node_modules is missing or older
/// than the lockfile (`npm ci`); none when they are installed.
pub fn packages_to_install() -> Result<Option<Command>> {
    if !have("npm") {
        bail!("npm is not installed. Install Node.js 20 and npm (Debian: `apt-get install nodejs npm`).");
    }
    let lock = Path::new(DIR).join("package-lock.json");
    let installed = Path::new(DIR).join("node_modules/.package-lock.json");
    let stale = match (newest_mtime(&lock), newest_mtime(&installed)) {
        (Some(lock), Some(installed)) => lock > installed,
        _ => true,
    };
    Ok(stale.then(|| {
        let mut command = npm();
        command.args(["ci", "--no-audit", "--no-fund"]);
        command
    }))
}

/// `npm ci` when node_modules is missing or older than the lockfile.
pub fn ensure_packages() -> Result<()> {
    if let Some(mut install) = packages_to_install()? {
        step("Installing front-end packages (npm ci)");
        run(&mut install)?;
    }
    Ok(())
}

/// Whether frontend/dist is missing or older than a source of the build.
pub fn dist_is_stale() -> bool {
    let built = newest_mtime(&Path::new(DIR).join("dist/index.html"));
    let sources = ["src", "public", "scripts", "webpack.config.js", "package-lock.json", "tsconfig.json"]
        .iter()
        .filter_map(|p| newest_source_mtime(&Path::new(DIR).join(p)))
        .max();
    built.is_none() || sources > built
}

/// `newest_mtime` without the unit tests and their helpers, which are not part of the build.
fn newest_source_mtime(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() {
        let name = path.file_name()?.to_string_lossy();
        return if name.contains(".test.") { None } else { meta.modified().ok() };
    }
    std::fs::read_dir(path)
        .ok()?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name() != "node_modules" && entry.file_name() != "testing")
        .filter_map(|entry| newest_source_mtime(&entry.path()))
        .max()
}

/// Builds frontend/dist when any source is newer than the last build.
pub fn build_if_stale() -> Result<()> {
    if dist_is_stale() {
        step("Building the web app (webpack)");
        run(npm().args(["run", "build"]))?;
    }
    Ok(())
}

/// Debian's Chromium and its headless shell, for the browser tests and Lighthouse; installed with
/// apt when one is missing (never downloaded by a test tool).
pub fn ensure_chromium() -> Result<()> {
    if Path::new(CHROMIUM).exists() && Path::new(HEADLESS_SHELL).exists() {
        return Ok(());
    }
    if !is_root() || !have("apt-get") {
        bail!("Chromium is missing: install Debian's packages (`sudo apt-get install chromium chromium-headless-shell`).");
    }
    step("Installing Chromium for the browser tests (apt-get install chromium chromium-headless-shell)");
    run(Command::new("apt-get").args(["update", "-qq"]))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq", "chromium", "chromium-headless-shell"]).env("DEBIAN_FRONTEND", "noninteractive"))
}
