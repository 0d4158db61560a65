//! Demo data and operator commands.

use crate::catalogue_seed::Narration;
use anyhow::{bail, Context, Result};
use credentials::{Argon2Hasher, BiscuitTokens, Keyring, RandomSecrets};
use db::{build_pool, PgIdentityStore, PoolSettings};
use diesel::{Connection, PgConnection};
use identity::model::RegistrationForm;
use identity::{IdentityDeps, IdentityService, ThrottlePolicy};
use kernel::{Email, SystemClock};
use std::path::Path;
use std::sync::Arc;

pub const ADMIN_EMAIL: &str = "admin@gistbook.app";
pub const ADMIN_PASSWORD: &str = "gistbook-admin";
pub const MEMBER_EMAIL: &str = "reader@gistbook.app";
pub const MEMBER_PASSWORD: &str = "gistbook-reader";
/// A member with a lifetime plan, to show (and test) what paying unlocks.
pub const PREMIUM_EMAIL: &str = "premium@gistbook.app";
pub const PREMIUM_PASSWORD: &str = "gistbook-premium";

pub fn database_url() -> Result<String> {
    match std::env::var("DATABASE_URL") {
        Ok(url) if !url.trim().is_empty() => Ok(url),
        _ => {
            // The private cluster of `cargo xtask run`, if it is up.
            let url = format!("postgres://postgres@127.0.0.1:{}/{}", xtask::RUN_CLUSTER.1, xtask::RUN_DATABASE);
            PgConnection::establish(&url).map(|_| url).map_err(|_| anyhow::anyhow!("set DATABASE_URL, or keep `cargo xtask run` running in another terminal"))
        }
    }
}

pub fn connect(url: &str) -> Result<PgConnection> {
    PgConnection::establish(url).with_context(|| "connecting to PostgreSQL".to_string())
}

/// Runs pending migrations, then loads the demo accounts when the database has no users.
/// Whether the demo accounts (their passwords are in the README) may be created: only on a
/// database on this machine, and never for a `--production` seed.
pub fn demo_accounts_allowed(url: &str, production: bool) -> bool {
    if production {
        return false;
    }
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = after_scheme.split(['/', '?']).next().unwrap_or_default();
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let host =
        if let Some(v6) = host_port.strip_prefix('[') { v6.split(']').next().unwrap_or_default() } else { host_port.split(':').next().unwrap_or_default() };
    // No host in the URL: a Unix socket on this machine.
    host.is_empty() || host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

pub fn migrate_and_seed(url: &str, media_dir: &Path, narration: Narration) -> Result<()> {
    seed(url, media_dir, narration, false)
}

fn seed(url: &str, media_dir: &Path, narration: Narration, production: bool) -> Result<()> {
    let mut conn = connect(url)?;
    let applied = db::run_migrations(&mut conn)?;
    println!("Migrations applied: {applied}");
    crate::catalogue_seed::seed_catalogue(&mut conn, &media_store(media_dir)?, narration)?;
    // Each summary is also sold on its own as a PDF (operators change prices per plan).
    let added = db::operators::add_book_plans(&mut conn, billing::model::SINGLE_BOOK_PRICE.0)?;
    if added > 0 {
        println!("Single-book plans added: {added}");
    }
    if !demo_accounts_allowed(url, production) {
        println!("Not adding the demo accounts: their passwords are published, and this is not a local development database.");
        return Ok(());
    }
    if db::operators::count_users(&mut conn)? > 0 {
        println!("The database has accounts already; not adding the demo accounts.");
        return seed_demo_content(&mut conn, media_dir, narration);
    }
    let service = identity_service(url)?;
    let accounts = [
        (ADMIN_EMAIL, ADMIN_PASSWORD, "Ada", "Admin"),
        (MEMBER_EMAIL, MEMBER_PASSWORD, "Rosa", "Reader"),
        (PREMIUM_EMAIL, PREMIUM_PASSWORD, "Paul", "Premium"),
    ];
    let mut admin_secret = String::new();
    for (index, (email, password, first, last)) in accounts.iter().enumerate() {
        println!("Seeding accounts: {}/{}", index + 1, accounts.len());
        let signed_in = service
            .register(
                &RegistrationForm {
                    username: Some((*email).into()),
                    password: Some((*password).into()),
                    first_name: Some((*first).into()),
                    last_name: Some((*last).into()),
                    timezone: Some("UTC".into()),
                    referral_id: None,
                },
                "seed",
            )
            .map_err(|e| anyhow::anyhow!("seeding {email}: {e}"))?;
        if *email == ADMIN_EMAIL {
            // The back office needs two-factor; the demo admin has it, with the secret printed
            // below (and `cargo xtask totp` for a current code) so no phone is needed.
            admin_secret = enrol_two_factor(&service, signed_in.session)?;
        }
    }
    for (email, ..) in accounts {
        // Nobody reads the demo addresses' mail: they count as confirmed, so the demo can buy.
        db::operators::confirm_email(&mut conn, &Email::parse(email)?)?;
    }
    db::operators::make_admin(&mut conn, &Email::parse(ADMIN_EMAIL)?)?;
    db::operators::grant_lifetime_plan(&mut conn, &Email::parse(PREMIUM_EMAIL)?)?;
    println!("\nDemo accounts (change these passwords outside a local machine):");
    println!("  admin   {ADMIN_EMAIL} / {ADMIN_PASSWORD}  (two-factor secret {admin_secret}; `cargo xtask totp {ADMIN_EMAIL}` prints a code)");
    println!("  member  {MEMBER_EMAIL} / {MEMBER_PASSWORD}");
    println!("  paid    {PREMIUM_EMAIL} / {PREMIUM_PASSWORD}");
    seed_demo_content(&mut conn, media_dir, narration)
}

/// The demo's offer: 40% off for a month from the first seed, the banner's coupon. Operators
/// change or end it in the back office (`/admin/coupons`).
pub const DEMO_OFFER_CODE: &str = "WELCOME40";

/// Goals, podcasts and insights, recorded as made by the demo admin (none without one), and the
/// demo's offer.
fn seed_demo_content(conn: &mut PgConnection, media_dir: &Path, narration: Narration) -> Result<()> {
    let Some(admin) = db::operators::admin_id_by_email(conn, &Email::parse(ADMIN_EMAIL)?)? else {
        println!("No demo admin; not seeding goals, podcasts and insights.");
        return Ok(());
    };
    let offer = billing::Coupon {
        site_offer: true,
        valid_until: Some(chrono::Utc::now() + chrono::Duration::days(30)),
        ..billing::Coupon::percent(DEMO_OFFER_CODE, 40)
    };
    if db::billing::add_coupon_once(conn, &offer)? {
        println!("Site offer: {DEMO_OFFER_CODE}, 40% off for 30 days (the banner's coupon)");
    }
    crate::content_seed::seed_content(conn, &media_store(media_dir)?, kernel::UserId(admin), narration)
}

/// `cargo xtask seed [--production | [--synthetic N] [--synthetic-members N [--history M]]]`
pub fn seed_command(args: &[&str]) -> Result<()> {
    const USAGE: &str = "usage: cargo xtask seed [--production | [--synthetic N] [--synthetic-members N [--history M]]]";
    let url = database_url()?;
    if args == ["--production"] {
        return seed(&url, &media_dir(), Narration::Speech, true);
    }
    let (mut books, mut members, mut history) = (None, None, None);
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let slot = match *arg {
            "--synthetic" => &mut books,
            "--synthetic-members" => &mut members,
            "--history" => &mut history,
            other => bail!("unknown argument {other:?}; {USAGE}"),
        };
        let number = iter.next().with_context(|| format!("{arg} needs a number; {USAGE}"))?;
        *slot = Some(number.replace('_', "").parse::<i64>().with_context(|| format!("{arg} needs a number, not {number:?}"))?);
    }
    if history.is_some() && members.is_none() {
        bail!("--history goes with --synthetic-members; {USAGE}");
    }
    migrate_and_seed(&url, &media_dir(), Narration::Speech)?;
    if let Some(count) = books {
        let count = usize::try_from(count).context("--synthetic needs a number of books")?;
        crate::synthetic::add_synthetic_books(&mut connect(&url)?, &media_store(&media_dir())?, count)?;
    }
    if let Some(members) = members {
        let history = history.unwrap_or(members.saturating_mul(crate::synthetic_members::HISTORY_PER_MEMBER));
        crate::synthetic_members::add_synthetic_members(&mut connect(&url)?, members, history)?;
    }
    Ok(())
}

/// The media folder the server uses by default (`MEDIA_DIR`, else `.local/media`).
pub fn media_dir() -> std::path::PathBuf {
    match std::env::var("MEDIA_DIR") {
        Ok(dir) if !dir.trim().is_empty() => dir.into(),
        _ => xtask::util::root().join(".local/media"),
    }
}

fn media_store(dir: &Path) -> Result<media::MediaStore> {
    Ok(media::MediaStore::open(&media::StoreSettings::Local { dir: dir.to_owned() })?)
}

/// The identity service on the database at `url`, for operator commands (a throwaway signing key:
/// these commands issue no token anyone keeps).
fn identity_service(url: &str) -> Result<IdentityService> {
    let pool = build_pool(url, &PoolSettings::default())?;
    Ok(IdentityService::new(
        IdentityDeps {
            store: Arc::new(PgIdentityStore::new(pool)),
            hasher: Arc::new(Argon2Hasher::default()),
            tokens: Arc::new(BiscuitTokens::new(Keyring::generate(), None)),
            secrets: Arc::new(RandomSecrets),
            clock: Arc::new(SystemClock),
            providers: Arc::new(oauth::OAuthProviders::new(Default::default(), "http://127.0.0.1:4000")),
            one_time_passwords: Arc::new(credentials::TotpCodes),
            sealer: Arc::new(credentials::SecretBox::from_secret(&signing_keys_secret()?)?),
        },
        ThrottlePolicy::default(),
        "http://127.0.0.1:4000",
    ))
}

/// Turns two-factor on for a session's member with a code computed here; answers the secret.
fn enrol_two_factor(service: &IdentityService, session: kernel::Session) -> Result<String> {
    let enrolment = service.start_two_factor(session).map_err(|e| anyhow::anyhow!("two-factor setup: {e}"))?;
    let code = credentials::current_code(&enrolment.secret, chrono::Utc::now()).context("a current code")?;
    service.enable_two_factor(session, Some(&code)).map_err(|e| anyhow::anyhow!("turning two-factor on: {e}"))?;
    Ok(enrolment.secret)
}

/// `cargo xtask totp EMAIL`: the code an authenticator app would show now for a local account
/// (the demo admin's, say). Only for databases on this machine.
pub fn totp_command(email: &str) -> Result<()> {
    let url = database_url()?;
    if !demo_accounts_allowed(&url, false) {
        bail!("`cargo xtask totp` reads secrets only from a database on this machine");
    }
    let parsed = Email::parse(email).map_err(|_| anyhow::anyhow!("{email:?} is not an e-mail address"))?;
    let (user, stored) =
        db::operators::two_factor_secret(&mut connect(&url)?, &parsed)?.with_context(|| format!("{email} has no two-factor sign-in turned on"))?;
    let sealer = credentials::SecretBox::from_secret(&signing_keys_secret()?)?;
    let secret = identity::two_factor::SecretSealer::open(&sealer, kernel::UserId(user), &stored)
        .context("the stored secret does not open: SIGNING_KEYS_SECRET differs from the server's")?;
    let now = chrono::Utc::now();
    let code = credentials::current_code(&secret, now).context("the stored secret is not base32")?;
    let left = 30 - now.timestamp().rem_euclid(30);
    println!("{code}  (good for {left} more seconds, and the next 30)");
    Ok(())
}

pub fn make_admin_command(email: &str) -> Result<()> {
    let mut conn = connect(&database_url()?)?;
    let parsed = Email::parse(email).map_err(|_| anyhow::anyhow!("{email:?} is not an e-mail address"))?;
    if !db::operators::make_admin(&mut conn, &parsed)? {
        bail!("no account with the e-mail {email:?}; sign up first");
    }
    println!("{email} is an admin now (their next sign-in carries the role; admin calls check the database at once).");
    Ok(())
}

/// The servers' SIGNING_KEYS_SECRET, or on a development machine its local file, as the server
/// finds it: it seals the signing keys and the authenticator secrets.
fn signing_keys_secret() -> Result<String> {
    Ok(match std::env::var("SIGNING_KEYS_SECRET") {
        Ok(secret) if !secret.trim().is_empty() => secret,
        _ => {
            let file = std::env::var("SIGNING_KEYS_SECRET_FILE").unwrap_or_else(|_| ".local/signing-keys-secret".into());
            credentials::local_secret(Path::new(&file))?
        }
    })
}

/// Adds a signing key to the keyring in the database; every running instance signs with it within
/// seconds. Needs the servers' SIGNING_KEYS_SECRET (or, on a development machine, its local file).
pub fn rotate_keys_command() -> Result<()> {
    let secret = signing_keys_secret()?;
    let pool = build_pool(&database_url()?, &PoolSettings { max_size: 1, checkout_timeout: std::time::Duration::from_secs(10) })?;
    let shared = credentials::SharedKeyring::new(Arc::new(db::PgKeyringStore::new(pool)), credentials::KeySealer::from_secret(&secret)?);
    shared.load()?; // Refuses a secret that does not open the stored keys before adding one.
    let id = shared.rotate()?;
    println!("New signing key {id} is active. Running servers sign with it within seconds; tokens signed by older keys stay valid until they expire.");
    Ok(())
}

pub fn create_codes_command(args: &[&str]) -> Result<()> {
    let mut count = 1usize;
    let mut positional = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match *arg {
            "--count" => count = iter.next().context("--count needs a number")?.parse().context("--count needs a number")?,
            other => positional.push(other),
        }
    }
    let (plan, days) = match positional.as_slice() {
        [plan] => (*plan, None),
        [plan, days] => (*plan, Some(days.parse::<i32>().context("DAYS must be a whole number")?)),
        _ => bail!("usage: cargo xtask create-codes PLAN [DAYS] [--count N]"),
    };
    if !(1..=10_000).contains(&count) || days.is_some_and(|d| d <= 0) {
        bail!("the count must be 1 to 10000 and DAYS positive");
    }
    let codes = identity_service(&database_url()?)?.create_subscription_codes(plan, days, count).map_err(|e| anyhow::anyhow!("{e}"))?;
    for code in codes {
        println!("{code}");
    }
    Ok(())
}

/// `cargo xtask import-codes stacksocial FILE.csv`: adds a marketplace's lifetime codes (stored as
/// digests); reports new, duplicate and malformed lines. Importing the same file twice adds nothing.
pub fn import_codes_command(args: &[&str]) -> Result<()> {
    let [kind, file] = args else { bail!("usage: cargo xtask import-codes stacksocial FILE.csv") };
    if *kind != "stacksocial" {
        bail!("only `stacksocial` codes are imported (gift and seat codes are made by purchases)");
    }
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {file}"))?;
    let import = billing::codes::read_code_import(&text);
    use sha2::Digest;
    let digests: Vec<String> = import.codes.iter().map(|c| hex::encode(sha2::Sha256::digest(c.as_bytes()))).collect();
    let added = db::operators::import_codes(&mut connect(&database_url()?)?, "stacksocial", "lifetime", None, &digests)?;
    println!(
        "{added} new, {} duplicate ({} already imported, {} repeated in the file), {} malformed",
        import.codes.len() - added + import.repeated,
        import.codes.len() - added,
        import.repeated,
        import.malformed
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::demo_accounts_allowed;

    #[test]
    fn demo_accounts_only_go_into_local_development_databases() {
        for local in [
            "postgres://postgres@127.0.0.1:54329/gistbook",
            "postgres://user:pw@localhost/gistbook",
            "postgresql://[::1]:5432/db",
            "postgres:///gistbook?host=/var/run/postgresql",
        ] {
            assert!(demo_accounts_allowed(local, false), "{local}");
            assert!(!demo_accounts_allowed(local, true), "--production: {local}");
        }
        for remote in [
            "postgres://app:secret@db.internal:5432/gistbook",
            "postgres://app@10.0.0.5/gistbook",
            "postgres://127.0.0.1.evil.example/db",
            "postgres://user:p@ss@db.example.com/gistbook",
        ] {
            assert!(!demo_accounts_allowed(remote, false), "{remote}");
        }
    }
}
