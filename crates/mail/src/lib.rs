//! Delivery of the mail outbox. The worker takes due mail from the database, sends it through
//! lettre, and records the outcome; failures are retried with exponential back-off.

use chrono::Duration;
use db::mail_queue::{deliver_due, Delivery, QueuedMail};
use db::DbPool;
use kernel::{Clock, Timestamp};
use lettre::message::header::{ContentType, MIME_VERSION_1_0};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{FileTransport, Message, SmtpTransport, Transport};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where mail goes.
#[derive(Debug, Clone)]
pub enum MailTransport {
    /// An SMTP server, e.g. `smtp://user:pass@host:587?tls=required` (STARTTLS), `smtps://...` (TLS) or
    /// `smtp://127.0.0.1:2525` (no TLS) for a local stand-in. `ca_file`: PEM certificates trusted
    /// for the server besides the public roots (a private relay's own CA, a test server's
    /// self-signed certificate).
    Smtp { url: String, ca_file: Option<PathBuf> },
    /// A folder of `.eml` files a person can open: the default when no SMTP server is set.
    Outbox { folder: PathBuf },
}

#[derive(Debug, Clone)]
pub struct MailSettings {
    pub transport: MailTransport,
    /// The From address, e.g. `Gistbook <support@gistbook.app>`.
    pub from: String,
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("bad mail settings: {0}")]
    Settings(String),
}

/// Gives up after this many attempts (about a day of back-off).
pub const MAX_ATTEMPTS: i32 = 10;

/// When to try again after `attempts` failures: 1, 2, 4 ... minutes, at most an hour apart.
pub fn next_attempt(attempts: i32, now: Timestamp) -> Option<Timestamp> {
    if attempts >= MAX_ATTEMPTS {
        return None;
    }
    let minutes = 1i64 << attempts.clamp(0, 6);
    Some(now + Duration::minutes(minutes.min(60)))
}

enum Sender {
    Smtp(SmtpTransport),
    File(FileTransport),
}

pub struct Mailer {
    sender: Sender,
    from: Mailbox,
}

impl Mailer {
    pub fn new(settings: &MailSettings) -> Result<Mailer, MailError> {
        let from: Mailbox = settings.from.parse().map_err(|e| MailError::Settings(format!("MAIL_FROM: {e}")))?;
        let sender = match &settings.transport {
            MailTransport::Smtp { url, ca_file } => Sender::Smtp(smtp_transport(url, ca_file.as_deref())?),
            MailTransport::Outbox { folder } => {
                std::fs::create_dir_all(folder).map_err(|e| MailError::Settings(format!("cannot create outbox {}: {e}", folder.display())))?;
                Sender::File(FileTransport::new(folder))
            }
        };
        Ok(Mailer { sender, from })
    }

    /// Sends one mail; the error text is kept in the outbox row, so it names no secrets.
    pub fn send(&self, mail: &QueuedMail) -> Result<(), String> {
        let to: Mailbox = mail.recipient.parse().map_err(|e| format!("bad recipient: {e}"))?;
        // The same Message-ID on every attempt (a retry after a lost answer is recognisably the
        // same mail), unique across databases through the queue time; MIME-Version, which lettre
        // adds to multipart mail only, also for plain text (RFC 2045 wants it with Content-Type).
        let message_id = format!("<{}.{}@{}>", mail.id, mail.created_at.timestamp_micros(), self.from.email.domain());
        let builder = Message::builder().from(self.from.clone()).to(to).subject(&mail.subject).message_id(Some(message_id)).header(MIME_VERSION_1_0);
        let message = match (&mail.attachment, &mail.attachment_name, &mail.attachment_type) {
            (Some(bytes), Some(name), Some(kind)) => {
                let kind = ContentType::parse(kind).map_err(|e| format!("bad attachment type: {e}"))?;
                builder.multipart(
                    MultiPart::mixed()
                        .singlepart(SinglePart::plain(mail.text_body.clone()))
                        .singlepart(Attachment::new(name.clone()).body(bytes.clone(), kind)),
                )
            }
            _ => builder.header(ContentType::TEXT_PLAIN).body(mail.text_body.clone()),
        }
        .map_err(|e| format!("cannot build message: {e}"))?;
        match &self.sender {
            Sender::Smtp(smtp) => smtp.send(&message).map(drop).map_err(|e| format!("smtp: {e}")),
            Sender::File(file) => file.send(&message).map(drop).map_err(|e| format!("outbox: {e}")),
        }
    }

    fn deliver(&self, mail: &QueuedMail, now: Timestamp) -> Delivery {
        match self.send(mail) {
            Ok(()) => Delivery::Sent,
            Err(error) => {
                tracing::warn!(mail_id = mail.id, attempts = mail.attempts + 1, %error, "mail delivery failed");
                match next_attempt(mail.attempts + 1, now) {
                    Some(at) => Delivery::RetryAt(at, error),
                    None => Delivery::Failed(error),
                }
            }
        }
    }
}

/// The transport `url` describes (lettre's URL form; its errors never repeat the URL, which may
/// hold the password), trusting `ca_file`'s certificates too when given.
fn smtp_transport(url: &str, ca_file: Option<&Path>) -> Result<SmtpTransport, MailError> {
    let mut builder = SmtpTransport::from_url(url).map_err(|e| MailError::Settings(format!("SMTP_URL: {e}")))?;
    if let Some(ca_file) = ca_file {
        builder = builder.tls(tls_trusting(url, ca_file)?);
    }
    Ok(builder.timeout(Some(std::time::Duration::from_secs(20))).build())
}

/// The URL's TLS mode (as lettre reads it) with the certificates of `ca_file` added to the roots.
fn tls_trusting(url: &str, ca_file: &Path) -> Result<Tls, MailError> {
    let settings = |name: &str, problem: &dyn std::fmt::Display| MailError::Settings(format!("{name}: {problem}"));
    let pem = std::fs::read(ca_file).map_err(|e| settings("SMTP_CA_FILE", &format!("{}: {e}", ca_file.display())))?;
    let certificate = Certificate::from_pem(&pem).map_err(|e| settings("SMTP_CA_FILE", &e))?;
    let parsed = url::Url::parse(url).map_err(|e| settings("SMTP_URL", &e))?;
    let host = parsed.host_str().ok_or_else(|| settings("SMTP_URL", &"no host"))?;
    let parameters = TlsParameters::builder(host.to_owned()).add_root_certificate(certificate).build().map_err(|e| settings("SMTP_CA_FILE", &e))?;
    let tls = parsed.query_pairs().find(|(key, _)| key == "tls").map(|(_, value)| value.into_owned());
    match (parsed.scheme(), tls.as_deref()) {
        ("smtps", _) => Ok(Tls::Wrapper(parameters)),
        ("smtp", Some("required")) => Ok(Tls::Required(parameters)),
        ("smtp", Some("opportunistic")) => Ok(Tls::Opportunistic(parameters)),
        _ => Err(settings("SMTP_CA_FILE", &"needs TLS: an smtps:// URL, or smtp://...?tls=required")),
    }
}

/// Sends everything due now; returns how many mails were handled.
pub fn deliver_once(pool: &DbPool, mailer: &Mailer, clock: &dyn Clock) -> Result<usize, db::DbError> {
    let now = clock.now();
    let mut total = 0;
    loop {
        let handled = deliver_due(pool, now, 20, |mail| mailer.deliver(mail, now))?;
        total += handled;
        if handled < 20 {
            return Ok(total);
        }
    }
}

/// Runs the worker on its own thread until `stop` is set; polls every `interval`.
pub fn spawn_worker(pool: DbPool, mailer: Mailer, clock: Arc<dyn Clock>, interval: std::time::Duration, stop: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::Builder::new()
        .name("mail-worker".into())
        .spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                if let Err(error) = deliver_once(&pool, &mailer, clock.as_ref()) {
                    tracing::warn!(%error, "mail worker could not read the outbox");
                }
                let mut waited = std::time::Duration::ZERO;
                while waited < interval && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    waited += std::time::Duration::from_millis(50);
                }
            }
        })
        .expect("spawn mail worker")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn backs_off_exponentially_then_gives_up() {
        let now = chrono::Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
        assert_eq!(next_attempt(1, now), Some(now + Duration::minutes(2)));
        assert_eq!(next_attempt(3, now), Some(now + Duration::minutes(8)));
        assert_eq!(next_attempt(9, now), Some(now + Duration::minutes(60)));
        assert_eq!(next_attempt(MAX_ATTEMPTS, now), None);
    }
}
