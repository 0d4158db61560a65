//! `bench scale-out`: two release instances on one database behind nginx (round-robin per request,
//! kept-alive connections to both), against one instance behind the same nginx. The reader and the
//! history call at 64 connections: requests/s of two vs one, errors, and how many requests each
//! instance answered (from their `/metrics`), so the alternation is shown, not assumed. Members
//! sign up through the proxy, so a token minted by one instance is used on the other.

use super::{progress, wrk_load, Load, Rig};
use anyhow::{Context, Result};
use diesel::prelude::*;
use std::process::{Child, Command};
use xtask::util::{ensure_debian_program, free_port, step, stop_child, wait_for_http};

pub(super) const METRICS_TOKEN: &str = "bench-metrics-token";
const MEMBERS: usize = 100;

pub(super) fn run(rig: &Rig) -> Result<()> {
    ensure_debian_program("nginx", "nginx")?;
    step("Starting a second instance on the same database");
    let second = rig.another_instance()?;
    let instances = [rig.base.clone(), second];
    let proxy = Nginx::start(rig, &instances)?;

    step(&format!("Registering {MEMBERS} paid members through the two-instance proxy"));
    let client = rig.client()?;
    let tokens = (0..MEMBERS).map(|n| rig.paid_member_at(&client, &proxy.two, &format!("scale-{n}@bench.example"))).collect::<Result<Vec<_>>>()?;
    let books: Vec<i64> = {
        use db::schema::books;
        books::table.filter(books::body.ne("")).select(books::id).order(books::id).limit(1_000).load(&mut PgConnection::establish(&rig.url)?)?
    };
    let script = rig.scratch.join("scale-out-history.lua");
    std::fs::write(&script, progress::lua_script(&tokens, &books)).context("writing the wrk script")?;
    let script = script.display().to_string();
    let auth = format!("Authorization: Bearer {}", tokens[0]);

    let calls: [(&str, &str, Vec<&str>); 2] = [
        ("GET /api/books/{id} as a paid member", "/api/books/meditations", vec!["-H", &auth]),
        ("PUT /api/user-book-history/ from many members", "/api/user-book-history/", vec!["-s", &script]),
    ];
    let mut figures = Vec::new();
    for (label, path, args) in &calls {
        let one = wrk_load(&format!("{label}, one instance behind nginx"), &[args.as_slice(), &[&format!("{}{path}", proxy.one)]].concat())?;
        let before = answered(&client, &instances)?;
        let two = wrk_load(&format!("{label}, two instances behind nginx"), &[args.as_slice(), &[&format!("{}{path}", proxy.two)]].concat())?;
        let after = answered(&client, &instances)?;
        let shares: Vec<u64> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
        println!("two/one: {:.2}; answered by instance 1: {}, instance 2: {}", two.rps / one.rps, shares[0], shares[1]);
        figures.push((*label, one, two, shares));
    }

    step("Summary");
    for (label, one, two, shares) in figures {
        let Load { rps: one_rps, errors: one_errors } = one;
        let Load { rps: two_rps, errors: two_errors } = two;
        println!(
            "{label}: one {one_rps:.0}/s ({one_errors} errors), two {two_rps:.0}/s ({two_errors} errors), {:.2}x, split {}/{}",
            two_rps / one_rps,
            shares[0],
            shares[1]
        );
    }
    Ok(())
}

/// Requests each instance has answered so far (all routes), from its `/metrics`.
fn answered(client: &reqwest::blocking::Client, instances: &[String]) -> Result<Vec<u64>> {
    instances
        .iter()
        .map(|base| {
            let text = client.get(format!("{base}/metrics")).bearer_auth(METRICS_TOKEN).send()?.error_for_status()?.text()?;
            Ok(text.lines().filter(|l| l.starts_with("http_requests_total{")).filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok()).sum::<f64>() as u64)
        })
        .collect()
}

/// nginx in the foreground with two listeners: `one` proxies to the first instance only, `two`
/// round-robins over all of them.
struct Nginx {
    child: Child,
    one: String,
    two: String,
}

impl Nginx {
    fn start(rig: &Rig, instances: &[String]) -> Result<Nginx> {
        let dir = rig.scratch.join("nginx");
        std::fs::create_dir_all(&dir)?;
        let (one_port, two_port) = (free_port()?, free_port()?);
        let servers = |bases: &[String]| bases.iter().map(|b| format!("server {};", b.trim_start_matches("http://"))).collect::<Vec<_>>().join(" ");
        let location = "proxy_http_version 1.1; proxy_set_header Connection \"\"; proxy_set_header Host $host;";
        let d = dir.display();
        let config = format!(
            "worker_processes 2;\ndaemon off;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\nevents {{ worker_connections 4096; }}\n\
             http {{\n  access_log off;\n  client_body_temp_path {d}/body; proxy_temp_path {d}/proxy; fastcgi_temp_path {d}/fastcgi;\n  \
             uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;\n  \
             upstream one {{ {} keepalive 64; }}\n  upstream two {{ {} keepalive 64; }}\n  \
             server {{ listen 127.0.0.1:{one_port}; location / {{ proxy_pass http://one; {location} }} }}\n  \
             server {{ listen 127.0.0.1:{two_port}; location / {{ proxy_pass http://two; {location} }} }}\n}}\n",
            servers(&instances[..1]),
            servers(instances),
        );
        let path = dir.join("nginx.conf");
        std::fs::write(&path, config)?;
        let log = std::fs::File::create(dir.join("nginx.log"))?;
        let child = Command::new("nginx").arg("-p").arg(&dir).arg("-c").arg(&path).stdout(log.try_clone()?).stderr(log).spawn().context("starting nginx")?;
        let nginx = Nginx { child, one: format!("http://127.0.0.1:{one_port}"), two: format!("http://127.0.0.1:{two_port}") };
        wait_for_http(&format!("{}/readyz", nginx.one), 20)?;
        wait_for_http(&format!("{}/readyz", nginx.two), 20)?;
        Ok(nginx)
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg("-QUIT").arg(self.child.id().to_string()).status();
        stop_child(&mut self.child, 10);
    }
}
