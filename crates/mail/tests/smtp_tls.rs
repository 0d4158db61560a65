//! The worker against a real SMTP server (aiosmtpd from the `PY_TOOLS` venv, see
//! tests/smtp_server.py): STARTTLS required, login required and only over TLS, a self-signed
//! certificate made for the test and trusted through the transport's CA file. What arrived is
//! checked byte for byte, headers included.

use billing::checkout::{Charge, ChargeStatus};
use billing::{Cents, Plan, PlanKind};
use db::testing::TestDatabase;
use db::{build_pool, PoolSettings};
use kernel::{Clock, SystemClock};
use mail::{deliver_once, MailSettings, MailTransport, Mailer};
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

const USER: &str = "mailer@gistbook.test";
const PASSWORD: &str = "s3cret/pass word";
const FROM: &str = "Gistbook <support@gistbook.app>";

/// The venv with aiosmtpd, from `PY_TOOLS`; a clear failure without it, never a silent pass.
fn py_tools() -> PathBuf {
    let how = "run `cargo xtask test` (it makes target/py-tools), or make it yourself: \
               python3 -m venv target/py-tools && target/py-tools/bin/pip install aiosmtpd==1.4.6 'moto[server]==5.2.5', \
               then set PY_TOOLS=$PWD/target/py-tools";
    let Some(venv) = std::env::var_os("PY_TOOLS").map(PathBuf::from) else {
        panic!("PY_TOOLS is not set: this test needs the Python venv with aiosmtpd; {how}")
    };
    assert!(venv.join("bin/aiosmtpd").exists(), "PY_TOOLS={} has no aiosmtpd; {how}", venv.display());
    venv
}

/// aiosmtpd on a free loopback port, stopped (killed) when dropped.
struct SmtpServer {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
}

impl SmtpServer {
    fn start() -> SmtpServer {
        let venv = py_tools();
        let dir = tempfile::tempdir().unwrap();
        let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
        let made = Command::new("openssl")
            .args(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"])
            .args(["-addext", "subjectAltName=IP:127.0.0.1", "-addext", "basicConstraints=critical,CA:FALSE"])
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&cert)
            .stdin(Stdio::null())
            .output()
            .expect("openssl is needed to make the test server's certificate");
        assert!(made.status.success(), "openssl req: {}", String::from_utf8_lossy(&made.stderr));
        std::fs::create_dir(dir.path().join("received")).unwrap();
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut child = Command::new(venv.join("bin/python"))
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/smtp_server.py"))
            .arg(port.to_string())
            .args([&cert, &key])
            .args([USER, PASSWORD])
            .arg(dir.path().join("received"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start smtp_server.py");
        // It prints "ready" once it accepts connections; an early exit ends its output.
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let server = SmtpServer { child, port, dir };
        assert_eq!(line.trim(), "ready", "smtp_server.py did not start (its errors are above)");
        server
    }

    fn cert(&self) -> PathBuf {
        self.dir.path().join("cert.pem")
    }

    fn url(&self, password: &str) -> String {
        let encode = |text: &str| text.replace('%', "%25").replace('@', "%40").replace('/', "%2F").replace(' ', "%20");
        format!("smtp://{}:{}@127.0.0.1:{}?tls=required", encode(USER), encode(password), self.port)
    }

    /// The messages received: (envelope facts as JSON, the message as received).
    fn received(&self) -> Vec<(serde_json::Value, String)> {
        let dir = self.dir.path().join("received");
        let mut numbers: Vec<u32> =
            std::fs::read_dir(&dir).unwrap().filter_map(|e| e.unwrap().file_name().to_str()?.strip_suffix(".json")?.parse().ok()).collect();
        numbers.sort();
        numbers
            .into_iter()
            .map(|n| {
                let facts = serde_json::from_str(&std::fs::read_to_string(dir.join(format!("{n}.json"))).unwrap()).unwrap();
                (facts, std::fs::read_to_string(dir.join(format!("{n}.eml"))).unwrap())
            })
            .collect()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A guest's receipt for the lifetime plan: one of the real mails, with its sign-up link.
fn receipt() -> kernel::OutgoingMail {
    let charge = Charge {
        id: "ch_smtp_test".into(),
        user: None,
        email: "grace@example.com".into(),
        plan_id: "lifetime".into(),
        quantity: 1,
        amount: Cents(29_900),
        coupon: None,
        provider: "stripe".into(),
        reference: "pi_123".into(),
        status: ChargeStatus::Paid,
        created_at: SystemClock.now(),
        referral_id: None,
        card_fingerprint: None,
        add_on: None,
    };
    let plan = Plan {
        id: "lifetime".into(),
        name: "Lifetime".into(),
        kind: PlanKind::Lifetime,
        amount: Cents(29_900),
        paypal_plan: None,
        book_title: None,
        course: None,
        active: true,
    };
    billing::receipt::receipt("https://gistbook.test", &charge, &plan, None, None)
}

fn mailer(url: String, ca_file: Option<PathBuf>) -> Mailer {
    Mailer::new(&MailSettings { transport: MailTransport::Smtp { url, ca_file }, from: FROM.into() }).unwrap()
}

/// Headers (unfolded) and body of a received message.
fn split(message: &str) -> (Vec<(String, String)>, String) {
    let (head, body) = message.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no blank line after the headers: {message}"));
    let mut headers: Vec<(String, String)> = Vec::new();
    for line in head.split("\r\n") {
        if line.starts_with([' ', '\t']) {
            headers.last_mut().unwrap().1.push_str(line);
        } else {
            let (name, value) = line.split_once(':').unwrap_or_else(|| panic!("bad header line {line:?}"));
            headers.push((name.to_owned(), value.trim().to_owned()));
        }
    }
    (headers, body.to_owned())
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> &'a str {
    let found: Vec<&str> = headers.iter().filter(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str()).collect();
    assert_eq!(found.len(), 1, "{name} should appear once: {headers:?}");
    found[0]
}

/// Decodes a quoted-printable body (RFC 2045 §6.7): soft line breaks and `=XX` escapes.
fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap_or_else(|_| panic!("bad escape ={hex}")));
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_receipt_goes_through_a_real_smtp_server_with_starttls_and_login() {
    let server = SmtpServer::start();
    let database = TestDatabase::new();
    let pool = build_pool(&database.url, &PoolSettings::default()).unwrap();
    let mail = receipt();
    let sent_at = chrono::Utc::now();
    db::mail_queue::enqueue(&mut database.connect(), &mail, SystemClock.now()).unwrap();

    let mailer = mailer(server.url(PASSWORD), Some(server.cert()));
    assert_eq!(deliver_once(&pool, &mailer, &SystemClock).unwrap(), 1);
    assert_eq!(db::mail_queue::pending_count(&mut database.connect()).unwrap(), 0, "sent, so no longer queued");

    let received = server.received();
    assert_eq!(received.len(), 1, "{received:?}");
    let (facts, message) = &received[0];
    assert_eq!(facts["tls"], true, "after STARTTLS: {facts}");
    assert_eq!(facts["login"], USER, "{facts}");
    assert_eq!(facts["mail_from"], "support@gistbook.app", "{facts}");
    assert_eq!(facts["rcpt_tos"], serde_json::json!(["grace@example.com"]), "{facts}");

    let (headers, body) = split(message);
    assert_eq!(header(&headers, "From"), FROM);
    assert_eq!(header(&headers, "To"), "grace@example.com");
    assert_eq!(header(&headers, "Subject"), "Your Gistbook receipt: Lifetime");
    assert_eq!(header(&headers, "Content-Type"), "text/plain; charset=utf-8");
    assert_eq!(header(&headers, "MIME-Version"), "1.0");
    // <queue id.queued at (µs)@the sender's domain>: the same on a retry, unique across databases.
    let id = header(&headers, "Message-ID");
    let inner = id.strip_prefix('<').and_then(|i| i.strip_suffix('>')).unwrap_or_else(|| panic!("Message-ID {id}"));
    let (local, domain) = inner.split_once('@').unwrap_or_else(|| panic!("Message-ID {id}"));
    assert_eq!(domain, "gistbook.app", "Message-ID {id}");
    let (queue_id, queued_at) = local.split_once('.').unwrap_or_else(|| panic!("Message-ID {id}"));
    assert!(queue_id.parse::<i64>().is_ok() && queued_at.parse::<i64>().is_ok(), "Message-ID {id}");
    let date = chrono::DateTime::parse_from_rfc2822(header(&headers, "Date")).expect("an RFC 5322 Date");
    assert!((date.with_timezone(&chrono::Utc) - sent_at).num_seconds().abs() < 120, "Date {date} vs {sent_at}");
    assert!(!headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("Bcc")), "{headers:?}");

    // lettre picks quoted-printable for this body: the guest's sign-up line is longer than 76.
    assert_eq!(header(&headers, "Content-Transfer-Encoding"), "quoted-printable");
    // What follows the message is the CRLF that ends SMTP's DATA.
    let body = quoted_printable(body.strip_suffix("\r\n").unwrap_or(&body));
    assert_eq!(body.replace("\r\n", "\n"), mail.text_body, "the body arrives as written");
    assert!(body.contains("https://gistbook.test/signup?chargeId=ch_smtp_test"), "{body}");
}

#[test]
fn a_wrong_password_or_an_untrusted_certificate_sends_nothing() {
    use db::schema::mail_outbox;
    use diesel::prelude::*;
    let server = SmtpServer::start();
    let database = TestDatabase::new();
    let pool = build_pool(&database.url, &PoolSettings::default()).unwrap();
    db::mail_queue::enqueue(&mut database.connect(), &receipt(), SystemClock.now()).unwrap();
    let last_error = || -> String {
        let error: Option<String> = mail_outbox::table.select(mail_outbox::last_error).first(&mut database.connect()).unwrap();
        error.unwrap_or_default()
    };

    // The right certificate, the wrong password: the server answers 535 and the mail waits.
    assert_eq!(deliver_once(&pool, &mailer(server.url("wrong password"), Some(server.cert())), &SystemClock).unwrap(), 1);
    assert_eq!(db::mail_queue::pending_count(&mut database.connect()).unwrap(), 1, "still queued for a retry");
    let error = last_error();
    assert!(error.starts_with("smtp") && error.contains("535"), "{error}");
    assert!(!error.contains("wrong password"), "the error names no secret: {error}");

    // The right password but the self-signed certificate not trusted: TLS fails before the login.
    diesel::update(mail_outbox::table).set(mail_outbox::next_attempt_at.eq(SystemClock.now())).execute(&mut database.connect()).unwrap();
    assert_eq!(deliver_once(&pool, &mailer(server.url(PASSWORD), None), &SystemClock).unwrap(), 1);
    assert_eq!(db::mail_queue::pending_count(&mut database.connect()).unwrap(), 1, "still queued for a retry");
    let error = last_error();
    assert!(error.starts_with("smtp") && !error.contains("535"), "{error}");

    assert!(server.received().is_empty(), "nothing arrived: {:?}", server.received());
}
