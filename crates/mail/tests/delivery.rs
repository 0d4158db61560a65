//! The worker against a real database: to the outbox folder, to an SMTP stand-in on loopback,
//! and retrying when the SMTP server is down.

use db::testing::TestDatabase;
use db::{build_pool, PoolSettings};
use diesel::prelude::*;
use identity::model::OutgoingMail;
use kernel::{Clock, SystemClock};
use mail::{deliver_once, MailSettings, MailTransport, Mailer};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;

fn queue(database: &TestDatabase, to: &str, body: &str) {
    let mut conn = database.connect();
    db::mail_queue::enqueue(&mut conn, &OutgoingMail { to: to.into(), subject: "Hello".into(), text_body: body.into(), attachment: None }, SystemClock.now())
        .unwrap();
}

fn pending(database: &TestDatabase) -> i64 {
    db::mail_queue::pending_count(&mut database.connect()).unwrap()
}

#[test]
fn writes_readable_files_to_the_outbox_folder() {
    let database = TestDatabase::new();
    let pool = build_pool(&database.url, &PoolSettings::default()).unwrap();
    let folder = tempfile::tempdir().unwrap();
    let mailer =
        Mailer::new(&MailSettings { transport: MailTransport::Outbox { folder: folder.path().into() }, from: "Gistbook <support@gistbook.app>".into() })
            .unwrap();
    queue(&database, "ada@example.com", "Your link: https://gistbook.test/reset-password/ada%40example.com/abc");
    assert_eq!(deliver_once(&pool, &mailer, &SystemClock).unwrap(), 1);
    assert_eq!(pending(&database), 0);
    let files: Vec<_> = std::fs::read_dir(folder.path()).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("To: ada@example.com"), "{text}");
    assert!(text.contains("/reset-password/ada%40example.com/abc"), "{text}");
    // Sent mail is not sent again.
    assert_eq!(deliver_once(&pool, &mailer, &SystemClock).unwrap(), 0);
}

/// A minimal SMTP server that accepts one message and hands back what it received.
fn smtp_stand_in() -> (u16, std::thread::JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let handle = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut writer = stream.try_clone().unwrap();
        let mut reader = BufReader::new(stream);
        let mut received = String::new();
        writer.write_all(b"220 stand-in ESMTP\r\n").unwrap();
        let mut in_data = false;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap() == 0 {
                break;
            }
            if in_data {
                if line == ".\r\n" {
                    in_data = false;
                    writer.write_all(b"250 queued\r\n").unwrap();
                } else {
                    received.push_str(&line);
                }
                continue;
            }
            let command = line.to_ascii_uppercase();
            let reply: &[u8] = if command.starts_with("EHLO") {
                b"250-stand-in\r\n250 8BITMIME\r\n"
            } else if command.starts_with("DATA") {
                in_data = true;
                b"354 go ahead\r\n"
            } else if command.starts_with("QUIT") {
                writer.write_all(b"221 bye\r\n").unwrap();
                break;
            } else {
                b"250 ok\r\n"
            };
            writer.write_all(reply).unwrap();
        }
        received
    });
    (port, handle)
}

#[test]
fn sends_through_smtp_with_lettre() {
    let database = TestDatabase::new();
    let pool = build_pool(&database.url, &PoolSettings::default()).unwrap();
    let (port, server) = smtp_stand_in();
    let mailer = Mailer::new(&MailSettings {
        transport: MailTransport::Smtp { url: format!("smtp://127.0.0.1:{port}"), ca_file: None },
        from: "Gistbook <support@gistbook.app>".into(),
    })
    .unwrap();
    queue(&database, "grace@example.com", "Welcome aboard");
    assert_eq!(deliver_once(&pool, &mailer, &SystemClock).unwrap(), 1);
    drop(mailer);
    let received = server.join().unwrap();
    assert!(received.contains("To: grace@example.com"), "{received}");
    assert!(received.contains("Welcome aboard"), "{received}");
    assert_eq!(pending(&database), 0);
}

#[test]
fn keeps_mail_queued_for_a_retry_when_smtp_is_down() {
    use db::schema::mail_outbox;
    let database = TestDatabase::new();
    let pool = build_pool(&database.url, &PoolSettings::default()).unwrap();
    // A port nothing listens on.
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mailer = Mailer::new(&MailSettings {
        transport: MailTransport::Smtp { url: format!("smtp://127.0.0.1:{port}"), ca_file: None },
        from: "support@gistbook.app".into(),
    })
    .unwrap();
    queue(&database, "grace@example.com", "Welcome aboard");
    assert_eq!(deliver_once(&pool, &mailer, &SystemClock).unwrap(), 1);
    assert_eq!(pending(&database), 1, "still queued");
    let (attempts, next, error): (i32, chrono::DateTime<chrono::Utc>, Option<String>) =
        mail_outbox::table.select((mail_outbox::attempts, mail_outbox::next_attempt_at, mail_outbox::last_error)).first(&mut database.connect()).unwrap();
    assert_eq!(attempts, 1);
    assert!(next > SystemClock.now());
    assert!(error.unwrap().starts_with("smtp"));
    // Not due yet, so the next round leaves it alone.
    assert_eq!(deliver_once(&pool, &mailer, &SystemClock).unwrap(), 0);
}
