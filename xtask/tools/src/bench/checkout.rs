//! `bench checkout`: pgbench `-N` against `POST /api/charge/price`, then against the Stripe
//! webhook handler: many members' subscriptions (bought through the API from the Stripe stand-in),
//! signed `customer.subscription.updated` events, each sent twice (half the deliveries are
//! duplicates, which must change nothing).

use super::{wrk, Rig};
use anyhow::{Context, Result};
use diesel::Connection;
use serde_json::{json, Value};
use stand_ins::stripe::{signature_header, StripeStandIn, CARD_OK, WEBHOOK_SECRET};
use xtask::util::step;

/// Members with a monthly subscription.
const SUBSCRIBERS: usize = 100;
/// Distinct events; each is delivered twice, so wrk stops after twice this many requests.
const EVENTS: usize = 6_000;

/// The server's settings for Stripe played by `stripe` (no automatic webhook deliveries: the
/// benchmark sends its own).
pub(super) fn server_env(stripe: &StripeStandIn) -> Vec<(String, String)> {
    vec![
        ("STRIPE_SECRET_KEY".into(), stand_ins::stripe::SECRET_KEY.into()),
        ("STRIPE_PUBLISHABLE_KEY".into(), stand_ins::stripe::PUBLISHABLE_KEY.into()),
        ("STRIPE_WEBHOOK_SECRET".into(), WEBHOOK_SECRET.into()),
        ("STRIPE_API_BASE".into(), stripe.base_url.clone()),
        ("STRIPE_JS_URL".into(), format!("{}/v3/", stripe.base_url)),
    ]
}

pub(super) fn run(rig: &Rig, stripe: &StripeStandIn) -> Result<()> {
    let tps = rig.pgbench(&["-N"])?;

    let price = rig.scratch.join("price.lua");
    std::fs::write(&price, PRICE_SCRIPT).context("writing the wrk script")?;
    wrk("POST /api/charge/price", &["-s", &price.display().to_string(), &format!("{}/api/charge/price", rig.base)], tps)?;

    step(&format!("{SUBSCRIBERS} members buy the monthly plan by card (Stripe stand-in)"));
    let client = rig.client()?;
    let mut subscriptions = Vec::new();
    let mut conn = diesel::PgConnection::establish(&rig.url)?;
    for n in 0..SUBSCRIBERS {
        let email = format!("subscriber-{n}@bench.example");
        let token = register(rig, &client, &email)?;
        // Only a confirmed member may buy; confirmed as the mailed link would.
        anyhow::ensure!(db::operators::confirm_email(&mut conn, &kernel::Email::parse(&email)?)?, "confirming {email}");
        let answer: Value = client
            .post(format!("{}/api/charge/process/monthly", rig.base))
            .bearer_auth(&token)
            // One test card for all: after its first free trial, each buyer agrees to pay at once.
            .json(&json!({"token": stripe.create_payment_method(CARD_OK), "withoutTrial": true}))
            .send()?
            .json()?;
        anyhow::ensure!(answer["result"]["status"] == "succeeded", "checkout failed: {answer}");
        subscriptions.push(latest_subscription(rig)?);
    }

    step(&format!("Signing {EVENTS} subscription events, each to be sent twice"));
    let script = rig.scratch.join("webhooks.lua");
    std::fs::write(&script, webhook_script(stripe, &subscriptions)?).context("writing the wrk script")?;
    wrk(
        "POST /api/webhooks/stripe (signed events, half duplicates)",
        &["-s", &script.display().to_string(), &format!("{}/api/webhooks/stripe", rig.base)],
        tps,
    )?;
    Ok(())
}

fn register(rig: &Rig, client: &reqwest::blocking::Client, email: &str) -> Result<String> {
    let registered: Value = client
        .post(format!("{}/api/user/register", rig.base))
        .json(&json!({"username": email, "password": "bench-password-1", "firstName": "Bench", "lastName": "Mark", "timezone": "UTC"}))
        .send()?
        .json()?;
    Ok(registered["result"]["token"].as_str().with_context(|| format!("registering {email}: {registered}"))?.to_owned())
}

/// Stripe's id of the newest charge's subscription.
fn latest_subscription(rig: &Rig) -> Result<String> {
    use db::schema::charges;
    use diesel::prelude::*;
    let mut conn = PgConnection::establish(&rig.url)?;
    Ok(charges::table.order(charges::created_at.desc()).select(charges::reference).first(&mut conn)?)
}

const PRICE_SCRIPT: &str = r#"wrk.method = "POST"
wrk.body = '{"planId":"monthly"}'
wrk.headers["Content-Type"] = "application/json"
"#;

/// Renewal events for the subscriptions, newer and newer, each listed twice (the second time a
/// little later); every thread walks its share once and stops.
fn webhook_script(stripe: &StripeStandIn, subscriptions: &[String]) -> Result<String> {
    let now = chrono::Utc::now().timestamp();
    let mut bodies = Vec::with_capacity(EVENTS);
    let mut signatures = Vec::with_capacity(EVENTS);
    for n in 0..EVENTS {
        let id = &subscriptions[n % subscriptions.len()];
        let mut subscription = stripe.subscription(id).with_context(|| format!("no subscription {id} at the stand-in"))?;
        let round = i64::try_from(n / subscriptions.len())? + 1;
        let end = subscription["items"]["data"][0]["current_period_end"].as_i64().unwrap_or(now) + round * 30 * 86_400;
        subscription["status"] = json!("active");
        subscription["items"]["data"][0]["current_period_end"] = json!(end);
        let event = json!({
            "id": format!("evt_bench_{n}"), "object": "event", "api_version": "2025-11-17.clover", "created": now + round,
            "data": {"object": subscription}, "livemode": false, "pending_webhooks": 1,
            "request": {"id": null, "idempotency_key": null}, "type": "customer.subscription.updated",
        });
        let body = event.to_string();
        signatures.push(signature_header(&body, WEBHOOK_SECRET, now));
        bodies.push(body);
    }
    // Delivery order: event n, then (a little later) its duplicate.
    let mut order = Vec::with_capacity(EVENTS * 2);
    for n in 0..EVENTS {
        order.push(n + 1);
        if n >= 8 {
            order.push(n - 7);
        }
    }
    order.extend((EVENTS - 8..EVENTS).map(|n| n + 1));
    let lua_strings = |items: &[String]| items.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join(",\n");
    let order = order.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
    Ok(format!(
        r#"local bodies = {{{}}}
local signatures = {{{}}}
local order = {{{order}}}
local threads = {{}}
local count = 0
function setup(thread)
  count = count + 1
  thread:set("id", count)
  table.insert(threads, thread)
end
function init(args)
  step = 0
  index = id
end
function request()
  if index > #order then
    wrk.thread:stop()
    index = 1
  end
  local n = order[index]
  index = index + 2
  return wrk.format("POST", nil, {{["Content-Type"] = "application/json", ["Stripe-Signature"] = signatures[n]}}, bodies[n])
end
"#,
        lua_strings(&bodies),
        lua_strings(&signatures)
    ))
}
