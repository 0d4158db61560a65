use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

pub fn enter_workspace_root() -> Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().context("workspace root")?;
    std::env::set_current_dir(root).context("entering the workspace root")
}

pub fn root() -> PathBuf {
    std::env::current_dir().expect("current dir")
}

/// Prints a step heading, so long commands show where they are.
pub fn step(text: &str) {
    println!("\n==> {text}");
}

/// Runs a command to completion, failing with its name when it fails.
pub fn run(command: &mut Command) -> Result<()> {
    let shown = format!("{command:?}");
    let status = command.status().with_context(|| format!("starting {shown}"))?;
    if !status.success() {
        bail!("{shown} failed ({status})");
    }
    Ok(())
}

pub fn have(program: &str) -> bool {
    Command::new("sh").arg("-c").arg(format!("command -v {program}")).output().is_ok_and(|o| o.status.success())
}

pub fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// The newest modification time of any file below `path` (skipping node_modules).
pub fn newest_mtime(path: &Path) -> Option<SystemTime> {
    let meta = std::fs::metadata(path).ok()?;
    if meta.is_file() {
        return meta.modified().ok();
    }
    std::fs::read_dir(path)
        .ok()?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name() != "node_modules")
        .filter_map(|entry| newest_mtime(&entry.path()))
        .max()
}

pub fn free_port() -> Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// Waits until `url` answers 200, or fails after `seconds`.
pub fn wait_for_http(url: &str, seconds: u64) -> Result<()> {
    let address = url.trim_start_matches("http://");
    let (host, path) = address.split_once('/').map(|(h, p)| (h, format!("/{p}"))).unwrap_or((address, "/".into()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while std::time::Instant::now() < deadline {
        if let Ok(mut stream) = std::net::TcpStream::connect(host) {
            use std::io::{Read, Write};
            let _ = write!(stream, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n");
            let mut answer = String::new();
            let _ = stream.read_to_string(&mut answer);
            if answer.starts_with("HTTP/1.1 200") || answer.starts_with("HTTP/1.0 200") {
                return Ok(());
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    bail!("{url} did not answer within {seconds} s")
}

/// Waits until `child`'s `url` answers 200; fails at once when the child exits (saying how), or
/// after `seconds`.
pub fn wait_for_child_http(child: &mut std::process::Child, url: &str, seconds: u64) -> Result<()> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    loop {
        if let Some(status) = child.try_wait()? {
            bail!("the process serving {url} exited ({status})");
        }
        // One try a second, so that an exit is seen within a second.
        match wait_for_http(url, 1) {
            Ok(()) => return Ok(()),
            Err(_) if std::time::Instant::now() >= deadline => bail!("{url} did not answer within {seconds} s"),
            Err(_) => {}
        }
    }
}

/// POSTs `body` as JSON to `url` (plain http on loopback, HTTP/1.0 so the answer ends with the
/// connection); the answer's status code and body.
pub fn post_json(url: &str, body: &serde_json::Value) -> Result<(u16, String)> {
    use std::io::{Read, Write};
    let address = url.strip_prefix("http://").with_context(|| format!("{url} is not a plain http URL"))?;
    let (host, path) = address.split_once('/').map(|(h, p)| (h, format!("/{p}"))).unwrap_or((address, "/".into()));
    let payload = body.to_string();
    let mut stream = std::net::TcpStream::connect(host).with_context(|| format!("connecting to {host}"))?;
    stream.set_read_timeout(Some(std::time::Duration::from_secs(30)))?;
    write!(stream, "POST {path} HTTP/1.0\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{payload}", payload.len())?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split_whitespace().nth(1).and_then(|code| code.parse().ok()).with_context(|| format!("no status line from {url}: {head}"))?;
    Ok((status, body.to_owned()))
}

/// Asks a child to stop as Ctrl-C would, then waits; kills it if it lingers.
pub fn stop_child(child: &mut std::process::Child, seconds: u64) {
    let _ = Command::new("kill").arg("-INT").arg(child.id().to_string()).status();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while std::time::Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Seals the signing keys of the browser tests' and benchmarks' own databases (never production's).
pub const TEST_SIGNING_KEYS_SECRET: &str = "xtask-test-databases-signing-keys-secret";

/// The programs (and their Debian packages) that narrate the demo books and make their videos.
pub const MEDIA_TOOLS: [(&str, &str); 3] = [("espeak-ng", "espeak-ng"), ("ffmpeg", "ffmpeg"), ("rsvg-convert", "librsvg2-bin")];

/// Installs the media tools that are missing (as root, with apt-get).
pub fn ensure_media_tools() -> Result<()> {
    MEDIA_TOOLS.iter().try_for_each(|(program, package)| ensure_debian_program(program, package))
}

/// Installs Debian's `package` for `program` when missing (as root, with apt-get).
pub fn ensure_debian_program(program: &str, package: &str) -> Result<()> {
    if have(program) {
        return Ok(());
    }
    if !is_root() || !have("apt-get") {
        anyhow::bail!("{program} is missing: install Debian's package (`sudo apt-get install {package}`).");
    }
    step(&format!("Installing {package} (apt-get install {package})"));
    let install = || run(Command::new("apt-get").args(["install", "-y", "-qq", package]).env("DEBIAN_FRONTEND", "noninteractive"));
    install().or_else(|_| {
        run(Command::new("apt-get").args(["update", "-qq"]))?;
        install()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_for_a_child_stops_as_soon_as_it_exits() {
        let url = format!("http://127.0.0.1:{}/readyz", free_port().unwrap());
        let mut child = std::process::Command::new("sh").args(["-c", "exit 3"]).spawn().unwrap();
        let started = std::time::Instant::now();
        let error = wait_for_child_http(&mut child, &url, 60).unwrap_err().to_string();
        assert!(error.contains("exited") && error.contains('3'), "{error}");
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "waited {:?}", started.elapsed());
    }

    #[test]
    fn the_wait_for_a_child_that_never_answers_ends_at_its_deadline() {
        let url = format!("http://127.0.0.1:{}/readyz", free_port().unwrap());
        let mut child = std::process::Command::new("sleep").arg("30").spawn().unwrap();
        let error = wait_for_child_http(&mut child, &url, 2).unwrap_err().to_string();
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(error, format!("{url} did not answer within 2 s"));
    }
}
