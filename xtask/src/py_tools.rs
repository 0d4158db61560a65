//! The Python servers some Rust tests start for themselves: aiosmtpd (a real SMTP server with
//! STARTTLS and AUTH, for the mail crate) and moto in server mode (an S3-compatible endpoint, for
//! the media crate). Pinned, from PyPI, in a virtual environment under `target/`; the Rust tests
//! find it through `PY_TOOLS`. When the venv already holds these pins nothing is installed.

use crate::stages::Log;
use anyhow::{bail, Result};
use std::path::PathBuf;
use std::process::Command;

pub const VENV: &str = "target/py-tools";
const REQUIREMENTS: &[&str] = &["aiosmtpd==1.4.6", "moto[server]==5.2.5"];
/// Written once pip succeeded: what the venv holds.
const MARKER: &str = "gistbook-requirements.txt";

/// The venv (absolute), made or brought up to the pins when needed.
pub fn ensure(log: &Log) -> Result<PathBuf> {
    let venv = crate::util::root().join(VENV);
    let wanted = REQUIREMENTS.join("\n");
    let marker = venv.join(MARKER);
    if venv.join("bin/python").exists() && std::fs::read_to_string(&marker).is_ok_and(|held| held == wanted) {
        log.line(&format!("{} already holds {}.", venv.display(), REQUIREMENTS.join(", ")));
        return Ok(venv);
    }
    log.line(&format!("Installing {} into {}", REQUIREMENTS.join(", "), venv.display()));
    let python = ["python3", "python"].into_iter().find(|p| Command::new(p).arg("--version").output().is_ok_and(|o| o.status.success()));
    let Some(python) = python else { bail!("python3 is needed for the SMTP and S3 test servers (Debian: python3, python3-venv)") };
    let _ = std::fs::remove_file(&marker);
    log.run(Command::new(python).arg("-m").arg("venv").arg(&venv))?;
    log.run(Command::new(venv.join("bin/pip")).args(["install", "-q", "--disable-pip-version-check"]).args(REQUIREMENTS))?;
    std::fs::write(&marker, wanted)?;
    Ok(venv)
}
