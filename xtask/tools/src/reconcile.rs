//! `cargo xtask reconcile [--fix]`: billing's reconciliation (`billing::reconcile`) from the
//! command line, against the providers the server uses: their keys in the environment
//! (`STRIPE_SECRET_KEY`, `STRIPE_API_BASE`, `PAYPAL_CLIENT_ID`, ...), or the local stand-ins of a
//! running `cargo xtask run` (which writes their addresses to `.local/stand-ins.env`).

use anyhow::{bail, Context, Result};
use billing::gateway::{CardPayments, Gateways, PayPalPayments};
use payments::paypal::{PayPalClient, PayPalSettings};
use payments::stripe::{StripePayments, StripeSettings};
use std::collections::HashMap;
use std::path::Path;

const STAND_INS_ENV: &str = ".local/stand-ins.env";

/// Records where `cargo xtask run`'s stand-ins listen (and their test keys), one `NAME=value` a line.
pub fn write_stand_ins_env(env: &[(String, String)]) -> Result<()> {
    let text: String = env.iter().map(|(name, value)| format!("{name}={value}\n")).collect();
    std::fs::create_dir_all(".local").context("creating .local")?;
    std::fs::write(STAND_INS_ENV, text).with_context(|| format!("writing {STAND_INS_ENV}"))
}

/// The providers' settings: the environment's, else the running stand-ins'.
fn provider_settings() -> HashMap<String, String> {
    let from_env: HashMap<String, String> =
        std::env::vars().filter(|(name, value)| (name.starts_with("STRIPE_") || name.starts_with("PAYPAL_")) && !value.trim().is_empty()).collect();
    if from_env.contains_key("STRIPE_SECRET_KEY") || from_env.contains_key("PAYPAL_CLIENT_ID") {
        return from_env;
    }
    let Ok(text) = std::fs::read_to_string(Path::new(STAND_INS_ENV)) else { return from_env };
    text.lines().filter_map(|line| line.split_once('=')).map(|(name, value)| (name.to_owned(), value.to_owned())).collect()
}

pub fn reconcile_command(args: &[&str]) -> Result<()> {
    let fix = match args {
        [] => false,
        ["--fix"] => true,
        _ => bail!("usage: cargo xtask reconcile [--fix]"),
    };
    let settings = provider_settings();
    let stripe = match settings.get("STRIPE_SECRET_KEY") {
        Some(secret_key) => Some(
            StripePayments::new(&StripeSettings {
                secret_key: secret_key.clone(),
                api_base: settings.get("STRIPE_API_BASE").cloned().unwrap_or_else(|| "https://api.stripe.com/".into()),
                webhook_secret: String::new(),
            })
            .map_err(|e| anyhow::anyhow!("{e}"))?,
        ),
        None => None,
    };
    let paypal = match (settings.get("PAYPAL_CLIENT_ID"), settings.get("PAYPAL_CLIENT_SECRET")) {
        (Some(client_id), Some(client_secret)) => Some(
            PayPalClient::new(&PayPalSettings {
                client_id: client_id.clone(),
                client_secret: client_secret.clone(),
                api_base: settings.get("PAYPAL_API_BASE").cloned().unwrap_or_else(|| "https://api-m.paypal.com".into()),
                webhook_id: String::new(),
            })
            .map_err(|e| anyhow::anyhow!("{e}"))?,
        ),
        _ => None,
    };
    let gateways = Gateways { card: stripe.as_ref().map(|s| s as &dyn CardPayments), paypal: paypal.as_ref().map(|p| p as &dyn PayPalPayments) };
    let url = crate::seed::database_url()?;
    let mut conn = crate::seed::connect(&url)?;
    let gate = db::Gate::new(&mut conn);
    let store = db::PgBillingStore::on(&gate);
    let site = std::env::var("PUBLIC_URL").unwrap_or_else(|_| "http://127.0.0.1:4000".into());
    let billing = billing::Billing::new(&store, chrono::Utc::now()).with_site(&site);
    let report = billing.reconcile(gateways, &payments::BillingSecrets, fix).map_err(|e| anyhow::anyhow!("{e}"))?;
    for problem in &report.problems {
        println!("{problem}");
    }
    let differences = report.differences().count();
    let unresolved = report.unresolved().filter(|p| !p.kind.is_housekeeping()).count();
    println!(
        "Checked {} charges and {} members: {differences} difference(s){}.",
        report.charges_checked,
        report.members_checked,
        if fix { format!(", {} repaired", differences - unresolved) } else { String::new() }
    );
    if differences > 0 {
        bail!("{differences} difference(s) between the providers, the grants and the stored plans");
    }
    Ok(())
}
