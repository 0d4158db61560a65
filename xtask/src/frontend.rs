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
    dist_is_stale_in(Path::new(DIR))
}

/// The build's last step (`scripts/prerender.mjs`) writes this file, and webpack's `clean` removes
/// it when a build starts: its time is when the last whole build ended. Not `index.html`'s: webpack
/// leaves a file that came out the same unwritten, so a change that only touched the prerender or
/// a lazy route kept `index.html` old, and every later run built again.
const BUILD_FINISHED: &str = "dist/.build-finished";

fn dist_is_stale_in(dir: &Path) -> bool {
    let built = newest_mtime(&dir.join(BUILD_FINISHED));
    let sources =
        ["src", "public", "scripts", "webpack.config.js", "package-lock.json", "tsconfig.json"].iter().filter_map(|p| newest_source_mtime(&dir.join(p))).max();
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

/// ESLint's last clean pass: its time is when that run started (`mark_lint_passed`). In
/// node_modules/.cache, beside Prettier's cache, so that installing the packages again forgets it.
const LINT_PASSED: &str = "node_modules/.cache/eslint-passed";

/// What `npm run lint` reads: the files it lints, its config, the TypeScript project its
/// type-aware rules load, and the installed packages (rules and types).
const LINT_INPUTS: [&str; 9] = [
    "src",
    "e2e",
    "eslint.config.js",
    "tsconfig.json",
    "vitest.config.ts",
    "playwright.config.ts",
    "package.json",
    "package-lock.json",
    "node_modules/.package-lock.json",
];

/// Whether ESLint passed on exactly these files: no input, and no folder of one (a file added or
/// removed), changed since its last clean run started. Its type-aware rules read other files than
/// the one they judge, so it is all or nothing: one change anywhere lints everything again.
pub fn lint_passed_since_last_change() -> bool {
    lint_passed_since_last_change_in(Path::new(DIR))
}

fn lint_passed_since_last_change_in(dir: &Path) -> bool {
    let Some(passed) = std::fs::metadata(dir.join(LINT_PASSED)).and_then(|meta| meta.modified()).ok() else { return false };
    LINT_INPUTS.iter().filter_map(|input| newest_change(&dir.join(input))).all(|changed| changed < passed)
}

/// Records a clean ESLint run that started at `started`: a file saved while it ran counts as a change.
pub fn mark_lint_passed(started: SystemTime) -> Result<()> {
    mark_lint_passed_in(Path::new(DIR), started)
}

fn mark_lint_passed_in(dir: &Path, started: SystemTime) -> Result<()> {
    let stamp = dir.join(LINT_PASSED);
    std::fs::create_dir_all(stamp.parent().expect("the stamp is in a folder"))?;
    std::fs::write(&stamp, "the time of this file is when the last clean `npm run lint` started\n")?;
    std::fs::File::options().write(true).open(&stamp)?.set_modified(started)?;
    Ok(())
}

/// The newest modification under `path`, folders included (their time moves when an entry is added,
/// removed or renamed).
fn newest_change(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    let own = meta.modified().ok();
    if meta.is_file() {
        return own;
    }
    std::fs::read_dir(path).ok()?.filter_map(Result::ok).filter_map(|entry| newest_change(&entry.path())).chain(own).max()
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, SystemTime};

    fn write_at(path: &Path, when: SystemTime) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "x").unwrap();
        std::fs::File::options().write(true).open(path).unwrap().set_modified(when).unwrap();
    }

    #[test]
    fn the_build_is_stale_until_a_whole_build_has_finished_after_the_newest_source() {
        let dir = &std::env::temp_dir().join(format!("xtask-dist-stale-{}", std::process::id()));
        let start = SystemTime::now() - Duration::from_secs(3600);
        let at = |minutes: u64| start + Duration::from_secs(minutes * 60);
        write_at(&dir.join("src/app.tsx"), at(1));
        write_at(&dir.join("dist/index.html"), at(2));
        assert!(dist_is_stale_in(dir), "no build has said it finished");
        write_at(&dir.join(BUILD_FINISHED), at(3));
        assert!(!dist_is_stale_in(dir));
        // A prerender change after the build: index.html stays as it was (webpack did not write it
        // again), and the next build's end is what counts.
        write_at(&dir.join("scripts/prerender.mjs"), at(4));
        assert!(dist_is_stale_in(dir));
        write_at(&dir.join(BUILD_FINISHED), at(5));
        assert!(!dist_is_stale_in(dir), "index.html is older than the source, but the build after it finished");
        // Unit tests are not sources of the build.
        write_at(&dir.join("src/app.test.tsx"), at(6));
        assert!(!dist_is_stale_in(dir));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn eslint_is_run_again_after_any_change_to_what_it_reads() {
        let dir = &std::env::temp_dir().join(format!("xtask-lint-fresh-{}", std::process::id()));
        let start = SystemTime::now() - Duration::from_secs(3600);
        let at = |minutes: u64| start + Duration::from_secs(minutes * 60);
        write_at(&dir.join("src/app.tsx"), at(1));
        write_at(&dir.join("e2e/login.spec.ts"), at(1));
        for folder in ["src", "e2e"] {
            std::fs::File::open(dir.join(folder)).unwrap().set_modified(at(1)).unwrap();
        }
        assert!(!lint_passed_since_last_change_in(dir), "it never passed");
        mark_lint_passed_in(dir, at(2)).unwrap();
        assert!(lint_passed_since_last_change_in(dir));
        // A file saved while the lint ran (after it started) is a change.
        write_at(&dir.join("src/app.tsx"), at(2) + Duration::from_secs(1));
        assert!(!lint_passed_since_last_change_in(dir));
        mark_lint_passed_in(dir, at(3)).unwrap();
        assert!(lint_passed_since_last_change_in(dir));
        // A file removed: only its folder's time says so.
        std::fs::remove_file(dir.join("e2e/login.spec.ts")).unwrap();
        std::fs::File::open(dir.join("e2e")).unwrap().set_modified(at(4)).unwrap();
        assert!(!lint_passed_since_last_change_in(dir));
        mark_lint_passed_in(dir, at(5)).unwrap();
        // Packages installed again, or the config changed.
        write_at(&dir.join("node_modules/.package-lock.json"), at(6));
        assert!(!lint_passed_since_last_change_in(dir));
        mark_lint_passed_in(dir, at(7)).unwrap();
        write_at(&dir.join("eslint.config.js"), at(8));
        assert!(!lint_passed_since_last_change_in(dir));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
