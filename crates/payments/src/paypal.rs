//! PayPal: `PayPalClient` (billing's `PayPalPayments` and `RenewingSubscriptions`) and
//! `PayPalWebhooks` (its `WebhookVerifier`).
//!
//! PayPal has no Rust SDK: this speaks its REST API (orders v2, subscriptions v1, notifications
//! v1) with reqwest's blocking client, as billing's ports are synchronous and are called from
//! actix's blocking threads (never make, use or drop these types inside an async context). The
//! OAuth access token is asked for with the client credentials, kept until a minute before it
//! expires, and asked for again once when PayPal answers 401 (revoked early).
//!
//! Every amount comes from billing (`pricing::quote`) as cents and travels as PayPal's decimal
//! string ("10.99"), never as a float. An order or a subscription is made with a
//! `PayPal-Request-Id` derived from our charge id, so a retry after a lost answer gets PayPal's
//! first answer back instead of a second one; a capture that finds its order captured already
//! reads that capture back (see `capture_order`).
//! A call that cannot reach PayPal, or gets a 5xx or something that is not what PayPal documents,
//! is `GatewayUnavailable`; its cause never holds the client secret or a token.

use billing::gateway::{
    CaptureOutcome, GatewayUnavailable, PayPalOrderRequest, PayPalPayments, PayPalSubscription, PayPalSubscriptionRequest, ProviderEvent,
    RenewingSubscriptions, SubscriptionPayment, VerifiedEvent, WebhookHeaders, WebhookRejected, WebhookVerifier, PAYPAL,
};
use billing::model::Cents;
use billing::subscription::{ProviderSnapshot, SubscriptionStatus};
use kernel::Timestamp;
use reqwest::blocking::Client;
use reqwest::header::{ACCEPT, CONTENT_TYPE};
use reqwest::{Method, StatusCode, Url};
use serde_json::{json, Value};
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Where PayPal is and the REST app's credentials.
#[derive(Clone)]
pub struct PayPalSettings {
    pub client_id: String,
    pub client_secret: String,
    /// `https://api-m.paypal.com` (live), `https://api-m.sandbox.paypal.com` (sandbox), or a
    /// stand-in's base URL in tests and local runs.
    pub api_base: String,
    /// The id PayPal gave the webhook endpoint (letters and digits): signatures are checked against it.
    pub webhook_id: String,
}

impl fmt::Debug for PayPalSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PayPalSettings")
            .field("client_id", &self.client_id)
            .field("client_secret", &"<redacted>")
            .field("api_base", &self.api_base)
            .field("webhook_id", &self.webhook_id)
            .finish()
    }
}

/// Amounts are US dollars.
const CURRENCY: &str = "USD";
const TIMEOUT: Duration = Duration::from_secs(20);
/// A token is asked for again this long before PayPal says it expires.
const TOKEN_MARGIN: Duration = Duration::from_secs(60);
/// A webhook transmitted further than this from now (either way) is refused.
const WEBHOOK_TOLERANCE_SECONDS: i64 = 300;
const BRAND: &str = "Gistbook";
const CANCEL_REASON: &str = "The subscriber turned renewal off on Gistbook.";
/// PayPal's limit on `description` and `custom_id`.
const MAX_TEXT: usize = 127;

/// PayPal's REST API with one access token, shared by the calls of one adapter.
struct Api {
    http: Client,
    base: Url,
    client_id: String,
    client_secret: String,
    token: Mutex<Option<Token>>,
}

struct Token {
    value: String,
    fresh_until: Instant,
}

/// A PayPal answer below 500, its body parsed (`Null` when empty).
struct Answer {
    status: StatusCode,
    body: Value,
}

impl Api {
    fn new(settings: &PayPalSettings) -> Result<Api, GatewayUnavailable> {
        let base = Url::parse(settings.api_base.trim())
            .ok()
            .filter(|url| !url.cannot_be_a_base() && matches!(url.scheme(), "https" | "http"))
            .ok_or_else(|| GatewayUnavailable(format!("the PayPal API base {:?} is not an http(s) URL", settings.api_base)))?;
        let http = Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("gistbook-payments/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| GatewayUnavailable(format!("the PayPal HTTP client could not be made: {e}")))?;
        Ok(Api { http, base, client_id: settings.client_id.clone(), client_secret: settings.client_secret.clone(), token: Mutex::new(None) })
    }

    /// The base URL with `segments` added, each percent-encoded (an id cannot reach another path).
    fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(segments);
        }
        url
    }

    /// The cached access token, or a new one (one request at a time asks).
    fn token(&self) -> Result<String, GatewayUnavailable> {
        let mut cached = self.token.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(token) = cached.as_ref().filter(|t| Instant::now() < t.fresh_until) {
            return Ok(token.value.clone());
        }
        const WHAT: &str = "asking for an access token";
        let response = self
            .http
            .post(self.url(&["v1", "oauth2", "token"]))
            .basic_auth(&self.client_id, Some(&self.client_secret))
            .header(ACCEPT, "application/json")
            .form(&[("grant_type", "client_credentials")])
            .send()
            .map_err(|e| unreachable(WHAT, &e))?;
        let status = response.status();
        let body = read_body(response, WHAT)?;
        if status == StatusCode::UNAUTHORIZED {
            return Err(GatewayUnavailable(format!(
                "PayPal refused the client credentials ({}): check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET",
                body["error"].as_str().unwrap_or("401")
            )));
        }
        if !status.is_success() {
            return Err(GatewayUnavailable(format!(
                "PayPal answered {status} while {WHAT}: {}",
                body["error_description"].as_str().or(body["error"].as_str()).unwrap_or("no description")
            )));
        }
        let value = body["access_token"]
            .as_str()
            .filter(|t| !t.is_empty())
            .ok_or_else(|| GatewayUnavailable(format!("PayPal's answer while {WHAT} holds no access_token")))?
            .to_string();
        let lifetime = Duration::from_secs(body["expires_in"].as_u64().unwrap_or(0));
        *cached = Some(Token { value: value.clone(), fresh_until: Instant::now() + lifetime.saturating_sub(TOKEN_MARGIN) });
        Ok(value)
    }

    fn forget_token(&self, used: &str) {
        let mut cached = self.token.lock().unwrap_or_else(PoisonError::into_inner);
        if cached.as_ref().is_some_and(|t| t.value == used) {
            *cached = None;
        }
    }

    /// One call with the bearer token (asked for again once on a 401). `what` says what it was
    /// for in causes ("capturing an order").
    fn call(&self, method: Method, segments: &[&str], request_id: Option<&str>, body: Option<&str>, what: &str) -> Result<Answer, GatewayUnavailable> {
        self.call_url(method, self.url(segments), request_id, body, what)
    }

    /// A GET with a query string.
    fn get_with_query(&self, segments: &[&str], query: &[(&str, &str)], what: &str) -> Result<Answer, GatewayUnavailable> {
        let mut url = self.url(segments);
        url.query_pairs_mut().extend_pairs(query);
        self.call_url(Method::GET, url, None, None, what)
    }

    fn call_url(&self, method: Method, url: Url, request_id: Option<&str>, body: Option<&str>, what: &str) -> Result<Answer, GatewayUnavailable> {
        let mut renewed = false;
        loop {
            let token = self.token()?;
            let mut request =
                self.http.request(method.clone(), url.clone()).bearer_auth(&token).header(ACCEPT, "application/json").header("Prefer", "return=representation");
            if let Some(id) = request_id {
                request = request.header("PayPal-Request-Id", id);
            }
            if let Some(body) = body {
                request = request.header(CONTENT_TYPE, "application/json").body(body.to_string());
            }
            let response = request.send().map_err(|e| unreachable(what, &e))?;
            let status = response.status();
            if status == StatusCode::UNAUTHORIZED && !renewed {
                self.forget_token(&token);
                renewed = true;
                continue;
            }
            let body = read_body(response, what)?;
            if status == StatusCode::UNAUTHORIZED {
                return Err(GatewayUnavailable(format!("PayPal refused a new access token while {what}")));
            }
            return Ok(Answer { status, body });
        }
    }
}

fn unreachable(what: &str, error: &reqwest::Error) -> GatewayUnavailable {
    let mut cause = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(inner) = source {
        cause.push_str(": ");
        cause.push_str(&inner.to_string());
        source = inner.source();
    }
    GatewayUnavailable(format!("PayPal could not be reached while {what}: {cause}"))
}

/// The body as JSON; a 5xx, an unreadable body or one that is not JSON is `GatewayUnavailable`.
fn read_body(response: reqwest::blocking::Response, what: &str) -> Result<Value, GatewayUnavailable> {
    let status = response.status();
    let text = response.text().map_err(|e| unreachable(what, &e))?;
    let body = if text.trim().is_empty() { Ok(Value::Null) } else { serde_json::from_str::<Value>(&text) };
    if status.is_server_error() {
        let debug_id = body.as_ref().ok().and_then(|b| b["debug_id"].as_str()).map(|id| format!(" (debug id {id})")).unwrap_or_default();
        return Err(GatewayUnavailable(format!("PayPal answered {status} while {what}{debug_id}")));
    }
    body.map_err(|_| GatewayUnavailable(format!("PayPal answered {status} with something that is not JSON while {what}")))
}

/// A 4xx PayPal did not document for the call, as a cause: name, issue, description, debug id.
fn refused(what: &str, answer: &Answer) -> GatewayUnavailable {
    let body = &answer.body;
    let detail = &body["details"][0];
    let mut cause = format!("PayPal answered {} while {what}: {}", answer.status, body["name"].as_str().unwrap_or("no name"));
    for part in [detail["issue"].as_str(), detail["description"].as_str().or(body["message"].as_str())].into_iter().flatten() {
        cause.push_str(": ");
        cause.push_str(part);
    }
    if let Some(debug_id) = body["debug_id"].as_str() {
        cause.push_str(&format!(" (debug id {debug_id})"));
    }
    GatewayUnavailable(cause)
}

/// What PayPal says to the buyer about a refusal: the first detail's description, else its message.
fn refusal_message(body: &Value) -> Option<String> {
    body["details"][0]["description"].as_str().or(body["message"].as_str()).map(str::to_string)
}

/// Unique per attempt within this process, and across restarts (the clock).
fn attempt_suffix() -> String {
    static ATTEMPTS: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{nanos:x}-{}", ATTEMPTS.fetch_add(1, Ordering::Relaxed))
}

/// PayPal's ids are letters, digits, `-` and `_`; anything else is no id of PayPal's.
fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 128 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Cents as PayPal's decimal string: 1099 -> "10.99", 5 -> "0.05".
fn cents_to_value(amount: Cents) -> String {
    let sign = if amount.0 < 0 { "-" } else { "" };
    let abs = amount.0.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// PayPal's decimal string as cents: "10.99" -> 1099, "10.5" -> 1050, "10" -> 1000. Refuses a sign,
/// an exponent, spaces and more than two decimals: never a float.
fn value_to_cents(value: &str) -> Option<Cents> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 2 || value.ends_with('.') || whole.len() > 15 {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let fraction: i64 = format!("{fraction:0<2}").parse().ok()?;
    whole.checked_mul(100)?.checked_add(fraction).map(Cents)
}

fn money(amount: Cents) -> Value {
    json!({"currency_code": CURRENCY, "value": cents_to_value(amount)})
}

fn truncated(text: &str) -> String {
    text.chars().take(MAX_TEXT).collect()
}

/// A completed sale of a subscription as a payment (a refund names the sale).
fn sale_payment(sale: &Value) -> Option<SubscriptionPayment> {
    let id = sale["id"].as_str().filter(|id| valid_id(id))?.to_string();
    Some(SubscriptionPayment {
        amount: value_to_cents(sale["amount"]["total"].as_str()?)?,
        reference: Some(id.clone()),
        id,
        first: false,
        paid_at: time_field(&sale["create_time"])?,
    })
}

fn time_field(value: &Value) -> Option<Timestamp> {
    chrono::DateTime::parse_from_rfc3339(value.as_str()?).ok().map(|t| t.with_timezone(&chrono::Utc))
}

/// A PayPal subscription as billing sees it, as of `as_of`; `None` while it is not running
/// (APPROVAL_PENDING, APPROVED). ACTIVE is `Trialing` until a payment was taken.
fn snapshot(subscription: &Value, as_of: Timestamp) -> Result<Option<ProviderSnapshot>, String> {
    let billing_info = &subscription["billing_info"];
    let paid = billing_info["last_payment"].as_object().is_some_and(|payment| {
        // A recorded payment of nothing (a free cycle) is not a payment.
        payment.get("amount").and_then(|a| a["value"].as_str()).and_then(value_to_cents).is_none_or(|amount| amount.0 > 0)
    });
    let status = match subscription["status"].as_str() {
        Some("APPROVAL_PENDING" | "APPROVED") => return Ok(None),
        Some("ACTIVE") if paid => SubscriptionStatus::Active,
        Some("ACTIVE") => SubscriptionStatus::Trialing,
        // Payments stopped (too many failures, or by hand): no access until it is re-activated.
        Some("SUSPENDED") => SubscriptionStatus::Paused,
        Some("CANCELLED") => SubscriptionStatus::Canceled,
        Some("EXPIRED") => SubscriptionStatus::Expired,
        other => return Err(format!("has an unknown status {other:?}")),
    };
    // After a cancel or the end PayPal drops next_billing_time; billing keeps the later of the
    // stored and the reported period, so the status' time is a safe floor.
    let current_period_end = time_field(&billing_info["next_billing_time"])
        .or_else(|| time_field(&subscription["status_update_time"]))
        .ok_or("has neither billing_info.next_billing_time nor status_update_time")?;
    Ok(Some(ProviderSnapshot { status, current_period_end, as_of }))
}

fn read_subscription(subscription: &Value, as_of: Timestamp) -> Result<PayPalSubscription, String> {
    let paypal_plan = subscription["plan_id"].as_str().filter(|p| !p.is_empty()).ok_or("has no plan_id")?.to_string();
    let custom_id = subscription["custom_id"].as_str().map(str::to_string);
    let payer_id = subscription["subscriber"]["payer_id"].as_str().filter(|p| !p.is_empty()).map(str::to_string);
    Ok(PayPalSubscription { paypal_plan, custom_id, payer_id, snapshot: snapshot(subscription, as_of)? })
}

/// What a capture call's order says was taken.
fn capture_outcome(order: &Value) -> Result<CaptureOutcome, GatewayUnavailable> {
    let garbage = |what: &str| GatewayUnavailable(format!("PayPal's capture answer {what}"));
    let captures: Vec<&Value> =
        order["purchase_units"].as_array().into_iter().flatten().flat_map(|unit| unit["payments"]["captures"].as_array().into_iter().flatten()).collect();
    let Some(capture) = captures.iter().find(|c| c["status"] == "COMPLETED").or(captures.first()) else {
        return Err(garbage("holds no capture"));
    };
    match capture["status"].as_str() {
        Some("COMPLETED") => {
            let id = capture["id"].as_str().filter(|id| !id.is_empty()).ok_or_else(|| garbage("has a capture without an id"))?;
            if capture["amount"]["currency_code"] != CURRENCY {
                return Err(garbage("is not in USD"));
            }
            let amount = capture["amount"]["value"].as_str().and_then(value_to_cents).ok_or_else(|| garbage("has no amount"))?;
            Ok(CaptureOutcome::Captured { capture: id.to_string(), amount })
        }
        // PENDING (held for review, an eCheck), DECLINED, FAILED: no money was taken now.
        Some(status) => {
            let reason = capture["status_details"]["reason"].as_str().map(|r| format!(": {r}")).unwrap_or_default();
            Ok(CaptureOutcome::Refused { message: Some(format!("PayPal did not complete the payment ({status}{reason}).")) })
        }
        None => Err(garbage("has a capture without a status")),
    }
}

/// Orders and subscriptions at PayPal.
pub struct PayPalClient {
    api: Api,
    /// The site's public address: where PayPal sends a buyer back from a subscription's approval
    /// page (the JS SDK's window closes instead; PayPal's schema still wants both addresses).
    site: Option<String>,
}

impl PayPalClient {
    /// Makes the HTTP client (no call is made yet). Call from a blocking thread.
    pub fn new(settings: &PayPalSettings) -> Result<PayPalClient, GatewayUnavailable> {
        Ok(PayPalClient { api: Api::new(settings)?, site: None })
    }

    /// Subscriptions name the site (its brand, no shipping step, the addresses to come back to).
    pub fn returning_to(self, site: &str) -> PayPalClient {
        PayPalClient { site: Some(site.trim_end_matches('/').to_owned()), ..self }
    }

    /// The order, `None` when PayPal knows no such order.
    fn fetch_order(&self, id: &str) -> Result<Option<Value>, GatewayUnavailable> {
        const WHAT: &str = "reading an order";
        let answer = self.api.call(Method::GET, &["v2", "checkout", "orders", id], None, None, WHAT)?;
        match answer.status {
            status if status.is_success() => Ok(Some(answer.body)),
            StatusCode::NOT_FOUND => Ok(None),
            _ => Err(refused(WHAT, &answer)),
        }
    }

    /// The subscription object, `None` when PayPal knows no such subscription.
    fn fetch_subscription(&self, id: &str) -> Result<Option<Value>, GatewayUnavailable> {
        if !valid_id(id) {
            return Ok(None);
        }
        const WHAT: &str = "reading a subscription";
        let answer = self.api.call(Method::GET, &["v1", "billing", "subscriptions", id], None, None, WHAT)?;
        match answer.status {
            status if status.is_success() => Ok(Some(answer.body)),
            StatusCode::NOT_FOUND => Ok(None),
            _ => Err(refused(WHAT, &answer)),
        }
    }
}

/// A billing plan's terms: what a subscription renews every (a month or a year) and its free trial.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlanTerms {
    pub interval: billing::model::Interval,
    pub trial_days: u32,
}

impl PlanTerms {
    /// The terms of a plan as PayPal shows it (`billing_cycles`), when they are ones we sell.
    fn of(plan: &Value) -> Option<PlanTerms> {
        let mut terms = PlanTerms { interval: billing::model::Interval::Month, trial_days: 0 };
        let mut regular = false;
        for cycle in plan["billing_cycles"].as_array()? {
            let frequency = &cycle["frequency"];
            match (cycle["tenure_type"].as_str()?, frequency["interval_unit"].as_str()?, frequency["interval_count"].as_u64()?) {
                ("TRIAL", "DAY", days) => terms.trial_days = u32::try_from(days).ok()?,
                ("REGULAR", "MONTH", 1) => (terms.interval, regular) = (billing::model::Interval::Month, true),
                ("REGULAR", "YEAR", 1) => (terms.interval, regular) = (billing::model::Interval::Year, true),
                _ => return None,
            }
        }
        regular.then_some(terms)
    }
}

/// The body of `POST /v1/billing/plans` for `terms` under `product_id`, priced at the plan's
/// current price (every subscription overrides it with billing's amount for that purchase).
pub fn plan_request(product_id: &str, name: &str, terms: PlanTerms, price: Cents) -> Value {
    let unit = match terms.interval {
        billing::model::Interval::Month => "MONTH",
        billing::model::Interval::Year => "YEAR",
    };
    let mut cycles = Vec::new();
    if terms.trial_days > 0 {
        cycles.push(json!({
            "frequency": {"interval_unit": "DAY", "interval_count": terms.trial_days}, "tenure_type": "TRIAL",
            "sequence": 1, "total_cycles": 1, "pricing_scheme": {"fixed_price": money(Cents(0))},
        }));
    }
    cycles.push(json!({
        "frequency": {"interval_unit": unit, "interval_count": 1}, "tenure_type": "REGULAR",
        "sequence": cycles.len() + 1, "total_cycles": 0, "pricing_scheme": {"fixed_price": money(price)},
    }));
    json!({
        "product_id": product_id, "name": name, "status": "ACTIVE", "billing_cycles": cycles,
        "payment_preferences": {"auto_bill_outstanding": true, "setup_fee_failure_action": "CANCEL", "payment_failure_threshold": 3},
    })
}

impl PayPalClient {
    /// The PayPal plan with `terms`, of the product `current` (a plan we use now) belongs to:
    /// found among the product's plans, or made. Operators never type plan ids.
    pub fn plan_for(&self, current: &str, name: &str, terms: PlanTerms, price: Cents) -> Result<String, GatewayUnavailable> {
        let read = |id: &str| -> Result<Value, GatewayUnavailable> {
            const WHAT: &str = "reading a billing plan";
            let answer = self.api.call(Method::GET, &["v1", "billing", "plans", id], None, None, WHAT)?;
            if answer.status.is_success() {
                Ok(answer.body)
            } else {
                Err(refused(WHAT, &answer))
            }
        };
        let template = read(current)?;
        if PlanTerms::of(&template) == Some(terms) {
            return Ok(current.to_owned());
        }
        let product = template["product_id"].as_str().ok_or_else(|| GatewayUnavailable(format!("PayPal's plan {current} names no product")))?.to_owned();
        const LIST: &str = "listing billing plans";
        let listed = self.api.get_with_query(&["v1", "billing", "plans"], &[("product_id", product.as_str()), ("page_size", "20")], LIST)?;
        if !listed.status.is_success() {
            return Err(refused(LIST, &listed));
        }
        for summary in listed.body["plans"].as_array().map(Vec::as_slice).unwrap_or_default() {
            let Some(id) = summary["id"].as_str() else { continue };
            if summary["status"] == "ACTIVE" && PlanTerms::of(&read(id)?) == Some(terms) {
                return Ok(id.to_owned());
            }
        }
        const MAKE: &str = "making a billing plan";
        let body = plan_request(&product, name, terms, price).to_string();
        let made = self.api.call(Method::POST, &["v1", "billing", "plans"], Some(&format!("plan-{product}-{terms:?}")), Some(&body), MAKE)?;
        match made.body["id"].as_str() {
            Some(id) if made.status.is_success() => Ok(id.to_owned()),
            _ => Err(refused(MAKE, &made)),
        }
    }
}

fn garbage_subscription(id: &str, problem: &str) -> GatewayUnavailable {
    GatewayUnavailable(format!("PayPal's subscription {id} {problem}"))
}

impl RenewingSubscriptions for PayPalClient {
    fn subscription(&self, subscription: &str) -> Result<Option<ProviderSnapshot>, GatewayUnavailable> {
        Ok(self.paypal_subscription(subscription)?.and_then(|found| found.snapshot))
    }

    /// PayPal has no "cancel at period end": a cancelled subscription simply never bills again, and
    /// its answer no longer tells how far it was paid. So the paid-through time is read first
    /// (`next_billing_time`), then the subscription is cancelled, and the snapshot after it keeps
    /// that period end.
    fn cancel_at_period_end(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        let missing = || GatewayUnavailable(format!("PayPal knows no subscription {subscription}"));
        let before = self.fetch_subscription(subscription)?.ok_or_else(missing)?;
        let paid_through = time_field(&before["billing_info"]["next_billing_time"]);
        let mut refusal = None;
        if matches!(before["status"].as_str(), Some("ACTIVE" | "SUSPENDED")) {
            const WHAT: &str = "cancelling a subscription";
            let body = json!({"reason": CANCEL_REASON}).to_string();
            let answer = self.api.call(Method::POST, &["v1", "billing", "subscriptions", subscription, "cancel"], None, Some(&body), WHAT)?;
            if !answer.status.is_success() {
                // 422 SUBSCRIPTION_STATUS_INVALID: cancelled (or ended) meanwhile; read below.
                refusal = Some(refused(WHAT, &answer));
            }
        }
        let after = self.fetch_subscription(subscription)?.ok_or_else(missing)?;
        let snapshot = snapshot(&after, chrono::Utc::now())
            .map_err(|problem| garbage_subscription(subscription, &problem))?
            .ok_or_else(|| garbage_subscription(subscription, "is not running (not approved by the buyer)"))?;
        match snapshot.status {
            SubscriptionStatus::Canceled => Ok(ProviderSnapshot {
                current_period_end: paid_through.map_or(snapshot.current_period_end, |paid| paid.max(snapshot.current_period_end)),
                ..snapshot
            }),
            SubscriptionStatus::Expired => Ok(snapshot),
            _ => Err(refusal.unwrap_or_else(|| garbage_subscription(subscription, "is still renewing after its cancel"))),
        }
    }

    /// Cancels the subscription and ends its access now (a trial a better purchase replaced): the
    /// same call as above, read as an end.
    fn cancel_now(&self, subscription: &str) -> Result<ProviderSnapshot, GatewayUnavailable> {
        let cancelled = self.cancel_at_period_end(subscription)?;
        let now = chrono::Utc::now();
        Ok(ProviderSnapshot { status: SubscriptionStatus::Expired, current_period_end: now.min(cancelled.current_period_end), as_of: now.max(cancelled.as_of) })
    }
}

impl PayPalPayments for PayPalClient {
    fn create_order(&self, order: &PayPalOrderRequest) -> Result<String, GatewayUnavailable> {
        const WHAT: &str = "making an order";
        let body = json!({
            "intent": "CAPTURE",
            "purchase_units": [{
                "amount": money(order.amount),
                "description": truncated(&order.description),
                "custom_id": truncated(&order.charge_id),
            }],
            "application_context": {"brand_name": BRAND, "shipping_preference": "NO_SHIPPING", "user_action": "PAY_NOW"},
        });
        let request_id = format!("gistbook-order-{}", order.charge_id);
        let answer = self.api.call(Method::POST, &["v2", "checkout", "orders"], Some(&request_id), Some(&body.to_string()), WHAT)?;
        if !answer.status.is_success() {
            return Err(refused(WHAT, &answer));
        }
        answer.body["id"]
            .as_str()
            .filter(|id| valid_id(id))
            .map(str::to_string)
            .ok_or_else(|| GatewayUnavailable(format!("PayPal's answer while {WHAT} holds no order id")))
    }

    fn capture_order(&self, order_id: &str) -> Result<CaptureOutcome, GatewayUnavailable> {
        if !valid_id(order_id) {
            return Ok(CaptureOutcome::Refused { message: None });
        }
        const WHAT: &str = "capturing an order";
        // A new request id for each attempt: PayPal may replay a refusal for a request id it has
        // seen (ORDER_NOT_APPROVED before the buyer approved), which would refuse this order for
        // good. A retry after a lost answer meets ORDER_ALREADY_CAPTURED instead and reads the
        // capture back below, so no attempt captures twice or misses the first capture.
        let request_id = format!("gistbook-capture-{order_id}-{}", attempt_suffix());
        let answer = self.api.call(Method::POST, &["v2", "checkout", "orders", order_id, "capture"], Some(&request_id), Some("{}"), WHAT)?;
        match answer.status {
            status if status.is_success() => capture_outcome(&answer.body),
            StatusCode::UNPROCESSABLE_ENTITY if answer.body["details"][0]["issue"] == "ORDER_ALREADY_CAPTURED" => {
                // Captured by an earlier attempt whose answer was lost: what it took.
                let order = self.fetch_order(order_id)?;
                match order.as_ref().map(capture_outcome).transpose()? {
                    Some(captured @ CaptureOutcome::Captured { .. }) => Ok(captured),
                    _ => Ok(CaptureOutcome::Refused { message: refusal_message(&answer.body) }),
                }
            }
            // ORDER_NOT_APPROVED, INSTRUMENT_DECLINED...; an unknown order.
            StatusCode::UNPROCESSABLE_ENTITY | StatusCode::NOT_FOUND => Ok(CaptureOutcome::Refused { message: refusal_message(&answer.body) }),
            _ => Err(refused(WHAT, &answer)),
        }
    }

    fn create_subscription(&self, request: &PayPalSubscriptionRequest) -> Result<String, GatewayUnavailable> {
        const WHAT: &str = "making a subscription";
        // The plan's cycles are [trial, regular] with a trial, else [regular]: the override sets
        // the regular cycle's price to billing's amount.
        let sequence = if request.trial_days > 0 { 2 } else { 1 };
        let mut body = json!({
            "plan_id": request.paypal_plan,
            "custom_id": truncated(&request.charge_id),
            "plan": {"billing_cycles": [{"sequence": sequence, "total_cycles": 0, "pricing_scheme": {"fixed_price": money(request.amount)}}]},
        });
        if let Some(email) = &request.email {
            body["subscriber"] = json!({"email_address": email});
        }
        if let Some(site) = &self.site {
            body["application_context"] = json!({
                "brand_name": BRAND, "shipping_preference": "NO_SHIPPING", "user_action": "SUBSCRIBE_NOW",
                "return_url": format!("{site}/account"), "cancel_url": format!("{site}/pricing"),
            });
        }
        if request.setup_fee.0 > 0 {
            // Add-ons are bought once: PayPal's setup fee, charged when the subscription starts.
            body["plan"]["payment_preferences"] = json!({"setup_fee": money(request.setup_fee), "setup_fee_failure_action": "CANCEL"});
        }
        let request_id = format!("gistbook-subscription-{}", request.charge_id);
        let answer = self.api.call(Method::POST, &["v1", "billing", "subscriptions"], Some(&request_id), Some(&body.to_string()), WHAT)?;
        if !answer.status.is_success() {
            return Err(refused(WHAT, &answer));
        }
        answer.body["id"]
            .as_str()
            .filter(|id| valid_id(id))
            .map(str::to_string)
            .ok_or_else(|| GatewayUnavailable(format!("PayPal's answer while {WHAT} holds no subscription id")))
    }

    fn paypal_subscription(&self, id: &str) -> Result<Option<PayPalSubscription>, GatewayUnavailable> {
        let Some(found) = self.fetch_subscription(id)? else { return Ok(None) };
        read_subscription(&found, chrono::Utc::now()).map(Some).map_err(|problem| garbage_subscription(id, &problem))
    }
}

/// Checks PayPal's webhooks with its verify-webhook-signature call and reads them.
pub struct PayPalWebhooks {
    api: Api,
    webhook_id: String,
}

impl PayPalWebhooks {
    /// Makes the HTTP client (no call is made yet). Call from a blocking thread.
    pub fn new(settings: &PayPalSettings) -> Result<PayPalWebhooks, GatewayUnavailable> {
        Ok(PayPalWebhooks { api: Api::new(settings)?, webhook_id: settings.webhook_id.clone() })
    }

    /// Asks PayPal whether it sent `payload` with these headers to our webhook. The event goes
    /// in as the exact bytes received: PayPal checks a digest of them, so it must not be
    /// re-serialised.
    fn check_signature(&self, payload: &str, headers: &Transmission<'_>) -> Result<(), WebhookRejected> {
        const WHAT: &str = "checking a webhook's signature";
        let mut body = json!({
            "auth_algo": headers.auth_algo,
            "cert_url": headers.cert_url,
            "transmission_id": headers.id,
            "transmission_sig": headers.sig,
            "transmission_time": headers.time,
            "webhook_id": self.webhook_id,
        })
        .to_string();
        body.pop(); // the closing brace
        body.push_str(",\"webhook_event\":");
        body.push_str(payload);
        body.push('}');
        let unavailable = |e: GatewayUnavailable| WebhookRejected::Unavailable(e.0);
        let answer = self.api.call(Method::POST, &["v1", "notifications", "verify-webhook-signature"], None, Some(&body), WHAT).map_err(unavailable)?;
        match answer.status {
            status if status.is_success() => match answer.body["verification_status"].as_str() {
                Some("SUCCESS") => Ok(()),
                Some("FAILURE") => Err(WebhookRejected::BadSignature),
                _ => Err(WebhookRejected::Unavailable(format!("PayPal's answer while {WHAT} holds no verification_status"))),
            },
            // PayPal refuses to check what is not a transmission of its own (a bad header, a cert
            // URL not its own).
            StatusCode::BAD_REQUEST | StatusCode::UNPROCESSABLE_ENTITY => Err(WebhookRejected::BadSignature),
            _ => Err(unavailable(refused(WHAT, &answer))),
        }
    }

    /// The id of the order a refund (or reversal) is about. PayPal puts it in
    /// `supplementary_data.related_ids`; when it is not there, the resource's `up` link names the
    /// order, or the capture, which is read for its order.
    fn order_of(&self, resource: &Value) -> Result<Option<String>, WebhookRejected> {
        let related = |value: &Value| value["supplementary_data"]["related_ids"]["order_id"].as_str().filter(|id| valid_id(id)).map(str::to_string);
        if let Some(order) = related(resource) {
            return Ok(Some(order));
        }
        let up = link_id(resource, "up", "/v2/checkout/orders/").map(Upward::Order).or(link_id(resource, "up", "/v2/payments/captures/").map(Upward::Capture));
        let capture_id = match up {
            Some(Upward::Order(order)) => return Ok(Some(order)),
            Some(Upward::Capture(capture)) => capture,
            None => return Ok(None),
        };
        const WHAT: &str = "reading a refunded capture";
        let answer =
            self.api.call(Method::GET, &["v2", "payments", "captures", &capture_id], None, None, WHAT).map_err(|e| WebhookRejected::Unavailable(e.0))?;
        match answer.status {
            status if status.is_success() => Ok(related(&answer.body).or_else(|| link_id(&answer.body, "up", "/v2/checkout/orders/"))),
            StatusCode::NOT_FOUND => Ok(None),
            _ => Err(WebhookRejected::Unavailable(refused(WHAT, &answer).0)),
        }
    }

    fn provider_event(&self, event_type: &str, event: &Value) -> Result<ProviderEvent, WebhookRejected> {
        let resource = &event["resource"];
        let resource_id = resource["id"].as_str().filter(|id| !id.is_empty()).map(str::to_string);
        Ok(match event_type {
            "BILLING.SUBSCRIPTION.ACTIVATED"
            | "BILLING.SUBSCRIPTION.UPDATED"
            | "BILLING.SUBSCRIPTION.CANCELLED"
            | "BILLING.SUBSCRIPTION.SUSPENDED"
            | "BILLING.SUBSCRIPTION.EXPIRED"
            | "BILLING.SUBSCRIPTION.RE-ACTIVATED" => {
                let as_of = time_field(&event["create_time"]).ok_or(WebhookRejected::Malformed)?;
                let subscription = resource_id.ok_or(WebhookRejected::Malformed)?;
                match snapshot(resource, as_of).map_err(|_| WebhookRejected::Malformed)? {
                    Some(snapshot) => ProviderEvent::Subscription { subscription, snapshot },
                    None => ProviderEvent::Other,
                }
            }
            // A renewal was paid: the sale names its subscription (a sale without one is not a
            // subscription's).
            "PAYMENT.SALE.COMPLETED" => match resource["billing_agreement_id"].as_str().filter(|id| !id.is_empty()) {
                Some(subscription) => ProviderEvent::SubscriptionTouched { subscription: subscription.to_string(), payment: sale_payment(resource) },
                None => ProviderEvent::Other,
            },
            // A subscription payment (a sale) refunded: the refund names its sale.
            "PAYMENT.SALE.REFUNDED" | "PAYMENT.SALE.REVERSED" => match resource["sale_id"].as_str().filter(|id| valid_id(id)) {
                Some(sale) => ProviderEvent::Refunded { reference: sale.to_string() },
                None => ProviderEvent::Other,
            },
            // The resource is the subscription.
            "BILLING.SUBSCRIPTION.PAYMENT.FAILED" => {
                let subscription = resource["billing_agreement_id"].as_str().map(str::to_string).or(resource_id).ok_or(WebhookRejected::Malformed)?;
                ProviderEvent::RenewalFailed { subscription }
            }
            "PAYMENT.CAPTURE.REFUNDED" => match self.order_of(resource)? {
                Some(reference) => ProviderEvent::Refunded { reference },
                None => ProviderEvent::Other,
            },
            // A reversal is the buyer's bank or PayPal taking the money back (a chargeback).
            "PAYMENT.CAPTURE.REVERSED" => match self.order_of(resource)? {
                Some(reference) => ProviderEvent::Disputed { reference },
                None => ProviderEvent::Other,
            },
            _ => ProviderEvent::Other,
        })
    }
}

enum Upward {
    Order(String),
    Capture(String),
}

/// The id after `prefix` in the href of the resource's link `rel` (ids only: no query, no host
/// is followed).
fn link_id(resource: &Value, rel: &str, prefix: &str) -> Option<String> {
    let href = resource["links"].as_array()?.iter().find(|link| link["rel"] == rel)?["href"].as_str()?;
    let id = href.split_once(prefix)?.1.split(['/', '?', '#']).next()?;
    valid_id(id).then(|| id.to_string())
}

/// The `PAYPAL-*` headers of one delivery.
struct Transmission<'h> {
    id: &'h str,
    time: &'h str,
    sig: &'h str,
    cert_url: &'h str,
    auth_algo: &'h str,
}

impl WebhookVerifier for PayPalWebhooks {
    fn provider(&self) -> &'static str {
        PAYPAL
    }

    fn checks_with_provider(&self) -> bool {
        true
    }

    fn verify(&self, payload: &str, headers: &dyn WebhookHeaders) -> Result<VerifiedEvent, WebhookRejected> {
        let header = |name: &str| headers.header(name).map(str::trim).filter(|v| !v.is_empty()).ok_or(WebhookRejected::BadSignature);
        let transmission = Transmission {
            id: header("paypal-transmission-id")?,
            time: header("paypal-transmission-time")?,
            sig: header("paypal-transmission-sig")?,
            cert_url: header("paypal-cert-url")?,
            auth_algo: header("paypal-auth-algo")?,
        };
        let sent = chrono::DateTime::parse_from_rfc3339(transmission.time).map_err(|_| WebhookRejected::BadSignature)?;
        if (chrono::Utc::now() - sent.with_timezone(&chrono::Utc)).num_seconds().abs() > WEBHOOK_TOLERANCE_SECONDS {
            return Err(WebhookRejected::StaleTimestamp);
        }
        let event: Value = serde_json::from_str(payload).map_err(|_| WebhookRejected::Malformed)?;
        if !event.is_object() {
            return Err(WebhookRejected::Malformed);
        }
        self.check_signature(payload, &transmission)?;
        let id = event["id"].as_str().filter(|id| !id.is_empty()).ok_or(WebhookRejected::Malformed)?.to_string();
        let event_type = event["event_type"].as_str().ok_or(WebhookRejected::Malformed)?;
        let event = self.provider_event(event_type, &event)?;
        Ok(VerifiedEvent { id, event })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> Timestamp {
        time_field(&json!(text)).unwrap()
    }

    #[test]
    fn cents_travel_as_exact_decimal_strings() {
        assert_eq!(cents_to_value(Cents(1099)), "10.99");
        assert_eq!(cents_to_value(Cents(5)), "0.05");
        assert_eq!(cents_to_value(Cents(16198)), "161.98");
        assert_eq!(cents_to_value(Cents(0)), "0.00");
        assert_eq!(cents_to_value(Cents(100)), "1.00");
        assert_eq!(value_to_cents("10.99"), Some(Cents(1099)));
        assert_eq!(value_to_cents("0.05"), Some(Cents(5)));
        assert_eq!(value_to_cents("10.5"), Some(Cents(1050)));
        assert_eq!(value_to_cents("10"), Some(Cents(1000)));
        for bad in ["", ".5", "1.", "1.999", "-1.00", "+1", "1e3", " 1", "1,00", "NaN", "9999999999999999.00"] {
            assert_eq!(value_to_cents(bad), None, "{bad:?}");
        }
        for cents in [0, 1, 9, 10, 99, 100, 101, 1099, 4499, 16198, 999_999_999] {
            assert_eq!(value_to_cents(&cents_to_value(Cents(cents))), Some(Cents(cents)));
        }
    }

    #[test]
    fn statuses_map_to_billings() {
        let now = at("2026-01-10T00:00:00Z");
        let sub = |status: &str, billing_info: Value| json!({"id": "I-1", "plan_id": "P-1", "status": status, "status_update_time": "2026-01-05T00:00:00Z", "billing_info": billing_info});
        let paid = json!({"next_billing_time": "2026-02-01T10:00:00Z", "last_payment": {"amount": {"currency_code": "USD", "value": "9.99"}, "time": "2026-01-01T10:00:00Z"}});
        let trial = json!({"next_billing_time": "2026-01-04T10:00:00Z"});
        let status = |value: &Value| snapshot(value, now).unwrap().map(|s| (s.status, s.current_period_end));
        assert_eq!(status(&sub("APPROVAL_PENDING", json!(null))), None);
        assert_eq!(status(&sub("APPROVED", json!(null))), None);
        assert_eq!(status(&sub("ACTIVE", trial.clone())), Some((SubscriptionStatus::Trialing, at("2026-01-04T10:00:00Z"))));
        assert_eq!(status(&sub("ACTIVE", paid.clone())), Some((SubscriptionStatus::Active, at("2026-02-01T10:00:00Z"))));
        assert_eq!(status(&sub("SUSPENDED", paid)), Some((SubscriptionStatus::Paused, at("2026-02-01T10:00:00Z"))));
        assert_eq!(status(&sub("CANCELLED", json!({}))), Some((SubscriptionStatus::Canceled, at("2026-01-05T00:00:00Z"))));
        assert_eq!(status(&sub("EXPIRED", json!({}))), Some((SubscriptionStatus::Expired, at("2026-01-05T00:00:00Z"))));
        let free = json!({"next_billing_time": "2026-01-04T10:00:00Z", "last_payment": {"amount": {"currency_code": "USD", "value": "0.00"}, "time": "2026-01-01T10:00:00Z"}});
        assert_eq!(status(&sub("ACTIVE", free)), Some((SubscriptionStatus::Trialing, at("2026-01-04T10:00:00Z"))));
        assert!(snapshot(&sub("PAUSED", trial), now).is_err());
        assert!(snapshot(&json!({"status": "ACTIVE"}), now).is_err(), "no period at all is not a subscription");
        assert_eq!(snapshot(&sub("ACTIVE", json!({"next_billing_time": "2026-01-04T10:00:00Z"})), now).unwrap().unwrap().as_of, now);
    }

    #[test]
    fn a_capture_answer_is_read_for_its_completed_capture() {
        let order = |status: &str, value: &str| {
            json!({"id": "O-1", "status": "COMPLETED", "purchase_units": [{"payments": {"captures": [
                {"id": "C-1", "status": status, "amount": {"currency_code": "USD", "value": value}, "status_details": {"reason": "PENDING_REVIEW"}}
            ]}}]})
        };
        assert_eq!(capture_outcome(&order("COMPLETED", "161.98")).unwrap(), CaptureOutcome::Captured { capture: "C-1".into(), amount: Cents(16198) });
        assert!(matches!(capture_outcome(&order("PENDING", "161.98")).unwrap(), CaptureOutcome::Refused { message: Some(m) } if m.contains("PENDING_REVIEW")));
        assert!(capture_outcome(&order("COMPLETED", "161.985")).is_err());
        assert!(capture_outcome(&json!({"id": "O-1", "status": "COMPLETED"})).is_err());
    }

    #[test]
    fn links_give_ids_only() {
        let resource = json!({"links": [
            {"rel": "self", "href": "https://api-m.paypal.com/v2/payments/refunds/R-1"},
            {"rel": "up", "href": "https://api-m.paypal.com/v2/payments/captures/C-9?x=1"},
        ]});
        assert_eq!(link_id(&resource, "up", "/v2/payments/captures/"), Some("C-9".into()));
        assert_eq!(link_id(&resource, "up", "/v2/checkout/orders/"), None);
        let odd = json!({"links": [{"rel": "up", "href": "https://evil.example/v2/payments/captures/%2e%2e"}]});
        assert_eq!(link_id(&odd, "up", "/v2/payments/captures/"), None);
    }

    #[test]
    fn settings_never_print_the_secret() {
        let settings =
            PayPalSettings { client_id: "id".into(), client_secret: "s3cr3t".into(), api_base: "https://api-m.paypal.com".into(), webhook_id: "WH-1".into() };
        assert!(!format!("{settings:?}").contains("s3cr3t"));
    }
}
