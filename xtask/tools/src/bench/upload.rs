//! `bench upload`: a 2 GB video uploaded through the release server (multipart, streamed into the
//! local media store) against `cp` of the same file on the same disk: the throughput ratio, and the
//! server's peak resident memory before and after.

use super::Rig;
use anyhow::{Context, Result};
use serde_json::{json, Value};
use std::io::Write;
use std::time::Instant;
use xtask::util::step;

const SIZE_MB: u64 = 2048;
const BOUNDARY: &str = "gistbook-bench-boundary";

pub(super) fn run(rig: &Rig) -> Result<()> {
    let client = rig.client_with_timeout(std::time::Duration::from_secs(3600))?;
    let token = admin(rig, &client)?;
    let book = book_id(rig)?;

    let source = rig.scratch.join("upload-source.mp4");
    step(&format!("Writing a {SIZE_MB} MB file"));
    {
        let mut file = std::io::BufWriter::with_capacity(8 << 20, std::fs::File::create(&source)?);
        file.write_all(b"\0\0\0\x18ftypmp42\0\0\0\0mp42isom")?;
        let block: Vec<u8> = (0..1024 * 1024).map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        for _ in 0..SIZE_MB {
            file.write_all(&block)?;
        }
        file.flush()?;
    }
    let bytes = std::fs::metadata(&source)?.len();
    let _ = std::process::Command::new("sync").status();

    step("cp of the same file on the same disk");
    let copy = rig.scratch.join("upload-copy.mp4");
    let started = Instant::now();
    std::fs::copy(&source, &copy)?;
    let _ = std::process::Command::new("sync").status();
    let cp_seconds = started.elapsed().as_secs_f64();
    std::fs::remove_file(&copy)?;

    step("The same file through POST /api/admin/books/video/{id}");
    let rss_before = rig.server_peak_rss_kb()?;
    let head = format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bench.mp4\"\r\nContent-Type: video/mp4\r\n\r\n");
    let tail = format!("\r\n--{BOUNDARY}--\r\n");
    let body = std::io::Read::chain(
        std::io::Read::chain(std::io::Cursor::new(head.into_bytes()), std::fs::File::open(&source)?),
        std::io::Cursor::new(tail.into_bytes()),
    );
    let started = Instant::now();
    let answer: Value = client
        .post(format!("{}/api/admin/books/video/{book}", rig.base))
        .bearer_auth(&token)
        .header("Content-Type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(reqwest::blocking::Body::new(body))
        .send()?
        .json()?;
    let upload_seconds = started.elapsed().as_secs_f64();
    anyhow::ensure!(answer["status"] == "ok", "the upload failed: {answer}");
    let rss_after = rig.server_peak_rss_kb()?;
    std::fs::remove_file(&source)?;
    // The stored copy is 2 GB too.
    let _ = std::fs::remove_dir_all(rig.scratch.join("media/premium/video"));

    let mb = bytes as f64 / (1024.0 * 1024.0);
    println!("cp:      {mb:.0} MB in {cp_seconds:.1} s, {:.0} MB/s", mb / cp_seconds);
    println!("upload:  {mb:.0} MB in {upload_seconds:.1} s, {:.0} MB/s", mb / upload_seconds);
    println!("ratio:   {:.2} of cp's throughput", cp_seconds / upload_seconds);
    println!(
        "memory:  server peak RSS {} MB before, {} MB after ({} MB more)",
        rss_before / 1024,
        rss_after / 1024,
        rss_after.saturating_sub(rss_before) / 1024
    );
    Ok(())
}

/// An admin with two-factor on (the back office needs both); their token.
fn admin(rig: &Rig, client: &reqwest::blocking::Client) -> Result<String> {
    let email = "uploader@bench.example";
    let registered: Value = client
        .post(format!("{}/api/user/register", rig.base))
        .json(&json!({"username": email, "password": "bench-password-1", "firstName": "Bench", "lastName": "Admin", "timezone": "UTC"}))
        .send()?
        .json()?;
    let token = registered["result"]["token"].as_str().with_context(|| format!("registering: {registered}"))?.to_owned();
    use diesel::Connection;
    let mut conn = diesel::PgConnection::establish(&rig.url)?;
    db::operators::make_admin(&mut conn, &kernel::Email::parse(email)?)?;
    let setup: Value = client.post(format!("{}/api/user/two-factor/setup", rig.base)).bearer_auth(&token).send()?.json()?;
    let secret = setup["result"]["secret"].as_str().context("a two-factor secret")?;
    let code = credentials::current_code(secret, chrono::Utc::now()).context("a code")?;
    let enabled: Value = client.post(format!("{}/api/user/two-factor/enable", rig.base)).bearer_auth(&token).json(&json!({"code": code})).send()?.json()?;
    anyhow::ensure!(enabled["status"] == "ok", "turning two-factor on: {enabled}");
    Ok(token)
}

fn book_id(rig: &Rig) -> Result<i64> {
    use db::schema::books;
    use diesel::prelude::*;
    let mut conn = PgConnection::establish(&rig.url)?;
    Ok(books::table.select(books::id).order(books::id).first(&mut conn)?)
}
