//! A stand-in for PayPal on loopback: the subset of PayPal's REST API the payments adapter
//! (`crates/payments/src/paypal.rs`) uses, answered with JSON shaped as PayPal documents it,
//! PayPal-style webhooks with a verify-webhook-signature call, and a small subset of PayPal's JS SDK
//! (`GET /sdk/js`) for the browser.
//!
//! API (JSON bodies; `Authorization: Bearer <token>` from `POST /v1/oauth2/token`, which takes HTTP
//! Basic [`CLIENT_ID`]:[`CLIENT_SECRET`] and `grant_type=client_credentials`; a repeated
//! `PayPal-Request-Id` answers the first answer again):
//! - orders v2: create (`intent: CAPTURE`, one purchase unit in USD), show, capture (422
//!   `ORDER_NOT_APPROVED` before the buyer approved it, `ORDER_ALREADY_CAPTURED` after a capture),
//!   and show a capture (`GET /v2/payments/captures/{id}`);
//! - subscriptions v1: create (with a `plan` override of the regular cycle's price), show, cancel
//!   (`{reason}`, 204); the plans [`PLAN_MONTHLY`] and [`PLAN_YEARLY`] (each with a
//!   [`TRIAL_DAYS`]-day free trial), also at `GET /v1/billing/plans/{id}`; plans of
//!   [`PRODUCT_ID`] listed (`GET /v1/billing/plans?product_id=`) and made (`POST /v1/billing/plans`:
//!   one free trial cycle in days, one monthly or yearly cycle);
//! - `POST /v1/notifications/verify-webhook-signature`: `SUCCESS` only for a transmission this
//!   stand-in sent (id, signature and time as sent), [`WEBHOOK_ID`], and the very event it sent.
//!
//! The buyer: `GET /checkoutnow?token=<order or subscription id>` is the approval page the script
//! opens in a modal frame (Approve / Cancel); `POST /checkoutnow/{id}/approve` (or
//! [`PayPalStandIn::approve`]) approves without a browser: an order becomes `APPROVED`, a
//! subscription `ACTIVE` (its trial first) and `BILLING.SUBSCRIPTION.ACTIVATED` is sent.
//!
//! Webhooks: with [`PayPalStandIn::set_webhook`], every event is POSTed to the URL with PayPal's
//! `PAYPAL-TRANSMISSION-*` headers (after the API answer for events an API call caused; before the
//! method returns for the test methods). Every event is also kept ([`PayPalStandIn::events`]), and
//! every API call with its answer ([`PayPalStandIn::exchanges`]).
//! [`PayPalStandIn::advance_subscription`] moves a subscription through a renewal, a failed
//! renewal payment or its end; [`PayPalStandIn::refund_capture`] refunds a capture and
//! [`PayPalStandIn::refund_sale`] a subscription's sale.
//! [`PayPalStandIn::sign_event`], [`PayPalStandIn::sign_event_at`] and [`PayPalStandIn::forge`]
//! make deliveries for tests (genuine, genuine but old, forged).
//!
//! Times are RFC 3339 in UTC: resources to the second, as PayPal writes them; events' `create_time`
//! to the millisecond and strictly increasing, so a receiver can order them.

use crate::http::{self, Request, Response};
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use chrono::{DateTime, Months, SecondsFormat, TimeDelta, Utc};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::collections::{HashMap, VecDeque};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex, MutexGuard};

pub const CLIENT_ID: &str = "standin-client";
pub const CLIENT_SECRET: &str = "standin-secret";
/// The id of the webhook the stand-in's events are sent for (`PAYPAL_WEBHOOK_ID`): letters and
/// digits, as PayPal's (verify-webhook-signature takes no other).
pub const WEBHOOK_ID: &str = "STANDINWEBHOOK01";
/// Monthly, after a free trial of [`TRIAL_DAYS`].
pub const PLAN_MONTHLY: &str = "P-GISTBOOK-MONTHLY";
/// Yearly, after a free trial of [`TRIAL_DAYS`].
pub const PLAN_YEARLY: &str = "P-GISTBOOK-YEARLY";
pub const TRIAL_DAYS: u32 = 3;
/// How long an access token lives (PayPal's are about nine hours).
pub const TOKEN_LIFETIME_SECONDS: i64 = 32_400;
/// The buyer who approves everything (13 characters of PayPal's payer-id alphabet).
pub const PAYER_ID: &str = "BUYERSTANDN22";
pub const PAYER_EMAIL: &str = "buyer@example.com";
/// `PAYPAL-AUTH-ALGO` of every delivery.
pub const AUTH_ALGO: &str = "SHA256withRSA";

/// What the stand-in "signs" deliveries with (PayPal signs with its RSA key; nobody outside
/// checks these bytes: verify-webhook-signature compares them with what was sent).
const SIGNING_KEY: &[u8] = b"paypal-stand-in-signing-key";
const NOT_APPROVED: &str = "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.";
const ALREADY_CAPTURED: &str = "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.";

/// What to do to a running subscription, as time would.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advance {
    /// The period (or trial) ended and the renewal was paid: `PAYMENT.SALE.COMPLETED`, the
    /// subscription `ACTIVE` with `last_payment` set and `next_billing_time` one interval on.
    Renewal,
    /// The renewal payment failed: `BILLING.SUBSCRIPTION.PAYMENT.FAILED`, then `SUSPENDED`
    /// (`BILLING.SUBSCRIPTION.SUSPENDED`).
    PaymentFailed,
    /// It ran its course: `EXPIRED` (`BILLING.SUBSCRIPTION.EXPIRED`).
    Ended,
}

/// One API call (`/v1/...`, `/v2/...`) as the stand-in received and answered it, for tests that
/// check shapes (PayPal's OpenAPI schemas). Headers are not kept (no credentials or tokens).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    pub method: String,
    /// Without the query.
    pub path: String,
    pub request_body: String,
    pub status: u16,
    pub response_body: String,
}

/// How many exchanges are kept (the latest), so a long local run does not grow without end.
const KEPT_EXCHANGES: usize = 1000;

/// One webhook delivery as PayPal makes it: the body and the `PAYPAL-*` headers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub body: String,
    pub headers: Vec<(String, String)>,
}

impl Delivery {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Month,
    Year,
}

#[derive(Clone)]
struct Plan {
    id: String,
    product_id: String,
    name: String,
    unit: Unit,
    /// The regular cycle's price when not overridden.
    price: i64,
    trial_days: u32,
}

/// The product every plan of the stand-in belongs to.
pub const PRODUCT_ID: &str = "PROD-GISTBOOK";

/// The plans the stand-in starts with; `POST /v1/billing/plans` adds more.
fn first_plans() -> Vec<Plan> {
    let plan =
        |id: &str, name: &str, unit, price| Plan { id: id.into(), product_id: PRODUCT_ID.into(), name: name.into(), unit, price, trial_days: TRIAL_DAYS };
    vec![plan(PLAN_MONTHLY, "Gistbook Premium Monthly", Unit::Month, 999), plan(PLAN_YEARLY, "Gistbook Premium Yearly", Unit::Year, 5999)]
}

impl Plan {
    /// The sequence of the regular (paid) cycle: 2 after a trial cycle, else 1.
    fn regular_sequence(&self) -> u64 {
        if self.trial_days > 0 {
            2
        } else {
            1
        }
    }

    fn unit_name(&self) -> &'static str {
        match self.unit {
            Unit::Month => "MONTH",
            Unit::Year => "YEAR",
        }
    }

    fn after_one_period(&self, from: DateTime<Utc>) -> DateTime<Utc> {
        let months = match self.unit {
            Unit::Month => 1,
            Unit::Year => 12,
        };
        from.checked_add_months(Months::new(months)).unwrap_or(from)
    }

    fn json(&self) -> Value {
        let mut cycles = Vec::new();
        if self.trial_days > 0 {
            cycles.push(json!({
                "frequency": {"interval_unit": "DAY", "interval_count": self.trial_days}, "tenure_type": "TRIAL",
                "sequence": 1, "total_cycles": 1,
                "pricing_scheme": {"version": 1, "fixed_price": {"currency_code": "USD", "value": "0.00"}},
            }));
        }
        cycles.push(json!({
            "frequency": {"interval_unit": self.unit_name(), "interval_count": 1}, "tenure_type": "REGULAR",
            "sequence": self.regular_sequence(), "total_cycles": 0,
            "pricing_scheme": {"version": 1, "fixed_price": {"currency_code": "USD", "value": format_amount(self.price)}},
        }));
        json!({
            "id": self.id, "product_id": self.product_id, "name": self.name, "status": "ACTIVE", "usage_type": "LICENSED",
            "billing_cycles": cycles,
            "payment_preferences": {"service_type": "PREPAID", "auto_bill_outstanding": true, "setup_fee_failure_action": "CONTINUE", "payment_failure_threshold": 3},
            "quantity_supported": false,
        })
    }
}

struct Capture {
    id: String,
    amount: i64,
    /// COMPLETED, or REFUNDED once refunded.
    status: &'static str,
    create_time: DateTime<Utc>,
    update_time: DateTime<Utc>,
}

struct Order {
    id: String,
    /// CREATED, APPROVED or COMPLETED.
    status: &'static str,
    amount: i64,
    description: Option<String>,
    custom_id: Option<String>,
    create_time: DateTime<Utc>,
    update_time: DateTime<Utc>,
    capture: Option<Capture>,
}

struct Subscription {
    id: String,
    plan: Plan,
    /// The regular cycle's price (the override's, else the plan's).
    price: i64,
    overridden: bool,
    /// APPROVAL_PENDING, ACTIVE, SUSPENDED, CANCELLED or EXPIRED.
    status: &'static str,
    custom_id: Option<String>,
    email: Option<String>,
    create_time: DateTime<Utc>,
    start_time: DateTime<Utc>,
    status_update_time: DateTime<Utc>,
    next_billing_time: Option<DateTime<Utc>>,
    last_payment: Option<(i64, DateTime<Utc>)>,
    trial_cycles_done: u32,
    regular_cycles_done: u32,
    failed_payments: u32,
    /// A one-time fee charged when the subscription starts (the plan override's setup fee).
    setup_fee: Option<i64>,
}

struct Transmission {
    sig: String,
    time: String,
    event: Value,
}

#[derive(Default)]
struct State {
    base: String,
    next_id: u64,
    last_event_ms: i64,
    token_requests: usize,
    tokens: HashMap<String, DateTime<Utc>>,
    orders: HashMap<String, Order>,
    /// capture id -> order id
    captures: HashMap<String, String>,
    subscriptions: HashMap<String, Subscription>,
    /// The billing plans, the first two and those made through the API.
    plans: Vec<Plan>,
    /// Subscriptions' completed sales: sale id -> (cents, refunded).
    sales: HashMap<String, (i64, bool)>,
    idempotent: HashMap<String, (u16, String)>,
    events: Vec<Value>,
    transmissions: HashMap<String, Transmission>,
    webhook: Option<String>,
    /// The events delivered to the webhook and the receiver's status codes, in the order answered.
    answered: Vec<(Value, u16)>,
    unavailable: bool,
    /// The latest API calls, oldest first (at most [`KEPT_EXCHANGES`]).
    exchanges: VecDeque<Exchange>,
}

/// A running stand-in; it serves until the process ends.
#[derive(Clone)]
pub struct PayPalStandIn {
    pub base_url: String,
    state: Arc<Mutex<State>>,
}

impl PayPalStandIn {
    /// Serves on a free loopback port from a background thread (one thread per connection).
    pub fn start() -> std::io::Result<PayPalStandIn> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let base_url = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
        let state = State { base: base_url.clone(), plans: first_plans(), ..State::default() };
        let stand_in = PayPalStandIn { base_url, state: Arc::new(Mutex::new(state)) };
        let server = stand_in.clone();
        std::thread::spawn(move || {
            for mut stream in listener.incoming().flatten() {
                let server = server.clone();
                std::thread::spawn(move || {
                    let _ = server.serve(&mut stream);
                });
            }
        });
        Ok(stand_in)
    }

    /// Sends every event from now on to `url` (the webhook [`WEBHOOK_ID`] stands for).
    pub fn set_webhook(&self, url: &str) {
        self.lock().webhook = Some(url.to_string());
    }

    /// A billing plan as `GET /v1/billing/plans/{id}` shows it.
    pub fn plan(&self, id: &str) -> Option<Value> {
        self.lock().plans.iter().find(|p| p.id == id).map(Plan::json)
    }

    /// Every event so far, oldest first.
    pub fn events(&self) -> Vec<Value> {
        self.lock().events.clone()
    }

    /// How many access tokens were asked for (with good credentials or not).
    pub fn token_requests(&self) -> usize {
        self.lock().token_requests
    }

    /// Forgets every access token issued, as if they had expired: the next call with one is 401.
    pub fn expire_tokens(&self) {
        self.lock().tokens.clear();
    }

    /// While `down`, every API call (`/v1/...`, `/v2/...`) answers 503.
    pub fn set_unavailable(&self, down: bool) {
        self.lock().unavailable = down;
    }

    /// An order as `GET /v2/checkout/orders/{id}` shows it.
    pub fn order(&self, id: &str) -> Option<Value> {
        let state = self.lock();
        state.orders.get(id).map(|order| order_json(order, &state.base))
    }

    /// A subscription as `GET /v1/billing/subscriptions/{id}` shows it.
    pub fn subscription(&self, id: &str) -> Option<Value> {
        let state = self.lock();
        state.subscriptions.get(id).map(|sub| subscription_json(sub, &state.base))
    }

    /// The latest API calls made to the stand-in (at most a thousand), oldest first.
    pub fn exchanges(&self) -> Vec<Exchange> {
        self.lock().exchanges.iter().cloned().collect()
    }

    /// How many captures were made (idempotent retries count once).
    pub fn capture_count(&self) -> usize {
        self.lock().captures.len()
    }

    /// Approves an order or a subscription as the buyer would in PayPal's window; false when
    /// there is nothing by that id or it can no longer be approved.
    pub fn approve(&self, id: &str) -> bool {
        let (ok, deliveries) = self.with_events(|state| approve(state, id).is_ok());
        self.deliver_all(deliveries);
        ok
    }

    /// Captures an approved order as another client (another server, PayPal's dashboard) would;
    /// the capture's id.
    pub fn capture(&self, order_id: &str) -> Option<String> {
        let (capture, deliveries) = self.with_events(|state| {
            let response = capture_order(state, order_id);
            (response.status == 201).then(|| state.orders[order_id].capture.as_ref().map(|c| c.id.clone())).flatten()
        });
        self.deliver_all(deliveries);
        capture
    }

    /// Moves a running subscription on and sends (and returns) its events, delivered before this
    /// returns. Nothing happens to one that is not running (pending approval, cancelled, expired).
    pub fn advance_subscription(&self, id: &str, advance: Advance) -> Vec<Value> {
        let (events, deliveries) = self.with_events(|state| {
            let before = state.events.len();
            advance_subscription(state, id, advance);
            state.events[before..].to_vec()
        });
        self.deliver_all(deliveries);
        events
    }

    /// Refunds a subscription's sale in full and sends (and returns) `PAYMENT.SALE.REFUNDED`.
    pub fn refund_sale(&self, sale_id: &str) -> Option<Value> {
        let (event, deliveries) = self.with_events(|state| refund_sale(state, sale_id));
        self.deliver_all(deliveries);
        event
    }

    /// Refunds a capture in full and sends (and returns) `PAYMENT.CAPTURE.REFUNDED`.
    pub fn refund_capture(&self, capture_id: &str) -> Option<Value> {
        let (event, deliveries) = self.with_events(|state| refund_capture(state, capture_id));
        self.deliver_all(deliveries);
        event
    }

    /// A genuine delivery of `event` transmitted now: verify-webhook-signature answers SUCCESS
    /// for it (and for this event only).
    pub fn sign_event(&self, event: &Value) -> Delivery {
        self.sign_event_at(event, Utc::now())
    }

    /// A genuine delivery transmitted at `time` (an old one, for replay checks): the signature is
    /// good, the time is what the receiver must judge.
    pub fn sign_event_at(&self, event: &Value, time: DateTime<Utc>) -> Delivery {
        transmit(&mut self.lock(), event, time)
    }

    /// A delivery of `event` whose signature is not the one sent with the transmission.
    pub fn forge(&self, event: &Value) -> Delivery {
        let mut delivery = self.sign_event(event);
        let forged = signature("forged", "forged", &delivery.body);
        for (name, value) in &mut delivery.headers {
            if name == "PAYPAL-TRANSMISSION-SIG" {
                *value = forged.clone();
            }
        }
        delivery
    }

    /// Signs `event` now and POSTs it to `url`; the receiver's status code.
    pub fn send_event(&self, url: &str, event: &Value) -> std::io::Result<u16> {
        PayPalStandIn::deliver(url, &self.sign_event(event))
    }

    /// POSTs a delivery (again, for a replay) to `url`; the receiver's status code.
    pub fn deliver(url: &str, delivery: &Delivery) -> std::io::Result<u16> {
        let headers: Vec<(&str, &str)> = delivery.headers.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
        http::request("POST", url, &headers, &delivery.body).map(|(status, _)| status)
    }

    /// Whether an event that `matches` has been delivered to the webhook and answered 2xx (for a
    /// test to wait on instead of sleeping).
    pub fn delivered(&self, matches: impl Fn(&Value) -> bool) -> bool {
        self.lock().answered.iter().any(|(event, status)| (200..300).contains(status) && matches(event))
    }

    fn deliver_all(&self, deliveries: Vec<(String, Delivery)>) {
        for (url, delivery) in &deliveries {
            if let Ok(status) = PayPalStandIn::deliver(url, delivery) {
                let event = serde_json::from_str(&delivery.body).unwrap_or(Value::Null);
                self.lock().answered.push((event, status));
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `change` and makes the deliveries of the events it caused (to send once unlocked).
    fn with_events<T>(&self, change: impl FnOnce(&mut State) -> T) -> (T, Vec<(String, Delivery)>) {
        let mut state = self.lock();
        let before = state.events.len();
        let answer = change(&mut state);
        let deliveries = deliveries_since(&mut state, before);
        (answer, deliveries)
    }

    fn serve(&self, stream: &mut TcpStream) -> std::io::Result<()> {
        let request = http::read_request(stream)?;
        let (response, deliveries) = self.with_events(|state| {
            let response = answer(state, &request);
            if request.path.starts_with("/v1/") || request.path.starts_with("/v2/") {
                if state.exchanges.len() == KEPT_EXCHANGES {
                    state.exchanges.pop_front();
                }
                state.exchanges.push_back(Exchange {
                    method: request.method.clone(),
                    path: request.path.clone(),
                    request_body: request.body.clone(),
                    status: response.status,
                    response_body: response.body.clone(),
                });
            }
            response
        });
        if !deliveries.is_empty() {
            // Delivered after the answer, as PayPal does (the receiver may call back in).
            let stand_in = self.clone();
            std::thread::spawn(move || stand_in.deliver_all(deliveries));
        }
        http::write_response(stream, &response)
    }
}

fn deliveries_since(state: &mut State, before: usize) -> Vec<(String, Delivery)> {
    let Some(url) = state.webhook.clone() else { return Vec::new() };
    let events: Vec<Value> = state.events[before..].to_vec();
    events.iter().map(|event| (url.clone(), transmit(state, event, Utc::now()))).collect()
}

/// Registers a transmission of `event` at `time` and makes its delivery.
fn transmit(state: &mut State, event: &Value, time: DateTime<Utc>) -> Delivery {
    state.next_id += 1;
    let transmission_id = format!("standin-transmission-{:06}", state.next_id);
    let time = time.to_rfc3339_opts(SecondsFormat::Secs, true);
    let body = event.to_string();
    let sig = signature(&transmission_id, &time, &body);
    state.transmissions.insert(transmission_id.clone(), Transmission { sig: sig.clone(), time: time.clone(), event: event.clone() });
    let headers = [
        ("PAYPAL-TRANSMISSION-ID", transmission_id),
        ("PAYPAL-TRANSMISSION-TIME", time),
        ("PAYPAL-TRANSMISSION-SIG", sig),
        ("PAYPAL-CERT-URL", format!("{}/certs/standin", state.base)),
        ("PAYPAL-AUTH-ALGO", AUTH_ALGO.to_string()),
    ];
    Delivery { body, headers: headers.into_iter().map(|(n, v)| (n.to_string(), v)).collect() }
}

/// What PayPal signs: `<transmission id>|<time>|<webhook id>|<digest of the body>`.
fn signature(transmission_id: &str, time: &str, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(SIGNING_KEY).expect("HMAC takes any key");
    mac.update(format!("{transmission_id}|{time}|{WEBHOOK_ID}|{}", hex::encode(Sha256::digest(body.as_bytes()))).as_bytes());
    let mut signed = mac.finalize().into_bytes();
    // PayPal's schema wants a signature to start with a word character (`^(?!\d+$)\w+\S+`): with
    // the first byte's top bit clear, base64 starts with a letter (A-f), never `+` or `/`.
    signed[0] &= 0x7f;
    BASE64.encode(signed)
}

/// verify-webhook-signature's answer for a request body: SUCCESS only for a transmission this
/// stand-in made, with its signature and time, for [`WEBHOOK_ID`], and the very event it sent.
fn verification(state: &State, request: &Value) -> &'static str {
    let field = |name: &str| request[name].as_str().unwrap_or_default();
    let genuine = field("webhook_id") == WEBHOOK_ID
        && field("auth_algo") == AUTH_ALGO
        && field("cert_url") == format!("{}/certs/standin", state.base)
        && state.transmissions.get(field("transmission_id")).is_some_and(|sent| {
            sent.sig == field("transmission_sig")
                && sent.time == field("transmission_time")
                && sent.event["id"] == request["webhook_event"]["id"]
                && sent.event == request["webhook_event"]
        });
    if genuine {
        "SUCCESS"
    } else {
        "FAILURE"
    }
}

impl State {
    fn id(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}-STANDIN{:06}", self.next_id)
    }

    /// Events are made strictly one after another (to the millisecond), like a real timeline.
    fn event(&mut self, event_type: &str, resource_type: &str, summary: &str, resource: Value) -> Value {
        let created = Utc::now().timestamp_millis().max(self.last_event_ms + 1);
        self.last_event_ms = created;
        let create_time = DateTime::from_timestamp_millis(created).unwrap_or_default().to_rfc3339_opts(SecondsFormat::Millis, true);
        let id = self.id("WH");
        let version = if resource_type == "sale" { "1.0" } else { "2.0" };
        let event = json!({
            "id": id, "event_version": "1.0", "create_time": create_time, "resource_type": resource_type,
            "resource_version": version, "event_type": event_type, "summary": summary, "resource": resource,
            "links": [
                {"href": format!("{}/v1/notifications/webhooks-events/{id}", self.base), "rel": "self", "method": "GET"},
                {"href": format!("{}/v1/notifications/webhooks-events/{id}/resend", self.base), "rel": "resend", "method": "POST"},
            ],
        });
        self.events.push(event.clone());
        event
    }

    fn subscription_event(&mut self, event_type: &str, summary: &str, id: &str) {
        let resource = subscription_json(&self.subscriptions[id], &self.base);
        self.event(event_type, "subscription", summary, resource);
    }
}

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(Utc::now().timestamp(), 0).unwrap_or_default()
}

fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Cents as PayPal's decimal string: 1099 -> "10.99", 5 -> "0.05".
fn format_amount(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", cents.unsigned_abs() / 100, cents.unsigned_abs() % 100)
}

#[derive(Debug, PartialEq, Eq)]
enum AmountError {
    /// Not a decimal number.
    Syntax,
    /// More than two decimals (USD).
    Precision,
    Negative,
}

/// PayPal's decimal string as cents: "10.99" -> 1099, "10.5" -> 1050, "10" -> 1000. No sign,
/// exponent, spaces or more than two decimals.
fn parse_amount(value: &str) -> Result<i64, AmountError> {
    if value.starts_with('-') {
        return Err(AmountError::Negative);
    }
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if value.len() > 32 || !digits(whole) || !digits(fraction) || (whole.is_empty() && fraction.is_empty()) {
        return Err(AmountError::Syntax);
    }
    if value.ends_with('.') {
        return Err(AmountError::Syntax);
    }
    if fraction.len() > 2 {
        return Err(AmountError::Precision);
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| AmountError::Syntax)? };
    let fraction: i64 = format!("{fraction:0<2}").parse().map_err(|_| AmountError::Syntax)?;
    whole.checked_mul(100).and_then(|w| w.checked_add(fraction)).ok_or(AmountError::Syntax)
}

fn money(cents: i64) -> Value {
    json!({"currency_code": "USD", "value": format_amount(cents)})
}

fn link(href: String, rel: &str, method: &str) -> Value {
    json!({"href": href, "rel": rel, "method": method})
}

fn capture_json(order: &Order, capture: &Capture, base: &str) -> Value {
    let mut value = json!({
        "id": capture.id, "status": capture.status, "amount": money(capture.amount), "final_capture": true,
        "seller_protection": {"status": "ELIGIBLE", "dispute_categories": ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"]},
        "seller_receivable_breakdown": {"gross_amount": money(capture.amount)},
        "supplementary_data": {"related_ids": {"order_id": order.id}},
        "create_time": time(capture.create_time), "update_time": time(capture.update_time),
        "links": [
            link(format!("{base}/v2/payments/captures/{}", capture.id), "self", "GET"),
            link(format!("{base}/v2/payments/captures/{}/refund", capture.id), "refund", "POST"),
            link(format!("{base}/v2/checkout/orders/{}", order.id), "up", "GET"),
        ],
    });
    if let Some(custom_id) = &order.custom_id {
        value["custom_id"] = json!(custom_id);
    }
    value
}

fn order_json(order: &Order, base: &str) -> Value {
    let mut unit = json!({
        "reference_id": "default", "amount": money(order.amount),
        "payee": {"email_address": "merchant@example.com", "merchant_id": "MERCHANTSTND2"},
    });
    if let Some(description) = &order.description {
        unit["description"] = json!(description);
    }
    if let Some(custom_id) = &order.custom_id {
        unit["custom_id"] = json!(custom_id);
    }
    if let Some(capture) = &order.capture {
        unit["payments"] = json!({"captures": [capture_json(order, capture, base)]});
    }
    let id = &order.id;
    let mut links = vec![link(format!("{base}/v2/checkout/orders/{id}"), "self", "GET")];
    if order.status == "CREATED" {
        links.push(link(format!("{base}/checkoutnow?token={id}"), "approve", "GET"));
    }
    if order.status != "COMPLETED" {
        links.push(link(format!("{base}/v2/checkout/orders/{id}"), "update", "PATCH"));
        links.push(link(format!("{base}/v2/checkout/orders/{id}/capture"), "capture", "POST"));
    }
    let mut value = json!({
        "id": id, "intent": "CAPTURE", "status": order.status, "purchase_units": [unit],
        "create_time": time(order.create_time), "update_time": time(order.update_time), "links": links,
    });
    if order.status != "CREATED" {
        value["payer"] = json!({
            "name": {"given_name": "Stand-in", "surname": "Buyer"}, "email_address": PAYER_EMAIL, "payer_id": PAYER_ID,
            "address": {"country_code": "US"},
        });
    }
    value
}

fn subscription_json(sub: &Subscription, base: &str) -> Value {
    let id = &sub.id;
    let mut value = json!({
        "id": id, "plan_id": sub.plan.id, "status": sub.status, "quantity": "1", "plan_overridden": sub.overridden,
        "start_time": time(sub.start_time), "create_time": time(sub.create_time),
        "status_update_time": time(sub.status_update_time),
        "shipping_amount": {"currency_code": "USD", "value": "0.0"},
        "links": [
            link(format!("{base}/v1/billing/subscriptions/{id}"), "self", "GET"),
            link(format!("{base}/v1/billing/subscriptions/{id}"), "edit", "PATCH"),
        ],
    });
    if let Some(custom_id) = &sub.custom_id {
        value["custom_id"] = json!(custom_id);
    }
    let pending = sub.status == "APPROVAL_PENDING";
    let mut subscriber = json!({});
    if let Some(email) = sub.email.as_deref().or((!pending).then_some(PAYER_EMAIL)) {
        subscriber["email_address"] = json!(email);
    }
    if pending {
        value["links"].as_array_mut().expect("links").insert(0, link(format!("{base}/checkoutnow?token={id}"), "approve", "GET"));
    } else {
        subscriber["payer_id"] = json!(PAYER_ID);
        subscriber["name"] = json!({"given_name": "Stand-in", "surname": "Buyer"});
    }
    value["subscriber"] = subscriber;
    if sub.overridden {
        value["plan"] = json!({"billing_cycles": [{
            "frequency": {"interval_unit": sub.plan.unit_name(), "interval_count": 1}, "tenure_type": "REGULAR",
            "sequence": sub.plan.regular_sequence(), "total_cycles": 0,
            "pricing_scheme": {"fixed_price": money(sub.price)},
        }]});
    }
    if let Some(fee) = sub.setup_fee {
        value["plan"]["payment_preferences"] = json!({"setup_fee": money(fee)});
    }
    if sub.status != "APPROVAL_PENDING" {
        let mut cycles = Vec::new();
        if sub.plan.trial_days > 0 {
            cycles.push(json!({
                "tenure_type": "TRIAL", "sequence": 1, "cycles_completed": sub.trial_cycles_done,
                "cycles_remaining": 1 - sub.trial_cycles_done.min(1), "current_pricing_scheme_version": 1, "total_cycles": 1,
            }));
        }
        cycles.push(json!({
            "tenure_type": "REGULAR", "sequence": sub.plan.regular_sequence(), "cycles_completed": sub.regular_cycles_done,
            "cycles_remaining": 0, "current_pricing_scheme_version": 1, "total_cycles": 0,
        }));
        let mut billing = json!({
            "outstanding_balance": {"currency_code": "USD", "value": "0.0"}, "cycle_executions": cycles,
            "failed_payments_count": sub.failed_payments,
        });
        if let Some((amount, at)) = sub.last_payment {
            billing["last_payment"] = json!({"amount": money(amount), "time": time(at)});
        }
        if let Some(next) = sub.next_billing_time {
            billing["next_billing_time"] = json!(time(next));
        }
        value["billing_info"] = billing;
    }
    value
}

fn error(status: u16, name: &str, message: &str, issue: &str, description: &str) -> Response {
    Response::json(
        status,
        &json!({
            "name": name, "message": message, "debug_id": "f00dstandin01",
            "details": [{"issue": issue, "description": description}],
            "links": [{"href": format!("https://developer.paypal.com/api/rest/reference/orders/v2/errors/#{}", issue.to_ascii_lowercase()), "rel": "information_link", "method": "GET"}],
        }),
    )
}

fn invalid_request(issue: &str, description: &str) -> Response {
    error(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", issue, description)
}

fn unprocessable(issue: &str, description: &str) -> Response {
    error(
        422,
        "UNPROCESSABLE_ENTITY",
        "The requested action could not be performed, semantically incorrect, or failed business validation.",
        issue,
        description,
    )
}

fn not_found() -> Response {
    error(
        404,
        "RESOURCE_NOT_FOUND",
        "The specified resource does not exist.",
        "INVALID_RESOURCE_ID",
        "Specified resource ID does not exist. Please check the resource ID and try again.",
    )
}

fn amount_error(kind: AmountError) -> Response {
    match kind {
        AmountError::Syntax => invalid_request("INVALID_PARAMETER_SYNTAX", "The value of a field does not conform to the expected format."),
        AmountError::Precision => unprocessable("DECIMAL_PRECISION", "If the currency supports decimals, only two decimal place precision is supported."),
        AmountError::Negative => unprocessable("CANNOT_BE_NEGATIVE", "Must be greater than or equal to 0."),
    }
}

/// An optional text field of at most 127 characters.
fn short_text(value: &Value) -> Result<Option<String>, Response> {
    match value {
        Value::Null => Ok(None),
        Value::String(text) if text.chars().count() <= 127 => Ok(Some(text.clone())),
        Value::String(_) => Err(invalid_request("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.")),
        _ => Err(invalid_request("INVALID_PARAMETER_SYNTAX", "The value of a field does not conform to the expected format.")),
    }
}

fn answer(state: &mut State, request: &Request) -> Response {
    let path = request.path.trim_end_matches('/');
    let method = request.method.as_str();
    match (method, path) {
        ("OPTIONS", _) => return Response { status: 204, content_type: "text/plain", body: String::new() },
        ("GET", "/sdk/js") => return Response { status: 200, content_type: "application/javascript", body: PAYPAL_JS.replace("__BASE__", &state.base) },
        ("GET", "/certs/standin") => return Response { status: 200, content_type: "application/x-pem-file", body: CERTIFICATE.to_string() },
        ("GET", "/checkoutnow") => return approval_page(state, &http::parse_form(&request.query)),
        _ => {}
    }
    if let (Some(id), "POST") = (path.strip_prefix("/checkoutnow/").and_then(|rest| rest.strip_suffix("/approve")), method) {
        return match approve(state, id) {
            Ok(answer) => Response::json(200, &answer),
            Err(response) => response,
        };
    }
    if !(path.starts_with("/v1/") || path.starts_with("/v2/")) {
        return not_found();
    }
    if state.unavailable {
        return error(503, "SERVICE_UNAVAILABLE", "Service Unavailable.", "SERVICE_UNAVAILABLE", "The stand-in is down (set_unavailable).");
    }
    if (method, path) == ("POST", "/v1/oauth2/token") {
        return token(state, request);
    }
    let bearer = request.header("authorization").and_then(|a| a.strip_prefix("Bearer ")).unwrap_or_default();
    if state.tokens.get(bearer).is_none_or(|expires| *expires <= Utc::now()) {
        return Response::json(401, &json!({"error": "invalid_token", "error_description": "Token signature verification failed"}));
    }
    let idempotency = request.header("paypal-request-id").filter(|_| method == "POST").map(|k| format!("{path} {k}"));
    if let Some(stored) = idempotency.as_ref().and_then(|k| state.idempotent.get(k)) {
        return Response { status: stored.0, content_type: "application/json", body: stored.1.clone() };
    }
    let body = if request.body.trim().is_empty() {
        json!({})
    } else {
        match serde_json::from_str::<Value>(&request.body) {
            Ok(body) => body,
            Err(_) => return invalid_request("MALFORMED_REQUEST_JSON", "The request JSON is not well formed."),
        }
    };
    let response = route(state, method, path, &request.query, &body);
    if let Some(key) = idempotency.filter(|_| response.status < 500) {
        state.idempotent.insert(key, (response.status, response.body.clone()));
    }
    response
}

fn token(state: &mut State, request: &Request) -> Response {
    state.token_requests += 1;
    let expected = format!("Basic {}", BASE64.encode(format!("{CLIENT_ID}:{CLIENT_SECRET}")));
    if request.header("authorization") != Some(expected.as_str()) {
        return Response::json(401, &json!({"error": "invalid_client", "error_description": "Client Authentication failed"}));
    }
    if http::parse_form(&request.body).get("grant_type").map(String::as_str) != Some("client_credentials") {
        return Response::json(400, &json!({"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"}));
    }
    let issued = state.id("A21AA");
    let token = format!("{issued}-{}", hex::encode(Sha256::digest(format!("{issued}{CLIENT_SECRET}").as_bytes())));
    state.tokens.insert(token.clone(), Utc::now() + TimeDelta::seconds(TOKEN_LIFETIME_SECONDS));
    Response::json(
        200,
        &json!({
            "scope": "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token",
            "access_token": token, "token_type": "Bearer", "app_id": "APP-STANDIN", "expires_in": TOKEN_LIFETIME_SECONDS,
            "nonce": format!("{}standin", time(now())),
        }),
    )
}

fn route(state: &mut State, method: &str, path: &str, query: &str, body: &Value) -> Response {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (method, segments.as_slice()) {
        ("POST", ["v2", "checkout", "orders"]) => create_order(state, body),
        ("GET", ["v2", "checkout", "orders", id]) => match state.orders.get(*id) {
            Some(order) => Response::json(200, &order_json(order, &state.base)),
            None => not_found(),
        },
        ("POST", ["v2", "checkout", "orders", id, "capture"]) => capture_order(state, id),
        ("GET", ["v2", "payments", "captures", id]) => {
            let order = state.captures.get(*id).and_then(|order| state.orders.get(order));
            match order.and_then(|order| order.capture.as_ref().map(|capture| capture_json(order, capture, &state.base))) {
                Some(capture) => Response::json(200, &capture),
                None => not_found(),
            }
        }
        ("POST", ["v1", "billing", "subscriptions"]) => create_subscription(state, body),
        ("GET", ["v1", "billing", "subscriptions", id]) => match state.subscriptions.get(*id) {
            Some(sub) => Response::json(200, &subscription_json(sub, &state.base)),
            None => not_found(),
        },
        ("POST", ["v1", "billing", "subscriptions", id, "cancel"]) => cancel_subscription(state, id, body),
        ("GET", ["v1", "billing", "plans", id]) => match state.plans.iter().find(|p| p.id == *id) {
            Some(plan) => Response::json(200, &plan.json()),
            None => not_found(),
        },
        ("GET", ["v1", "billing", "plans"]) => list_plans(state, query),
        ("POST", ["v1", "billing", "plans"]) => create_plan(state, body),
        ("POST", ["v1", "notifications", "verify-webhook-signature"]) => {
            let required = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"];
            if required.iter().any(|name| !body[*name].is_string()) || !body["webhook_event"].is_object() {
                return invalid_request("MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");
            }
            Response::json(200, &json!({"verification_status": verification(state, body)}))
        }
        _ => not_found(),
    }
}

fn create_order(state: &mut State, body: &Value) -> Response {
    if body["intent"] != "CAPTURE" {
        return invalid_request("INVALID_PARAMETER_VALUE", "The stand-in makes orders with intent CAPTURE only.");
    }
    let units = body["purchase_units"].as_array().map(Vec::as_slice).unwrap_or_default();
    let [unit] = units else {
        return invalid_request("INVALID_ARRAY_MAX_ITEMS", "The stand-in takes exactly one purchase unit.");
    };
    if unit["amount"]["currency_code"] != "USD" {
        return unprocessable("CURRENCY_NOT_SUPPORTED", "Currency code is not currently supported (the stand-in takes USD).");
    }
    let Some(value) = unit["amount"]["value"].as_str() else {
        return invalid_request("MISSING_REQUIRED_PARAMETER", "purchase_units[0].amount.value is required (a string).");
    };
    let amount = match parse_amount(value) {
        Ok(0) => return unprocessable("CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero."),
        Ok(amount) => amount,
        Err(kind) => return amount_error(kind),
    };
    let (description, custom_id) = match (short_text(&unit["description"]), short_text(&unit["custom_id"])) {
        (Ok(description), Ok(custom_id)) => (description, custom_id),
        (Err(response), _) | (_, Err(response)) => return response,
    };
    // PayPal's order ids are capitals and digits only (`related_ids.order_id`).
    let id = state.id("ORDER").replace('-', "");
    let order = Order { id: id.clone(), status: "CREATED", amount, description, custom_id, create_time: now(), update_time: now(), capture: None };
    let answer = order_json(&order, &state.base);
    state.orders.insert(id, order);
    Response::json(201, &json!({"id": answer["id"], "status": answer["status"], "links": answer["links"]}))
}

fn capture_order(state: &mut State, id: &str) -> Response {
    let capture_id = state.id("CAPTURE");
    let Some(order) = state.orders.get_mut(id) else { return not_found() };
    match order.status {
        "APPROVED" => {}
        "COMPLETED" => return unprocessable("ORDER_ALREADY_CAPTURED", ALREADY_CAPTURED),
        _ => return unprocessable("ORDER_NOT_APPROVED", NOT_APPROVED),
    }
    order.status = "COMPLETED";
    order.update_time = now();
    order.capture = Some(Capture { id: capture_id.clone(), amount: order.amount, status: "COMPLETED", create_time: now(), update_time: now() });
    state.captures.insert(capture_id, id.to_string());
    let order = &state.orders[id];
    let answer = order_json(order, &state.base);
    let capture = capture_json(order, order.capture.as_ref().expect("just made"), &state.base);
    let summary = format!("Payment completed for $ {} USD", format_amount(order.amount));
    state.event("PAYMENT.CAPTURE.COMPLETED", "capture", &summary, capture);
    Response::json(201, &answer)
}

/// `GET /v1/billing/plans?product_id=...`: the product's plans, newest first, as PayPal lists
/// them (the short form: no billing cycles; `GET /v1/billing/plans/{id}` has those).
fn list_plans(state: &State, query: &str) -> Response {
    let product = query.split('&').find_map(|pair| pair.strip_prefix("product_id=")).unwrap_or_default();
    let plans: Vec<Value> = state
        .plans
        .iter()
        .rev()
        .filter(|p| product.is_empty() || p.product_id == product)
        .map(|p| json!({"id": p.id, "product_id": p.product_id, "name": p.name, "status": "ACTIVE", "usage_type": "LICENSED"}))
        .collect();
    Response::json(200, &json!({"total_items": plans.len(), "total_pages": 1, "plans": plans}))
}

/// `POST /v1/billing/plans`: a plan of a known product with at most one free trial cycle (in days)
/// and one regular cycle of a month or a year, priced in USD, as PayPal's schema has them.
fn create_plan(state: &mut State, body: &Value) -> Response {
    let (Some(product_id), Some(name)) = (body["product_id"].as_str(), body["name"].as_str()) else {
        return invalid_request("MISSING_REQUIRED_PARAMETER", "product_id and name are required.");
    };
    if !state.plans.iter().any(|p| p.product_id == product_id) {
        return unprocessable("PRODUCT_NOT_FOUND", "The product id is not valid.");
    }
    let cycles = body["billing_cycles"].as_array().map(Vec::as_slice).unwrap_or_default();
    let mut trial_days = 0;
    let mut regular = None;
    for cycle in cycles {
        let frequency = &cycle["frequency"];
        match (cycle["tenure_type"].as_str(), frequency["interval_unit"].as_str(), frequency["interval_count"].as_u64()) {
            (Some("TRIAL"), Some("DAY"), Some(days @ 1..=365)) if cycle["total_cycles"] == 1 && cycle["sequence"] == 1 => trial_days = days as u32,
            (Some("REGULAR"), Some(unit @ ("MONTH" | "YEAR")), Some(1)) => {
                let value = cycle["pricing_scheme"]["fixed_price"]["value"].as_str().map(parse_amount);
                let Some(Ok(price)) = value else { return invalid_request("MISSING_REQUIRED_PARAMETER", "The regular cycle needs a fixed_price.") };
                regular = Some((if unit == "MONTH" { Unit::Month } else { Unit::Year }, price));
            }
            _ => return unprocessable("INVALID_BILLING_CYCLE", "The stand-in takes one free trial cycle in days and one monthly or yearly cycle."),
        }
    }
    let Some((unit, price)) = regular else {
        return invalid_request("MISSING_REQUIRED_PARAMETER", "A REGULAR billing cycle is required.");
    };
    let plan = Plan { id: state.id("P"), product_id: product_id.into(), name: name.into(), unit, price, trial_days };
    let answer = plan.json();
    state.plans.push(plan);
    Response::json(201, &answer)
}

fn create_subscription(state: &mut State, body: &Value) -> Response {
    let Some(plan_id) = body["plan_id"].as_str() else {
        return invalid_request("MISSING_REQUIRED_PARAMETER", "plan_id is required.");
    };
    let Some(plan) = state.plans.iter().find(|p| p.id == plan_id).cloned() else {
        return error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", "INVALID_RESOURCE_ID", "Requested resource ID was not found.");
    };
    let mut price = plan.price;
    let mut overridden = false;
    if let Some(cycles) = body["plan"]["billing_cycles"].as_array() {
        for cycle in cycles {
            let sequence = cycle["sequence"].as_u64();
            if sequence != Some(plan.regular_sequence()) {
                return unprocessable(
                    "INVALID_BILLING_CYCLE_SEQUENCE",
                    &format!("The stand-in overrides the regular cycle only: sequence {} of {} (its trial is free).", plan.regular_sequence(), plan.id),
                );
            }
            let fixed = &cycle["pricing_scheme"]["fixed_price"];
            if fixed["currency_code"] != "USD" {
                return unprocessable("CURRENCY_NOT_SUPPORTED", "The plan's currency is USD.");
            }
            price = match fixed["value"].as_str().map(parse_amount) {
                Some(Ok(value)) => value,
                Some(Err(kind)) => return amount_error(kind),
                None => return invalid_request("MISSING_REQUIRED_PARAMETER", "pricing_scheme.fixed_price.value is required (a string)."),
            };
            overridden = true;
        }
    }
    let setup_fee = match body["plan"]["payment_preferences"]["setup_fee"]["value"].as_str().map(parse_amount) {
        Some(Ok(value)) => Some(value),
        Some(Err(kind)) => return amount_error(kind),
        None => None,
    };
    let custom_id = match short_text(&body["custom_id"]) {
        Ok(custom_id) => custom_id,
        Err(response) => return response,
    };
    let email = body["subscriber"]["email_address"].as_str().map(str::to_string);
    let id = state.id("I");
    let sub = Subscription {
        id: id.clone(),
        plan,
        price,
        overridden,
        status: "APPROVAL_PENDING",
        custom_id,
        email,
        create_time: now(),
        start_time: now(),
        status_update_time: now(),
        next_billing_time: None,
        last_payment: None,
        trial_cycles_done: 0,
        regular_cycles_done: 0,
        failed_payments: 0,
        setup_fee,
    };
    let answer = subscription_json(&sub, &state.base);
    state.subscriptions.insert(id, sub);
    Response::json(201, &answer)
}

fn cancel_subscription(state: &mut State, id: &str, body: &Value) -> Response {
    let Some(sub) = state.subscriptions.get_mut(id) else { return not_found() };
    if !body["reason"].is_string() {
        return invalid_request("MISSING_REQUIRED_PARAMETER", "reason is required.");
    }
    if !matches!(sub.status, "ACTIVE" | "SUSPENDED") {
        return unprocessable(
            "SUBSCRIPTION_STATUS_INVALID",
            "Invalid subscription status for cancel action; subscription status should be active or suspended.",
        );
    }
    sub.status = "CANCELLED";
    sub.status_update_time = now();
    sub.next_billing_time = None;
    state.subscription_event("BILLING.SUBSCRIPTION.CANCELLED", &format!("Subscription {id} cancelled"), id);
    Response { status: 204, content_type: "application/json", body: String::new() }
}

/// The buyer approved: an order is APPROVED; a subscription starts (its trial first, else its
/// first payment is taken). The answer the approval page gets.
fn approve(state: &mut State, id: &str) -> Result<Value, Response> {
    if let Some(order) = state.orders.get_mut(id) {
        if order.status == "CREATED" {
            order.status = "APPROVED";
            order.update_time = now();
            let resource = order_json(order, &state.base);
            state.event("CHECKOUT.ORDER.APPROVED", "checkout-order", "An order has been approved by buyer", resource);
        }
        let order = &state.orders[id];
        return Ok(json!({"kind": "order", "id": id, "status": order.status, "payer_id": PAYER_ID, "order_id": id}));
    }
    let Some(sub) = state.subscriptions.get_mut(id) else { return Err(not_found()) };
    match sub.status {
        "APPROVAL_PENDING" => {
            let start = now();
            sub.status = "ACTIVE";
            sub.start_time = start;
            sub.status_update_time = start;
            let paid_now = sub.plan.trial_days == 0;
            if paid_now {
                sub.last_payment = Some((sub.price, start));
                sub.regular_cycles_done = 1;
                sub.next_billing_time = Some(sub.plan.after_one_period(start));
            } else {
                sub.next_billing_time = Some(start + TimeDelta::days(i64::from(sub.plan.trial_days)));
            }
            state.subscription_event("BILLING.SUBSCRIPTION.ACTIVATED", &format!("Subscription {id} activated"), id);
            if paid_now {
                sale_event(state, id);
            }
        }
        "ACTIVE" | "SUSPENDED" => {}
        _ => return Err(unprocessable("SUBSCRIPTION_STATUS_INVALID", "The subscription can no longer be approved.")),
    }
    Ok(json!({"kind": "subscription", "id": id, "status": state.subscriptions[id].status, "payer_id": PAYER_ID, "order_id": format!("EC-{id}")}))
}

/// `PAYMENT.SALE.COMPLETED` for a subscription's last payment.
fn sale_event(state: &mut State, id: &str) {
    let sale = state.id("SALE");
    let sub = &state.subscriptions[id];
    let (amount, at) = sub.last_payment.unwrap_or((sub.price, now()));
    state.sales.insert(sale.clone(), (amount, false));
    let sub = &state.subscriptions[id];
    let mut resource = json!({
        "id": sale, "state": "completed", "amount": {"total": format_amount(amount), "currency": "USD", "details": {"subtotal": format_amount(amount)}},
        "payment_mode": "INSTANT_TRANSFER", "protection_eligibility": "ELIGIBLE", "billing_agreement_id": id,
        "create_time": time(at), "update_time": time(at),
        "links": [link(format!("{}/v1/payments/sale/{sale}", state.base), "self", "GET")],
    });
    if let Some(custom) = &sub.custom_id {
        resource["custom"] = json!(custom);
    }
    let summary = format!("Payment completed for $ {} USD", format_amount(amount));
    state.event("PAYMENT.SALE.COMPLETED", "sale", &summary, resource);
}

fn advance_subscription(state: &mut State, id: &str, advance: Advance) {
    let Some(sub) = state.subscriptions.get_mut(id) else { return };
    if !matches!(sub.status, "ACTIVE" | "SUSPENDED") {
        return;
    }
    let at = now();
    match advance {
        Advance::Renewal => {
            let was_suspended = sub.status == "SUSPENDED";
            let due = sub.next_billing_time.unwrap_or(at);
            if sub.last_payment.is_none() && sub.plan.trial_days > 0 {
                sub.trial_cycles_done = 1;
            }
            sub.regular_cycles_done += 1;
            sub.last_payment = Some((sub.price, at));
            sub.next_billing_time = Some(sub.plan.after_one_period(due));
            sub.failed_payments = 0;
            sub.status = "ACTIVE";
            if was_suspended {
                sub.status_update_time = at;
            }
            sale_event(state, id);
            if was_suspended {
                state.subscription_event("BILLING.SUBSCRIPTION.RE-ACTIVATED", &format!("Subscription {id} re-activated"), id);
            }
        }
        Advance::PaymentFailed => {
            sub.failed_payments += 1;
            state.subscription_event("BILLING.SUBSCRIPTION.PAYMENT.FAILED", &format!("Subscription payment failed for {id}"), id);
            let sub = state.subscriptions.get_mut(id).expect("exists");
            sub.status = "SUSPENDED";
            sub.status_update_time = at;
            state.subscription_event("BILLING.SUBSCRIPTION.SUSPENDED", &format!("Subscription {id} suspended"), id);
        }
        Advance::Ended => {
            sub.status = "EXPIRED";
            sub.status_update_time = at;
            sub.next_billing_time = None;
            state.subscription_event("BILLING.SUBSCRIPTION.EXPIRED", &format!("Subscription {id} expired"), id);
        }
    }
}

fn refund_sale(state: &mut State, sale_id: &str) -> Option<Value> {
    let (amount, refunded) = state.sales.get(sale_id).copied()?;
    if refunded {
        return None;
    }
    state.sales.insert(sale_id.to_string(), (amount, true));
    let refund_id = state.id("REFUND");
    let base = state.base.clone();
    let resource = json!({
        "id": refund_id, "state": "completed", "sale_id": sale_id,
        "amount": {"total": format_amount(amount), "currency": "USD"},
        "create_time": time(now()), "update_time": time(now()),
        "links": [
            link(format!("{base}/v1/payments/refund/{refund_id}"), "self", "GET"),
            link(format!("{base}/v1/payments/sale/{sale_id}"), "sale", "GET"),
        ],
    });
    let summary = format!("A $ {} USD sale payment was refunded", format_amount(amount));
    Some(state.event("PAYMENT.SALE.REFUNDED", "sale", &summary, resource))
}

fn refund_capture(state: &mut State, capture_id: &str) -> Option<Value> {
    let order_id = state.captures.get(capture_id)?.clone();
    let refund_id = state.id("REFUND");
    let order = state.orders.get_mut(&order_id)?;
    let capture = order.capture.as_mut()?;
    if capture.status != "COMPLETED" {
        return None;
    }
    capture.status = "REFUNDED";
    capture.update_time = now();
    let amount = capture.amount;
    let base = state.base.clone();
    let resource = json!({
        "id": refund_id, "status": "COMPLETED", "amount": money(amount),
        "seller_payable_breakdown": {"gross_amount": money(amount), "net_amount": money(amount), "total_refunded_amount": money(amount)},
        "supplementary_data": {"related_ids": {"order_id": order_id, "capture_id": capture_id}},
        "create_time": time(now()), "update_time": time(now()),
        "links": [
            link(format!("{base}/v2/payments/refunds/{refund_id}"), "self", "GET"),
            link(format!("{base}/v2/payments/captures/{capture_id}"), "up", "GET"),
        ],
    });
    let summary = format!("A $ {} USD capture payment was refunded", format_amount(amount));
    Some(state.event("PAYMENT.CAPTURE.REFUNDED", "refund", &summary, resource))
}

/// The buyer's window: what is being approved, Approve and Cancel. Its own document on the
/// stand-in's origin, so its inline script is under no app's policy.
fn approval_page(state: &State, query: &HashMap<String, String>) -> Response {
    let token = query.get("token").map(String::as_str).unwrap_or_default();
    let what = if let Some(order) = state.orders.get(token) {
        let description = order.description.as_deref().map(|d| format!("<p>{}</p>", kernel::html::escape(d))).unwrap_or_default();
        format!(
            "<h1>Pay Gistbook</h1>{description}<p>Amount: <strong>${} USD</strong></p><p>Order {} ({})</p>",
            format_amount(order.amount),
            kernel::html::escape(&order.id),
            order.status
        )
    } else if let Some(sub) = state.subscriptions.get(token) {
        let every = if sub.plan.unit == Unit::Month { "month" } else { "year" };
        let price = format!("${} USD every {every}", format_amount(sub.price));
        let terms = if sub.plan.trial_days > 0 { format!("Free for {} days, then {price}", sub.plan.trial_days) } else { price };
        format!(
            "<h1>Subscribe to {}</h1><p>Plan {}</p><p><strong>{}</strong></p><p>Subscription {} ({})</p>",
            kernel::html::escape(&sub.plan.name),
            kernel::html::escape(&sub.plan.id),
            kernel::html::escape(&terms),
            kernel::html::escape(&sub.id),
            sub.status
        )
    } else {
        return Response {
            status: 404,
            content_type: "text/html; charset=utf-8",
            body: "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>PayPal (stand-in)</title></head><body><h1>Nothing to approve</h1><p>This order or subscription does not exist.</p></body></html>".into(),
        };
    };
    // The token is one of our own ids (found above); as a JS string it is JSON, with `<` escaped.
    let token_js = serde_json::to_string(token).unwrap_or_default().replace('<', "\\u003c");
    Response { status: 200, content_type: "text/html; charset=utf-8", body: APPROVAL_PAGE.replace("__WHAT__", &what).replace("__TOKEN__", &token_js) }
}

const APPROVAL_PAGE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PayPal (stand-in)</title></head>
<body style="font-family:sans-serif;padding:1rem;color:#111;background:#fff">
<p style="color:#003087;font-weight:bold">PayPal stand-in: test page, no money moves</p>
<main>__WHAT__
<p id="status" role="status"></p>
<button id="approve" type="button">Approve</button>
<button id="cancel" type="button">Cancel</button>
</main>
<script>
(function () {
  var token = __TOKEN__;
  var approve = document.getElementById('approve');
  var status = document.getElementById('status');
  function tell(message) { message.standInPayPal = token; parent.postMessage(message, '*'); }
  function cancel() { tell({approved: false, cancelled: true}); }
  approve.addEventListener('click', function () {
    approve.disabled = true;
    status.textContent = 'Approving...';
    fetch('/checkoutnow/' + encodeURIComponent(token) + '/approve', {method: 'POST'})
      .then(function (r) { return r.json().then(function (body) { return {ok: r.ok, body: body}; }); })
      .then(function (r) {
        if (r.ok) { tell({approved: true, payerID: r.body.payer_id, orderID: r.body.order_id}); return; }
        approve.disabled = false;
        status.textContent = (r.body.details && r.body.details[0] && r.body.details[0].description) || r.body.message || 'PayPal could not approve this.';
        tell({approved: false, error: status.textContent});
      }, function () {
        approve.disabled = false;
        status.textContent = 'PayPal could not be reached.';
        tell({approved: false, error: status.textContent});
      });
  });
  document.getElementById('cancel').addEventListener('click', cancel);
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape') cancel(); });
  approve.focus();
})();
</script>
</body></html>
"#;

const CERTIFICATE: &str = "-----BEGIN CERTIFICATE-----\nUGF5UGFsIHN0YW5kLWluOiBub3QgYSBjZXJ0aWZpY2F0ZQ==\n-----END CERTIFICATE-----\n";

const PAYPAL_JS: &str = include_str!("paypal.js");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_formatted_with_two_decimals() {
        assert_eq!(format_amount(1099), "10.99");
        assert_eq!(format_amount(5), "0.05");
        assert_eq!(format_amount(0), "0.00");
        assert_eq!(format_amount(16198), "161.98");
        assert_eq!(format_amount(100_000), "1000.00");
        assert_eq!(format_amount(-250), "-2.50");
    }

    #[test]
    fn amounts_are_parsed_exactly_and_strictly() {
        assert_eq!(parse_amount("10.99"), Ok(1099));
        assert_eq!(parse_amount("0.05"), Ok(5));
        assert_eq!(parse_amount("10.5"), Ok(1050));
        assert_eq!(parse_amount("10"), Ok(1000));
        assert_eq!(parse_amount(".5"), Ok(50));
        assert_eq!(parse_amount("161.98"), Ok(16198));
        assert_eq!(parse_amount("10.999"), Err(AmountError::Precision));
        assert_eq!(parse_amount("-1.00"), Err(AmountError::Negative));
        for bad in ["", ".", "1.", "1e3", " 1", "1,00", "+1", "ten", "1.2.3", "99999999999999999999"] {
            assert_eq!(parse_amount(bad), Err(AmountError::Syntax), "{bad:?}");
        }
        for cents in [0, 1, 5, 10, 99, 100, 1099, 16198, 123_456_789] {
            assert_eq!(parse_amount(&format_amount(cents)), Ok(cents));
        }
    }

    fn state() -> State {
        State { base: "http://127.0.0.1:9".into(), plans: first_plans(), ..State::default() }
    }

    fn verify_request(delivery: &Delivery, event: &Value) -> Value {
        let h = |name: &str| delivery.header(name).unwrap_or_default().to_string();
        json!({
            "auth_algo": h("PAYPAL-AUTH-ALGO"), "cert_url": h("PAYPAL-CERT-URL"), "transmission_id": h("PAYPAL-TRANSMISSION-ID"),
            "transmission_sig": h("PAYPAL-TRANSMISSION-SIG"), "transmission_time": h("PAYPAL-TRANSMISSION-TIME"),
            "webhook_id": WEBHOOK_ID, "webhook_event": event,
        })
    }

    #[test]
    fn only_a_transmission_as_sent_verifies() {
        let mut state = state();
        let event = state.event("PAYMENT.SALE.COMPLETED", "sale", "paid", json!({"id": "SALE-1", "billing_agreement_id": "I-1"}));
        let delivery = transmit(&mut state, &event, Utc::now());
        let body: Value = serde_json::from_str(&delivery.body).unwrap();
        assert_eq!(body, event);
        let genuine = verify_request(&delivery, &body);
        assert_eq!(verification(&state, &genuine), "SUCCESS");

        let mut other = genuine.clone();
        other["webhook_id"] = json!("SOMEONEELSESWEBHOOK");
        assert_eq!(verification(&state, &other), "FAILURE", "another webhook");
        let mut other = genuine.clone();
        other["transmission_sig"] = json!(signature("x", "y", &delivery.body));
        assert_eq!(verification(&state, &other), "FAILURE", "another signature");
        let mut other = genuine.clone();
        other["transmission_time"] = json!("2020-01-01T00:00:00Z");
        assert_eq!(verification(&state, &other), "FAILURE", "another time");
        let mut other = genuine.clone();
        other["transmission_id"] = json!("never-sent");
        assert_eq!(verification(&state, &other), "FAILURE", "unknown transmission");
        let mut other = genuine.clone();
        other["webhook_event"]["id"] = json!("WH-OTHER");
        assert_eq!(verification(&state, &other), "FAILURE", "another event");
        let mut other = genuine.clone();
        other["webhook_event"]["resource"]["billing_agreement_id"] = json!("I-2");
        assert_eq!(verification(&state, &other), "FAILURE", "the event altered");
        let mut other = genuine.clone();
        other["cert_url"] = json!("https://attacker.example/cert");
        assert_eq!(verification(&state, &other), "FAILURE", "another certificate");
    }

    #[test]
    fn event_times_strictly_increase() {
        let mut state = state();
        let times: Vec<String> = (0..50).map(|_| state.event("X", "x", "x", json!({}))["create_time"].as_str().unwrap().to_string()).collect();
        let parsed: Vec<DateTime<Utc>> = times.iter().map(|t| DateTime::parse_from_rfc3339(t).unwrap().with_timezone(&Utc)).collect();
        assert!(parsed.windows(2).all(|w| w[0] < w[1]), "{times:?}");
    }

    #[test]
    fn a_monthly_renewal_moves_the_period_by_a_calendar_month() {
        let plans = first_plans();
        let plan = &plans[0];
        let jan31 = DateTime::parse_from_rfc3339("2025-01-31T10:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(time(plan.after_one_period(jan31)), "2025-02-28T10:00:00Z");
        let yearly = &plans[1];
        assert_eq!(time(yearly.after_one_period(jan31)), "2026-01-31T10:00:00Z");
    }

    fn call(stand_in: &PayPalStandIn, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, Value) {
        let (status, text) = http::request(method, &format!("{}{path}", stand_in.base_url), headers, body).unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    fn bearer(stand_in: &PayPalStandIn) -> String {
        let basic = format!("Basic {}", BASE64.encode(format!("{CLIENT_ID}:{CLIENT_SECRET}")));
        let (status, token) = call(
            stand_in,
            "POST",
            "/v1/oauth2/token",
            &[("Authorization", &basic), ("Content-Type", "application/x-www-form-urlencoded")],
            "grant_type=client_credentials",
        );
        assert_eq!(status, 200, "{token}");
        format!("Bearer {}", token["access_token"].as_str().unwrap())
    }

    #[test]
    fn the_api_wants_the_client_credentials_then_a_token() {
        let stand_in = PayPalStandIn::start().unwrap();
        let wrong = format!("Basic {}", BASE64.encode(format!("{CLIENT_ID}:nope")));
        let (status, body) = call(&stand_in, "POST", "/v1/oauth2/token", &[("Authorization", &wrong)], "grant_type=client_credentials");
        assert_eq!((status, body["error"].as_str()), (401, Some("invalid_client")));
        let (status, _) = call(&stand_in, "GET", "/v1/billing/plans/P-GISTBOOK-MONTHLY", &[], "");
        assert_eq!(status, 401);
        let token = bearer(&stand_in);
        let (status, plan) = call(&stand_in, "GET", "/v1/billing/plans/P-GISTBOOK-MONTHLY", &[("Authorization", &token)], "");
        assert_eq!((status, plan["billing_cycles"][1]["sequence"].as_u64()), (200, Some(2)));
        stand_in.expire_tokens();
        let (status, _) = call(&stand_in, "GET", "/v1/billing/plans/P-GISTBOOK-MONTHLY", &[("Authorization", &token)], "");
        assert_eq!(status, 401);
        assert_eq!(stand_in.token_requests(), 2);
    }

    #[test]
    fn a_repeated_request_id_answers_the_same_order() {
        let stand_in = PayPalStandIn::start().unwrap();
        let token = bearer(&stand_in);
        let body = r#"{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"161.98"},"custom_id":"ch_1"}]}"#;
        let create = |request_id: &str| call(&stand_in, "POST", "/v2/checkout/orders", &[("Authorization", &token), ("PayPal-Request-Id", request_id)], body);
        let (status, first) = create("order-1");
        assert_eq!((status, first["status"].as_str()), (201, Some("CREATED")));
        let (_, again) = create("order-1");
        let (_, other) = create("order-2");
        assert_eq!(again["id"], first["id"]);
        assert_ne!(other["id"], first["id"]);
        let order = stand_in.order(first["id"].as_str().unwrap()).unwrap();
        assert_eq!(order["purchase_units"][0]["amount"]["value"], "161.98");
        let (status, refused) = call(&stand_in, "POST", "/v2/checkout/orders", &[("Authorization", &token)], &body.replace("161.98", "1.999"));
        assert_eq!((status, refused["details"][0]["issue"].as_str()), (422, Some("DECIMAL_PRECISION")));
    }

    #[test]
    fn a_subscription_keeps_its_price_starts_with_its_trial_and_cancels() {
        let stand_in = PayPalStandIn::start().unwrap();
        let token = bearer(&stand_in);
        let body = json!({
            "plan_id": PLAN_YEARLY, "custom_id": "ch_2",
            "plan": {"billing_cycles": [{"sequence": 2, "total_cycles": 0, "pricing_scheme": {"fixed_price": {"currency_code": "USD", "value": "44.99"}}}]},
        });
        let (status, created) = call(&stand_in, "POST", "/v1/billing/subscriptions", &[("Authorization", &token)], &body.to_string());
        assert_eq!((status, created["status"].as_str()), (201, Some("APPROVAL_PENDING")), "{created}");
        let id = created["id"].as_str().unwrap();
        assert!(created["links"].as_array().unwrap().iter().any(|l| l["rel"] == "approve"));
        assert!(created.get("billing_info").is_none());
        assert!(stand_in.approve(id));
        let sub = stand_in.subscription(id).unwrap();
        assert_eq!(sub["status"], "ACTIVE");
        assert_eq!(sub["plan"]["billing_cycles"][0]["pricing_scheme"]["fixed_price"]["value"], "44.99");
        assert!(sub["billing_info"].get("last_payment").is_none(), "a trial is not a payment");
        let trial_end = DateTime::parse_from_rfc3339(sub["billing_info"]["next_billing_time"].as_str().unwrap()).unwrap();
        let start = DateTime::parse_from_rfc3339(sub["start_time"].as_str().unwrap()).unwrap();
        assert_eq!(trial_end - start, TimeDelta::days(3));
        assert_eq!(stand_in.events().last().unwrap()["event_type"], "BILLING.SUBSCRIPTION.ACTIVATED");

        let (status, refused) = call(&stand_in, "POST", &format!("/v1/billing/subscriptions/{id}/cancel"), &[("Authorization", &token)], "{}");
        assert_eq!(status, 400, "a reason is required: {refused}");
        let (status, _) = call(&stand_in, "POST", &format!("/v1/billing/subscriptions/{id}/cancel"), &[("Authorization", &token)], r#"{"reason":"x"}"#);
        assert_eq!(status, 204);
        let sub = stand_in.subscription(id).unwrap();
        assert_eq!(sub["status"], "CANCELLED");
        assert!(sub["billing_info"].get("next_billing_time").is_none());
        let (status, _) = call(&stand_in, "POST", &format!("/v1/billing/subscriptions/{id}/cancel"), &[("Authorization", &token)], r#"{"reason":"x"}"#);
        assert_eq!(status, 422, "cancelled already");
    }

    #[test]
    fn the_approval_page_escapes_what_it_shows() {
        let mut state = state();
        let id = state.id("ORDER");
        state.orders.insert(
            id.clone(),
            Order {
                id: id.clone(),
                status: "CREATED",
                amount: 1099,
                description: Some("<script>alert(1)</script>".into()),
                custom_id: None,
                create_time: now(),
                update_time: now(),
                capture: None,
            },
        );
        let page = approval_page(&state, &HashMap::from([("token".to_string(), id.clone())]));
        assert_eq!(page.status, 200);
        assert!(page.body.contains("$10.99 USD"));
        assert!(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(!page.body.contains("<script>alert"));
        let missing = approval_page(&state, &HashMap::from([("token".to_string(), "\"><script>".to_string())]));
        assert_eq!(missing.status, 404);
        assert!(!missing.body.contains("\"><script>"));
    }
}
