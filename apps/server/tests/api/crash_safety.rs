//! Crash safety (issue 31 §5): the server process is killed (SIGKILL) after Stripe took the money
//! and before checkout's transaction recorded it (the test-only fault point `after-card-charge`),
//! started again, and the payment's webhook (Stripe retries it) or the reconcile job gives the
//! member exactly one grant and one receipt.
//!
//! The server runs as its own process here (the built binary, configured by environment as in
//! production), so it can be killed without taking the test with it.

use crate::common::*;
use db::testing::TestDatabase;
use reqwest::StatusCode;
use serde_json::json;
use stand_ins::stripe::StripeStandIn;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

struct ServerProcess {
    address: String,
    child: Child,
    /// The server's stderr, line by line.
    stderr: mpsc::Receiver<String>,
    client: reqwest::Client,
}

struct Crashable {
    db: TestDatabase,
    stripe: StripeStandIn,
    dirs: tempfile::TempDir,
}

impl Crashable {
    fn new() -> Crashable {
        Crashable { db: TestDatabase::new(), stripe: StripeStandIn::start().expect("the Stripe stand-in"), dirs: tempfile::tempdir().unwrap() }
    }

    /// Starts the server binary on a free port and waits until it answers.
    async fn start(&self, extra: &[(&str, &str)]) -> ServerProcess {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let address = format!("http://127.0.0.1:{port}");
        let mut child = Command::new(env!("CARGO_BIN_EXE_server"))
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DATABASE_URL", &self.db.url)
            .env("BIND_ADDR", format!("127.0.0.1:{port}"))
            .env("PUBLIC_URL", &address)
            .env("SIGNING_KEYS_SECRET", SIGNING_KEYS_SECRET)
            .env("MAIL_OUTBOX_DIR", self.dirs.path().join("outbox"))
            .env("MEDIA_DIR", self.dirs.path().join("media"))
            .env("STATIC_DIR", self.dirs.path().join("no-frontend-here"))
            .env("DEV_INSECURE_COOKIES", "true")
            .env("METRICS_TOKEN", METRICS_TOKEN)
            .env("MEDIA_URL_SECRET", MEDIA_SECRET)
            .env("REFERRAL_LEDGER_INTERVAL_MS", "3600000")
            .env("STRIPE_SECRET_KEY", stand_ins::stripe::SECRET_KEY)
            .env("STRIPE_PUBLISHABLE_KEY", stand_ins::stripe::PUBLISHABLE_KEY)
            .env("STRIPE_WEBHOOK_SECRET", stand_ins::stripe::WEBHOOK_SECRET)
            .env("STRIPE_API_BASE", &self.stripe.base_url)
            .env("PAYMENTS_TEST_MODE", "true")
            .envs(extra.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the server binary");
        let (lines, stderr) = mpsc::channel();
        let pipe = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let server = ServerProcess { address, child, stderr, client: new_client() };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok(response) = server.client.get(server.url("/healthz")).send().await {
                if response.status() == StatusCode::OK {
                    return server;
                }
            }
            assert!(Instant::now() < deadline, "the server did not answer within 30 s");
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
    }

    fn connect(&self) -> diesel::PgConnection {
        self.db.connect()
    }

    fn scalar(&self, sql: &str) -> i64 {
        count(&mut self.connect(), sql)
    }

    fn charge_of(&self, email: &str) -> (String, String, String) {
        use diesel::prelude::*;
        let row: (String, String, String) = diesel::sql_query(format!("SELECT id, status, reference FROM charges WHERE email = '{email}'"))
            .get_result::<ChargeRow>(&mut self.connect())
            .map(|r| (r.id, r.status, r.reference))
            .expect("the charge row");
        row
    }

    /// (grants of the charge, receipts queued to the buyer)
    fn grants_and_receipts(&self, charge_id: &str, email: &str) -> (i64, i64) {
        (
            self.scalar(&format!("SELECT count(*) FROM access_grants WHERE charge_id = '{charge_id}'")),
            self.scalar(&format!("SELECT count(*) FROM mail_outbox WHERE recipient = '{email}' AND subject LIKE 'Your Gistbook receipt%'")),
        )
    }
}

#[derive(diesel::QueryableByName)]
struct ChargeRow {
    #[diesel(sql_type = diesel::sql_types::Text)]
    id: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    status: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    reference: String,
}

impl ServerProcess {
    fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    async fn register(&self, email: &str) -> String {
        let response = self.client.post(self.url("/api/user/register")).json(&registration(email, PASSWORD)).send().await.unwrap();
        ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned()
    }

    /// Waits for the fault point's line on stderr (without blocking the runtime that sends the
    /// request).
    async fn wait_for_fault_point(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            match self.stderr.try_recv() {
                Ok(line) if line.contains(server::fault_points::REACHED) => return,
                Ok(_) => continue,
                Err(mpsc::TryRecvError::Disconnected) => panic!("the server exited before its fault point"),
                Err(mpsc::TryRecvError::Empty) => {}
            }
            assert!(Instant::now() < deadline, "the server never reached its fault point");
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// SIGKILL: no destructor, no flush, no rollback but PostgreSQL's own.
    fn kill(mut self) {
        self.child.kill().expect("SIGKILL the server");
        self.child.wait().unwrap();
    }

    async fn worker_passes(&self, worker: &str) -> u64 {
        let text = self.client.get(self.url("/metrics")).bearer_auth(METRICS_TOKEN).send().await.unwrap().text().await.unwrap();
        let series = format!("background_passes_total{{worker=\"{worker}\"}} ");
        text.lines().find_map(|line| line.strip_prefix(series.as_str())).and_then(|n| n.trim().parse().ok()).unwrap_or(0)
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Buys lifetime as `email` on a server that stops at the fault point, and kills it there.
async fn buy_and_crash(world: &Crashable, email: &str) -> String {
    let server = world.start(&[("FAULT_POINT", "after-card-charge"), ("RECONCILE_INTERVAL_MS", "0")]).await;
    let token = server.register(email).await;
    // Confirmed, as its link would, so that the member may buy.
    world.scalar(&format!("WITH confirmed AS (UPDATE users SET email_verified_at = now() WHERE email = '{email}' RETURNING 1) SELECT count(*) FROM confirmed"));
    let charges_before = world.stripe.charge_count();
    let card = world.stripe.create_payment_method(stand_ins::stripe::CARD_OK);
    let request = server.client.post(server.url("/api/charge/process/lifetime")).bearer_auth(&token).json(&json!({"token": card})).send();
    // The request never gets its answer: the server dies first.
    let pending = actix_web::rt::spawn(request);
    server.wait_for_fault_point().await;
    server.kill();
    assert!(pending.await.unwrap().is_err(), "the checkout died with the server");
    let (charge_id, status, reference) = world.charge_of(email);
    assert_eq!((status.as_str(), reference.as_str()), ("initiated", ""), "recorded before Stripe was asked, nothing after");
    assert_eq!(world.stripe.charge_count(), charges_before + 1, "Stripe took the money");
    assert_eq!(world.grants_and_receipts(&charge_id, email), (0, 0), "the transaction that would have given it never committed");
    charge_id
}

#[actix_web::test]
async fn killed_after_stripe_took_the_money_the_retried_webhook_gives_one_grant_and_one_receipt() {
    let world = Crashable::new();
    let charge_id = buy_and_crash(&world, "crash-webhook@example.com").await;
    let charges_at_stripe = world.stripe.charge_count();

    let server = world.start(&[("RECONCILE_INTERVAL_MS", "0")]).await;
    // Stripe retries every event the dead server did not acknowledge (twice here: a retry may
    // cross the first delivery).
    let webhook = server.url("/api/webhooks/stripe");
    for _ in 0..2 {
        for event in world.stripe.events() {
            let status = StripeStandIn::send_event(&webhook, stand_ins::stripe::WEBHOOK_SECRET, &event).unwrap();
            assert_eq!(status, 200, "{}", event["type"]);
        }
    }
    let (_, status, reference) = world.charge_of("crash-webhook@example.com");
    assert_eq!(status, "paid");
    assert!(reference.starts_with("pi_"), "{reference}");
    assert_eq!(world.grants_and_receipts(&charge_id, "crash-webhook@example.com"), (1, 1));
    let token = {
        let response =
            server.client.post(server.url("/api/user/login")).json(&json!({"email": "crash-webhook@example.com", "password": PASSWORD})).send().await.unwrap();
        ok_body(response, StatusCode::OK).await["result"]["token"].as_str().unwrap().to_owned()
    };
    let grants = server.client.get(server.url("/api/user/grants")).bearer_auth(&token).send().await.unwrap();
    let grants = ok_body(grants, StatusCode::OK).await;
    assert_eq!(grants["result"]["grants"].as_array().map(Vec::len), Some(1), "{grants}");
    assert_eq!(world.stripe.charge_count(), charges_at_stripe, "nobody was charged twice");
}

#[actix_web::test]
async fn killed_after_stripe_took_the_money_the_reconcile_job_gives_one_grant_and_one_receipt() {
    let world = Crashable::new();
    let charge_id = buy_and_crash(&world, "crash-reconcile@example.com").await;

    // No webhook this time (Stripe gave up, or the endpoint was misconfigured): the reconcile job
    // runs at start-up and then every 200 ms.
    let server = world.start(&[("RECONCILE_INTERVAL_MS", "200")]).await;
    let deadline = Instant::now() + Duration::from_secs(15);
    while world.charge_of("crash-reconcile@example.com").1 != "paid" {
        assert!(Instant::now() < deadline, "the reconcile job did not record the payment within 15 s");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(world.grants_and_receipts(&charge_id, "crash-reconcile@example.com"), (1, 1));
    // Two more whole passes change nothing.
    let passes = server.worker_passes("reconcile").await;
    while server.worker_passes("reconcile").await < passes + 2 {
        assert!(Instant::now() < deadline + Duration::from_secs(15), "the reconcile job stalled");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(world.grants_and_receipts(&charge_id, "crash-reconcile@example.com"), (1, 1));
    assert_eq!(world.scalar("SELECT count(*) FROM charges"), 1);
    // The webhook arriving late on top of it gives nothing more.
    let webhook = server.url("/api/webhooks/stripe");
    for event in world.stripe.events() {
        StripeStandIn::send_event(&webhook, stand_ins::stripe::WEBHOOK_SECRET, &event).unwrap();
    }
    assert_eq!(world.grants_and_receipts(&charge_id, "crash-reconcile@example.com"), (1, 1));
}

#[actix_web::test]
async fn killed_between_a_sign_up_and_its_referrer_the_ledger_job_still_credits_the_referrer() {
    let world = Crashable::new();
    let server = world.start(&[("FAULT_POINT", "after-sign-up")]).await;
    // The referrer joined before (the fault point stops every form sign-up: theirs is made here).
    world.scalar(
        "WITH ann AS (INSERT INTO users (email, password_hash, first_name, last_name, timezone, created_at) \
         VALUES ('ann@example.com', 'x', 'Ann', 'Lee', 'UTC', now()) RETURNING id), \
         id AS (INSERT INTO referral_ids (user_id, referral_id, created_at) SELECT id, 'annslink0001', now() FROM ann RETURNING 1) \
         SELECT count(*) FROM id",
    );
    let mut body = registration("bo@example.com", PASSWORD);
    body["rId"] = json!("annslink0001");
    let pending = actix_web::rt::spawn(server.client.post(server.url("/api/user/register")).json(&body).send());
    server.wait_for_fault_point().await;
    server.kill();
    assert!(pending.await.unwrap().is_err(), "the sign-up died with the server");
    assert_eq!(
        world.scalar("SELECT count(*) FROM users WHERE email = 'bo@example.com' AND joined_via_referral = 'annslink0001'"),
        1,
        "the account keeps its link"
    );
    assert_eq!(world.scalar("SELECT count(*) FROM referrals"), 0, "the referrer was not recorded before the crash");

    // Started again (the ledger job every 100 ms): the referrer is recorded once, the link settled.
    let server = world.start(&[("REFERRAL_LEDGER_INTERVAL_MS", "100")]).await;
    let deadline = Instant::now() + Duration::from_secs(15);
    let attributed = "SELECT count(*) FROM referrals r JOIN users m ON m.id = r.member_id JOIN users a ON a.id = r.referrer_id \
                      WHERE m.email = 'bo@example.com' AND a.email = 'ann@example.com' AND m.joined_via_referral IS NULL";
    while world.scalar(attributed) != 1 {
        assert!(Instant::now() < deadline, "the ledger job did not attribute the referral within 15 s");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    let passes = server.worker_passes("commission-ledger").await;
    while server.worker_passes("commission-ledger").await < passes + 2 {
        assert!(Instant::now() < deadline + Duration::from_secs(15), "the ledger job stalled");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(world.scalar("SELECT count(*) FROM referrals"), 1, "two more passes change nothing");
}
