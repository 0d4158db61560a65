//! `xtask-tools fuzz-accounts BASE_URL`: the two accounts the API fuzzer signs in as, made on the
//! fuzzing server through its API as a person would (sign-up, the authenticator set-up, the
//! two-step sign-in), with the e-mail confirmed and the admin role given in its database
//! (DATABASE_URL), which no API call may do. Prints `{"member": TOKEN, "admin": TOKEN}`.

use anyhow::{bail, Context, Result};
use kernel::Email;
use serde_json::{json, Value};

const PASSWORD: &str = "fuzzing-account-password";

pub fn fuzz_accounts_command(base_url: &str) -> Result<()> {
    let mut conn = crate::seed::connect(&crate::seed::database_url()?)?;
    let client = reqwest::blocking::Client::builder().timeout(std::time::Duration::from_secs(60)).build()?;
    let api = Api { client, base_url: base_url.trim_end_matches('/').to_owned() };
    let run = std::process::id();

    let member_email = format!("fuzz-member-{run}@example.com");
    let member = api.register(&member_email)?;
    confirm(&mut conn, &member_email)?;

    // The admin: signed up, authenticator turned on, made an admin, then signed in with both
    // factors, so its session passed the second factor as admin calls require.
    let admin_email = format!("fuzz-admin-{run}@example.com");
    let first = api.register(&admin_email)?;
    confirm(&mut conn, &admin_email)?;
    let secret = api.post("/api/user/two-factor/setup", Some(&first), json!({}))?["secret"].as_str().context("the set-up's secret")?.to_owned();
    let now = chrono::Utc::now();
    api.post("/api/user/two-factor/enable", Some(&first), json!({ "code": code_at(&secret, now)? }))?;
    if !db::operators::make_admin(&mut conn, &parse(&admin_email)?)? {
        bail!("{admin_email} was not found to make it an admin");
    }
    let challenge = api.post("/api/user/login", None, json!({ "email": admin_email, "password": PASSWORD }))?["challenge"]
        .as_str()
        .context("the sign-in's challenge")?
        .to_owned();
    // Turning it on used this step's code and each step counts once; the server takes one step of
    // drift, so the next step's code is good whichever step the clock is in now.
    let next = code_at(&secret, chrono::Utc::now() + chrono::Duration::seconds(30))?;
    let admin = api.post("/api/user/login/two-factor", None, json!({ "challenge": challenge, "code": next }))?["token"]
        .as_str()
        .context("the admin's token")?
        .to_owned();
    println!("{}", json!({ "member": member, "admin": admin }));
    Ok(())
}

struct Api {
    client: reqwest::blocking::Client,
    base_url: String,
}

impl Api {
    fn register(&self, email: &str) -> Result<String> {
        let body = json!({ "username": email, "password": PASSWORD, "firstName": "Fuzz", "lastName": "Account", "timezone": "UTC" });
        Ok(self.post("/api/user/register", None, body)?["token"].as_str().with_context(|| format!("the token of {email}"))?.to_owned())
    }

    /// The `result` of a call that must succeed.
    fn post(&self, path: &str, token: Option<&str>, body: Value) -> Result<Value> {
        let mut request = self.client.post(format!("{}{path}", self.base_url)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().with_context(|| format!("POST {path}"))?;
        let status = response.status();
        let answer: Value = response.json().with_context(|| format!("POST {path}: the answer is not JSON"))?;
        if !status.is_success() {
            bail!("POST {path} answered {status}: {answer}");
        }
        Ok(answer["result"].clone())
    }
}

fn parse(email: &str) -> Result<Email> {
    Email::parse(email).map_err(|_| anyhow::anyhow!("{email:?} is not an e-mail address"))
}

fn confirm(conn: &mut diesel::PgConnection, email: &str) -> Result<()> {
    if !db::operators::confirm_email(conn, &parse(email)?)? {
        bail!("{email} was not found to confirm its address");
    }
    Ok(())
}

fn code_at(secret: &str, at: chrono::DateTime<chrono::Utc>) -> Result<String> {
    credentials::current_code(secret, at).context("the set-up's secret is not base32")
}
