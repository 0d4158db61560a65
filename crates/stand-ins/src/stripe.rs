//! A stand-in for Stripe on loopback: the subset of the REST API the payments adapter
//! (`crates/payments`) uses, answered with Stripe objects complete enough for async-stripe
//! 1.0.0-rc.10 to parse (every field its generated types require), Stripe-signed webhooks, and a
//! small Stripe.js (`GET /v3/` or `/stripe.js`) for the browser.
//!
//! API (form-encoded bodies, `Authorization: Bearer sk_test_...`; `pk_test_...` is accepted only
//! for creating PaymentMethods, as from the browser; `Idempotency-Key` answers the first answer
//! again): customers (create, list `?email=`, search `email:'...'`), payment_methods (create from
//! `card[number]`, retrieve, attach), payment_intents (create with `confirm`, retrieve, confirm,
//! list by `customer`), products (create, retrieve), subscriptions (create with
//! `trial_period_days`, `items[0][price_data]`, `default_payment_method`; retrieve; list by
//! `customer` and `status`; update `cancel_at_period_end`; delete), refunds (create for a
//! `payment_intent`).
//!
//! Test cards: `4242424242424242` and `5555555555554444` pay; `4000000000000002` is declined (402 `card_declined`, "Your
//! card was declined."); `4000002760003184` needs 3-D Secure: the PaymentIntent answers
//! `requires_action` with a `client_secret` until it is approved, by
//! `POST /v1/payment_intents/{id}/test_approve` (or [`StripeStandIn::approve_3ds`], or the Approve
//! button of the page `GET /3ds/{id}` that the script opens).
//!
//! Webhooks: with [`StripeStandIn::set_webhook`], every event (customer.subscription.created /
//! updated / deleted, invoice.paid, invoice.payment_failed, charge.refunded,
//! charge.dispute.funds_withdrawn) is POSTed to the URL, signed with
//! `Stripe-Signature: t=...,v1=...` (HMAC-SHA256 of `t.payload`), as Stripe does. Every event is
//! also kept ([`StripeStandIn::events`]). [`StripeStandIn::advance_subscription`] moves a
//! subscription through a renewal, a failed renewal payment or its end and sends the events.

use crate::http::{self, Request, Response};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;
use std::collections::HashMap;
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

pub const CARD_OK: &str = "4242424242424242";
/// A second card that pays (another fingerprint than `CARD_OK`).
pub const CARD_OK_MASTERCARD: &str = "5555555555554444";
/// Stripe's other published test cards that pay: each its own card (and fingerprint), for tests
/// that each need a card nobody used before (a free trial is once per card).
pub const MORE_CARDS_OK: [&str; 6] = ["4000056655665556", "2223003122003222", "5200828282828210", "5105105105105100", "6011111111111117", "3056930009020004"];
pub const CARD_DECLINED: &str = "4000000000000002";
pub const CARD_3DS: &str = "4000002760003184";
pub const DECLINE_MESSAGE: &str = "Your card was declined.";

/// What to do to a subscription, as time would.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advance {
    /// The period (or trial) ended and the renewal was paid: a new period, `active` (invoice.paid,
    /// then the update).
    Renewal,
    /// The renewal payment failed: `past_due` (invoice.payment_failed, then the update).
    PaymentFailed,
    /// Retries ran out or the period ended with renewal off: `canceled` (the delete event).
    Ended,
}

#[derive(Default)]
struct State {
    next_id: u64,
    last_event_created: i64,
    customers: Vec<Value>,
    payment_methods: HashMap<String, (Value, String)>,
    payment_intents: HashMap<String, Value>,
    approved_3ds: Vec<String>,
    setup_intents: HashMap<String, Value>,
    /// Subscriptions' invoices left unpaid (a failed renewal), by id.
    open_invoices: HashMap<String, Value>,
    products: HashMap<String, Value>,
    subscriptions: HashMap<String, Value>,
    charges: HashMap<String, Value>,
    /// First answers by `<api key> <Idempotency-Key>`, with the request they answered.
    idempotent: HashMap<String, Remembered>,
    /// Requests to `POST <path>` answered by dropping the connection instead (the work is done).
    drop_answers: Vec<String>,
    /// Secret-key requests that came without a `Stripe-Version` header (`METHOD path`).
    unversioned: Vec<String>,
    /// Amounts of one-time invoice items added to subscriptions (add-ons), in order.
    one_time_items: Vec<i64>,
    events: Vec<Value>,
    webhook: Option<(String, String)>,
}

impl State {
    fn id(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}_standin{:06}", self.next_id)
    }

    /// Events are `created` strictly one after another, like a real timeline, so billing orders them.
    fn event(&mut self, kind: &str, object: Value) -> Value {
        let created = now().max(self.last_event_created + 1);
        self.last_event_created = created;
        let id = self.id("evt");
        let event = json!({
            "id": id, "object": "event", "api_version": API_VERSION, "created": created,
            "data": {"object": object}, "livemode": false, "pending_webhooks": 1,
            "request": {"id": null, "idempotency_key": null}, "type": kind,
        });
        self.events.push(event.clone());
        event
    }
}

/// An idempotent request's first answer, and what was asked.
struct Remembered {
    path: String,
    body: String,
    status: u16,
    answer: String,
}

/// Requests our code makes that can move money: Stripe would charge twice for a retry without a
/// key, so the stand-in refuses them without one (real Stripe accepts them; we never send one).
/// Refunds are made by operators in Stripe's dashboard (tests post them as the dashboard would).
fn moves_money(method: &str, path: &str) -> bool {
    let segments: Vec<&str> = path.trim_start_matches("/v1/").split('/').collect();
    method == "POST" && matches!(segments.as_slice(), ["payment_intents"] | ["payment_intents", _, "confirm"] | ["subscriptions"] | ["invoices", _, "pay"])
}

/// A running stand-in; it serves until the process ends.
#[derive(Clone)]
pub struct StripeStandIn {
    pub base_url: String,
    state: Arc<Mutex<State>>,
}

pub const SECRET_KEY: &str = "sk_test_standin";
/// The API version the stand-in speaks (async-stripe 1.0.0-rc.10's pinned version): a request
/// asking for another is refused, and events are rendered in it.
pub const API_VERSION: &str = "2026-09-30.endive";
pub const PUBLISHABLE_KEY: &str = "pk_test_standin";
pub const WEBHOOK_SECRET: &str = "whsec_standin";

impl StripeStandIn {
    /// Serves on a free loopback port from a background thread (one thread per connection).
    pub fn start() -> std::io::Result<StripeStandIn> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let base_url = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
        let stand_in = StripeStandIn { base_url, state: Arc::default() };
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

    /// Sends every event from now on to `url`, signed with `secret`.
    pub fn set_webhook(&self, url: &str, secret: &str) {
        self.lock().webhook = Some((url.to_string(), secret.to_string()));
    }

    /// Every event so far, oldest first.
    pub fn events(&self) -> Vec<Value> {
        self.lock().events.clone()
    }

    /// How many successful card charges were made (idempotent retries count once).
    pub fn charge_count(&self) -> usize {
        self.lock().charges.len()
    }

    /// The customers made, oldest first.
    pub fn customers(&self) -> Vec<Value> {
        self.lock().customers.clone()
    }

    /// The customer a PaymentIntent was made for.
    pub fn customer_of_payment(&self, payment_intent: &str) -> Option<String> {
        self.lock().payment_intents.get(payment_intent).and_then(|intent| intent["customer"].as_str().map(str::to_owned))
    }

    /// One-time items (add-ons) charged with subscriptions' first invoices, in cents.
    pub fn one_time_items(&self) -> Vec<i64> {
        self.lock().one_time_items.clone()
    }

    /// A PaymentMethod for a test card, as the browser script would make it.
    pub fn create_payment_method(&self, card_number: &str) -> String {
        let mut state = self.lock();
        let pm = payment_method(&mut state, card_number);
        pm["id"].as_str().unwrap_or_default().to_string()
    }

    /// Completes 3-D Secure for a PaymentIntent as the buyer's bank page would.
    pub fn approve_3ds(&self, payment_intent: &str) -> bool {
        approve(&mut self.lock(), payment_intent)
    }

    /// Completes 3-D Secure for a trial's pending SetupIntent (`seti_...`) as the bank page
    /// would; its events are delivered before this returns.
    pub fn approve_setup_3ds(&self, setup_intent: &str) -> bool {
        let (approved, events, webhook) = {
            let mut state = self.lock();
            let before = state.events.len();
            let approved = approve_setup(&mut state, setup_intent).is_some();
            (approved, state.events[before..].to_vec(), state.webhook.clone())
        };
        if let Some((url, secret)) = webhook {
            for event in &events {
                let _ = Self::send_event(&url, &secret, event);
            }
        }
        approved
    }

    /// A subscription object as it is now.
    pub fn subscription(&self, id: &str) -> Option<Value> {
        self.lock().subscriptions.get(id).cloned()
    }

    /// Moves a subscription on and sends (and returns) its events, delivered before this returns.
    pub fn advance_subscription(&self, id: &str, advance: Advance) -> Vec<Value> {
        let (events, webhook) = {
            let mut state = self.lock();
            let Some(mut sub) = state.subscriptions.get(id).cloned() else { return Vec::new() };
            let mut events = Vec::new();
            let item = &mut sub["items"]["data"][0];
            let end = item["current_period_end"].as_i64().unwrap_or_else(now);
            let seconds = interval_seconds(item["price"]["recurring"]["interval"].as_str().unwrap_or("month"));
            match advance {
                Advance::Renewal => {
                    item["current_period_start"] = json!(end);
                    item["current_period_end"] = json!(end + seconds);
                    sub["status"] = json!("active");
                    let paid = paid_invoice(&mut state, &sub, "subscription_cycle");
                    events.push(state.event("invoice.paid", paid));
                    events.push(state.event("customer.subscription.updated", sub.clone()));
                }
                Advance::PaymentFailed => {
                    sub["status"] = json!("past_due");
                    let invoice = invoice(&mut state, &sub, "open");
                    sub["latest_invoice"] = invoice["id"].clone();
                    state.open_invoices.insert(invoice["id"].as_str().unwrap_or_default().to_string(), invoice.clone());
                    events.push(state.event("invoice.payment_failed", invoice));
                    events.push(state.event("customer.subscription.updated", sub.clone()));
                }
                Advance::Ended => {
                    sub["status"] = json!("canceled");
                    sub["ended_at"] = json!(now());
                    sub["canceled_at"] = json!(now());
                    events.push(state.event("customer.subscription.deleted", sub.clone()));
                }
            }
            state.subscriptions.insert(id.to_string(), sub);
            (events, state.webhook.clone())
        };
        if let Some((url, secret)) = webhook {
            for event in &events {
                let _ = Self::send_event(&url, &secret, event);
            }
        }
        events
    }

    /// The buyer's bank took a payment back (a chargeback): `charge.dispute.funds_withdrawn` for
    /// the PaymentIntent's charge, sent (and returned).
    pub fn chargeback(&self, payment_intent: &str) -> Option<Value> {
        self.dispute_event(payment_intent, "charge.dispute.funds_withdrawn", "needs_response")
    }

    fn dispute_event(&self, payment_intent: &str, kind: &str, status: &str) -> Option<Value> {
        let (event, webhook) = {
            let mut state = self.lock();
            let intent = state.payment_intents.get(payment_intent).cloned()?;
            let charge_id = intent["latest_charge"].as_str()?.to_string();
            // One dispute per charge, as Stripe keeps it: the same id in every event about it.
            let id = format!("du_{charge_id}");
            let dispute = json!({
                "id": id, "object": "dispute", "amount": intent["amount"], "balance_transactions": [], "charge": charge_id,
                "created": now(), "currency": intent["currency"], "enhanced_eligibility_types": [], "evidence": {"enhanced_evidence": {}},
                "evidence_details": {"due_by": now() + 7 * 86_400, "enhanced_eligibility": {}, "has_evidence": false, "past_due": false, "submission_count": 0},
                "is_charge_refundable": false, "livemode": false, "metadata": {}, "payment_intent": payment_intent,
                "reason": "fraudulent", "status": status,
            });
            (state.event(kind, dispute), state.webhook.clone())
        };
        if let Some((url, secret)) = webhook {
            let _ = Self::send_event(&url, &secret, &event);
        }
        Some(event)
    }

    /// The seller won the dispute of a PaymentIntent's charge: `charge.dispute.funds_reinstated`,
    /// sent (and returned).
    pub fn dispute_won(&self, payment_intent: &str) -> Option<Value> {
        self.dispute_event(payment_intent, "charge.dispute.funds_reinstated", "won")
    }

    /// Posts one event to `url` signed as Stripe signs (`Stripe-Signature: t=<now>,v1=<hex>`);
    /// answers the receiver's status code.
    pub fn send_event(url: &str, secret: &str, event: &Value) -> std::io::Result<u16> {
        let payload = event.to_string();
        let header = signature_header(&payload, secret, now());
        http::post(url, &[("Stripe-Signature", &header)], &payload)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Secret-key requests that came without a `Stripe-Version` header, as `METHOD path`.
    pub fn unversioned_requests(&self) -> Vec<String> {
        self.lock().unversioned.clone()
    }

    /// The next `POST <path>` is carried out, then its connection is dropped with no answer (a
    /// timeout after Stripe took the money).
    pub fn drop_next_answer(&self, path: &str) {
        self.lock().drop_answers.push(path.to_string());
    }

    fn serve(&self, stream: &mut TcpStream) -> std::io::Result<()> {
        let request = http::read_request(stream)?;
        let response = self.answer(&request);
        let dropped = {
            let mut state = self.lock();
            let path = request.path.trim_end_matches('/');
            match state.drop_answers.iter().position(|p| request.method == "POST" && p == path) {
                Some(at) => {
                    state.drop_answers.remove(at);
                    true
                }
                None => false,
            }
        };
        if dropped {
            return stream.shutdown(std::net::Shutdown::Both);
        }
        http::write_response(stream, &response)
    }

    fn answer(&self, request: &Request) -> Response {
        let path = request.path.trim_end_matches('/');
        if request.method == "OPTIONS" {
            return Response { status: 204, content_type: "text/plain", body: String::new() };
        }
        if request.method == "GET" && (path == "/v3" || path == "/stripe.js") {
            return Response { status: 200, content_type: "application/javascript", body: STRIPE_JS.replace("__BASE__", &self.base_url) };
        }
        if let (Some(id), "GET") = (path.strip_prefix("/3ds/"), request.method.as_str()) {
            return Response { status: 200, content_type: "text/html; charset=utf-8", body: APPROVE_PAGE.replace("__ID__", &html_escape(id)) };
        }
        let key = request.header("authorization").and_then(|a| a.strip_prefix("Bearer ")).unwrap_or_default();
        // What Stripe.js does in the browser with the publishable key: make a PaymentMethod, confirm
        // a SetupIntent it holds the client secret of, and (here) approve 3-D Secure.
        let publishable_ok = (request.method == "POST"
            && (path == "/v1/payment_methods" || path.ends_with("/test_approve") || (path.starts_with("/v1/setup_intents/") && path.ends_with("/confirm"))))
            || (request.method == "GET" && (path.starts_with("/v1/payment_intents/") || path.starts_with("/v1/setup_intents/")));
        if !(key.starts_with("sk_test_") || (publishable_ok && key.starts_with("pk_test_"))) {
            return error(401, "invalid_request_error", None, "Invalid API Key provided.");
        }
        let mut state = self.lock();
        if key.starts_with("sk_test_") {
            match request.header("stripe-version") {
                None => state.unversioned.push(format!("{} {path}", request.method)),
                Some(version) if version != API_VERSION => {
                    return error(
                        400,
                        "invalid_request_error",
                        None,
                        &format!("Stand-in: this stand-in speaks Stripe API version {API_VERSION}, not {version}."),
                    );
                }
                Some(_) => {}
            }
        }
        if request.method == "GET" && key.starts_with("pk_test_") {
            // Stripe.js reads an intent with its client secret, never without.
            return read_with_client_secret(&state, path, &http::parse_form(&request.query));
        }
        let given_key = request.header("idempotency-key").filter(|_| request.method == "POST");
        if given_key.is_none() && moves_money(&request.method, path) {
            return error(400, "invalid_request_error", Some("idempotency_key_missing"), "Stand-in: a request that can move money needs an Idempotency-Key.");
        }
        let idempotency = given_key.map(|k| format!("{key} {k}"));
        if let Some((given, stored)) = idempotency.as_ref().and_then(|k| state.idempotent.get(k).map(|stored| (k, stored))) {
            if stored.path != path || stored.body != request.body {
                let given = given.split_once(' ').map_or(given.as_str(), |(_, k)| k);
                let message = format!(
                    "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '{given}' if you meant to execute a different request."
                );
                return error(400, "idempotency_error", None, &message);
            }
            return Response { status: stored.status, content_type: "application/json", body: stored.answer.clone() };
        }
        let events_before = state.events.len();
        let form = http::parse_form(if request.method == "GET" { &request.query } else { &request.body });
        let response = route(&mut state, &request.method, path, &form);
        if let Some(k) = idempotency {
            let remembered = Remembered { path: path.to_string(), body: request.body.clone(), status: response.status, answer: response.body.clone() };
            state.idempotent.insert(k, remembered);
        }
        let new_events: Vec<Value> = state.events[events_before..].to_vec();
        if let (Some((url, secret)), false) = (state.webhook.clone(), new_events.is_empty()) {
            // Delivered after the answer, as Stripe does (the receiver may call back in).
            std::thread::spawn(move || {
                for event in &new_events {
                    let _ = Self::send_event(&url, &secret, event);
                }
            });
        }
        response
    }
}

/// `GET /v1/payment_intents/{id}` or `/v1/setup_intents/{id}` with the publishable key, as
/// Stripe.js asks: only with the object's own `client_secret`, and answered without secrets of
/// the account (here: as stored).
fn read_with_client_secret(state: &State, path: &str, query: &HashMap<String, String>) -> Response {
    let segments: Vec<&str> = path.trim_start_matches("/v1/").split('/').collect();
    let (found, kind) = match segments.as_slice() {
        ["payment_intents", id] => (state.payment_intents.get(*id), "payment_intent"),
        ["setup_intents", id] => (state.setup_intents.get(*id), "setup_intent"),
        _ => return error(401, "invalid_request_error", None, "Invalid API Key provided."),
    };
    let secret = query.get("client_secret").map(String::as_str).unwrap_or_default();
    match found {
        Some(object) if !secret.is_empty() && object["client_secret"].as_str() == Some(secret) => ok(object),
        _ => missing(kind, segments.get(1).copied().unwrap_or_default()),
    }
}

/// The `Stripe-Signature` header for `payload` at `timestamp` (seconds).
pub fn signature_header(payload: &str, secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    format!("t={timestamp},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// The test cards that pay without 3-D Secure.
fn pays_at_once(number: &str) -> bool {
    number == CARD_OK || number == CARD_OK_MASTERCARD || MORE_CARDS_OK.contains(&number)
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

fn interval_seconds(interval: &str) -> i64 {
    match interval {
        "day" => 86_400,
        "week" => 7 * 86_400,
        "year" => 365 * 86_400,
        _ => 30 * 86_400,
    }
}

fn html_escape(text: &str) -> String {
    text.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
}

fn error(status: u16, kind: &str, code: Option<&str>, message: &str) -> Response {
    let mut body = json!({"type": kind, "message": message});
    if let Some(code) = code {
        body["code"] = json!(code);
        if code == "card_declined" {
            body["decline_code"] = json!("generic_decline");
        }
    }
    Response::json(status, &json!({"error": body}))
}

/// A parameter names an object that does not exist: Stripe answers 400 (not 404: the URL was
/// right) with the parameter's name, e.g. `payment_method=pm_unknown` on a PaymentIntent.
fn missing_param(param: &str, kind: &str, id: &str) -> Response {
    let body = json!({"type": "invalid_request_error", "code": "resource_missing", "param": param, "message": format!("No such {kind}: '{id}'")});
    Response::json(400, &json!({"error": body}))
}

fn missing(kind: &str, id: &str) -> Response {
    error(404, "invalid_request_error", Some("resource_missing"), &format!("No such {kind}: '{id}'"))
}

fn ok(value: &Value) -> Response {
    Response::json(200, value)
}

fn list(url: &str, data: Vec<Value>) -> Value {
    json!({"object": "list", "data": data, "has_more": false, "url": url})
}

fn route(state: &mut State, method: &str, path: &str, form: &HashMap<String, String>) -> Response {
    let segments: Vec<&str> = path.trim_start_matches("/v1/").split('/').collect();
    let get = |k: &str| form.get(k).cloned();
    match (method, segments.as_slice()) {
        ("POST", ["customers"]) => {
            let id = state.id("cus");
            let customer = json!({
                "id": id, "object": "customer", "created": now(), "livemode": false,
                "email": get("email"), "name": get("name"), "metadata": metadata(form),
                "invoice_settings": {"default_payment_method": null, "custom_fields": null, "footer": null, "rendering_options": null},
            });
            state.customers.push(customer.clone());
            ok(&customer)
        }
        ("GET", ["customers"]) => {
            let email = get("email");
            let found = state.customers.iter().filter(|c| email.is_none() || c["email"].as_str() == email.as_deref()).cloned().collect();
            ok(&list("/v1/customers", found))
        }
        ("GET", ["customers", "search"]) => {
            let query = get("query").unwrap_or_default();
            let email = query.split('\'').nth(1).unwrap_or_default().to_string();
            let found: Vec<Value> = state.customers.iter().filter(|c| c["email"].as_str() == Some(email.as_str())).cloned().collect();
            ok(&json!({"object": "search_result", "data": found, "has_more": false, "url": "/v1/customers/search", "next_page": null}))
        }
        ("GET", ["customers", id]) => match state.customers.iter().find(|c| c["id"] == *id) {
            Some(customer) => ok(customer),
            None => missing("customer", id),
        },
        ("POST", ["payment_methods"]) => {
            let number: String = get("card[number]").unwrap_or_default().chars().filter(char::is_ascii_digit).collect();
            if number.len() < 12 {
                return error(402, "card_error", Some("incorrect_number"), "Your card number is incorrect.");
            }
            ok(&payment_method(state, &number))
        }
        ("GET", ["payment_methods", id]) => match state.payment_methods.get(*id) {
            Some((pm, _)) => ok(pm),
            None => missing("payment_method", id),
        },
        ("POST", ["payment_methods", id, "attach"]) => match state.payment_methods.get_mut(*id) {
            // Stripe checks a card when it is attached: the declining test card fails here.
            Some((_, number)) if number == CARD_DECLINED => error(402, "card_error", Some("card_declined"), DECLINE_MESSAGE),
            Some((pm, _)) => {
                pm["customer"] = json!(get("customer"));
                ok(pm)
            }
            None => missing("payment_method", id),
        },
        ("POST", ["payment_intents"]) => {
            let Some(amount) = get("amount").and_then(|a| a.parse::<i64>().ok()) else {
                return error(400, "invalid_request_error", Some("parameter_missing"), "Missing required param: amount.");
            };
            if let Some(pm) = get("payment_method").filter(|pm| !state.payment_methods.contains_key(pm)) {
                return missing_param("payment_method", "PaymentMethod", &pm);
            }
            let id = state.id("pi");
            let intent = json!({
                "id": id, "object": "payment_intent", "amount": amount, "amount_capturable": 0, "amount_received": 0,
                "capture_method": "automatic", "confirmation_method": "automatic", "created": now(),
                "currency": get("currency").unwrap_or_else(|| "usd".into()), "customer": get("customer"),
                "description": get("description"), "receipt_email": get("receipt_email"), "livemode": false, "metadata": metadata(form),
                "payment_method": get("payment_method"), "payment_method_types": ["card"],
                "client_secret": format!("{id}_secret_standin"), "status": "requires_payment_method",
                "latest_charge": null, "last_payment_error": null, "next_action": null,
            });
            state.payment_intents.insert(id.clone(), intent);
            if get("payment_method").is_some() {
                set_intent_status(state, &id, "requires_confirmation");
            }
            if get("confirm").as_deref() == Some("true") {
                return confirm(state, &id);
            }
            ok(&state.payment_intents[&id])
        }
        // Lists, newest first, by customer (as Stripe filters them).
        ("GET", ["payment_intents"]) => {
            let mut found: Vec<Value> =
                state.payment_intents.values().filter(|pi| get("customer").is_none_or(|c| pi["customer"] == json!(c))).cloned().collect();
            found.sort_by_key(|pi| std::cmp::Reverse((pi["created"].as_i64(), pi["id"].as_str().map(str::to_owned))));
            ok(&list("/v1/payment_intents", found))
        }
        ("GET", ["payment_intents", id]) => match state.payment_intents.get(*id) {
            Some(intent) => ok(intent),
            None => missing("payment_intent", id),
        },
        ("POST", ["payment_intents", id, "confirm"]) => {
            if !state.payment_intents.contains_key(*id) {
                return missing("payment_intent", id);
            }
            if let Some(pm) = get("payment_method") {
                if !state.payment_methods.contains_key(&pm) {
                    return missing_param("payment_method", "PaymentMethod", &pm);
                }
                state.payment_intents.get_mut(*id).expect("checked")["payment_method"] = json!(pm);
            }
            confirm(state, id)
        }
        ("POST", ["payment_intents", id, "test_approve"]) => {
            if !approve(state, id) {
                return missing("payment_intent awaiting 3-D Secure", id);
            }
            ok(&state.payment_intents[*id])
        }
        ("POST", ["setup_intents"]) => {
            let Some(customer) = get("customer") else {
                return error(400, "invalid_request_error", Some("parameter_missing"), "Missing required param: customer.");
            };
            let id = state.id("seti");
            let setup = json!({
                "id": id, "object": "setup_intent", "client_secret": format!("{id}_secret_standin"), "created": now(),
                "customer": customer, "livemode": false, "metadata": {}, "payment_method": null, "payment_method_types": ["card"],
                "status": "requires_payment_method", "usage": get("usage").unwrap_or_else(|| "off_session".into()),
                "automatic_payment_methods": null, "flow_directions": null, "last_setup_error": null, "next_action": null,
                "application": null, "cancellation_reason": null, "description": null, "latest_attempt": null,
                "mandate": null, "on_behalf_of": null, "payment_method_configuration_details": null, "payment_method_options": null,
                "single_use_mandate": null,
            });
            state.setup_intents.insert(id, setup.clone());
            ok(&setup)
        }
        // The bank approved the card of a trial's pending SetupIntent (3-D Secure): the
        // subscription has nothing pending any more.
        ("POST", ["setup_intents", id, "test_approve"]) => match approve_setup(state, id) {
            Some(setup) => ok(&setup),
            None => missing("setup_intent awaiting 3-D Secure", id),
        },
        ("GET", ["setup_intents", id]) => match state.setup_intents.get(*id) {
            Some(setup) => ok(setup),
            None => missing("setup_intent", id),
        },
        // From the browser: the client secret must be the SetupIntent's own.
        ("POST", ["setup_intents", id, "confirm"]) => {
            let Some(mut setup) = state.setup_intents.get(*id).cloned() else { return missing("setup_intent", id) };
            if get("client_secret").is_some_and(|secret| setup["client_secret"] != json!(secret)) {
                return error(
                    400,
                    "invalid_request_error",
                    Some("setup_intent_authentication_failure"),
                    "The client_secret provided does not match this SetupIntent.",
                );
            }
            let pm = get("payment_method").unwrap_or_default();
            let Some((_, number)) = state.payment_methods.get(&pm).cloned() else { return missing_param("payment_method", "PaymentMethod", &pm) };
            if number == CARD_DECLINED {
                return error(402, "card_error", Some("card_declined"), DECLINE_MESSAGE);
            }
            setup["payment_method"] = json!(pm);
            setup["status"] = json!("succeeded");
            if let Some((pm_value, _)) = state.payment_methods.get_mut(&pm) {
                pm_value["customer"] = setup["customer"].clone();
            }
            state.setup_intents.insert(id.to_string(), setup.clone());
            ok(&setup)
        }
        // Paying an open invoice (a failed renewal) with a card: the subscription is paid up.
        ("POST", ["invoices", id, "pay"]) => {
            let Some(invoice) = state.open_invoices.get(*id).cloned() else { return missing("invoice", id) };
            let sub_id = invoice["parent"]["subscription_details"]["subscription"].as_str().unwrap_or_default().to_string();
            let Some(mut sub) = state.subscriptions.get(&sub_id).cloned() else { return missing("subscription", &sub_id) };
            let pm = get("payment_method").or_else(|| sub["default_payment_method"].as_str().map(str::to_string)).unwrap_or_default();
            let card = state.payment_methods.get(&pm).map(|(_, number)| number.clone()).unwrap_or_default();
            if !pays_at_once(&card) {
                return error(402, "card_error", Some("card_declined"), DECLINE_MESSAGE);
            }
            state.open_invoices.remove(*id);
            let item = &mut sub["items"]["data"][0];
            let end = item["current_period_end"].as_i64().unwrap_or_else(now);
            let seconds = interval_seconds(item["price"]["recurring"]["interval"].as_str().unwrap_or("month"));
            item["current_period_start"] = json!(end);
            item["current_period_end"] = json!(end + seconds);
            sub["status"] = json!("active");
            let paid = paid_invoice(state, &sub, "subscription_cycle");
            state.subscriptions.insert(sub_id, sub.clone());
            state.event("invoice.paid", paid.clone());
            state.event("customer.subscription.updated", sub);
            ok(&paid)
        }
        ("POST", ["products"]) => {
            let id = get("id").unwrap_or_else(|| state.id("prod"));
            if state.products.contains_key(&id) {
                return error(400, "invalid_request_error", Some("resource_already_exists"), "Product already exists.");
            }
            let product = product(&id, &get("name").unwrap_or_default());
            state.products.insert(id, product.clone());
            ok(&product)
        }
        ("GET", ["products", id]) => match state.products.get(*id) {
            Some(product) => ok(product),
            None => missing("product", id),
        },
        ("POST", ["subscriptions"]) => create_subscription(state, form),
        // Without `status=all`, ended subscriptions are left out, as Stripe does.
        ("GET", ["subscriptions"]) => {
            let all = get("status").as_deref() == Some("all");
            let mut found: Vec<Value> = state
                .subscriptions
                .values()
                .filter(|sub| get("customer").is_none_or(|c| sub["customer"] == json!(c)))
                .filter(|sub| all || sub["status"] != "canceled")
                .cloned()
                .collect();
            found.sort_by_key(|sub| std::cmp::Reverse((sub["created"].as_i64(), sub["id"].as_str().map(str::to_owned))));
            ok(&list("/v1/subscriptions", found))
        }
        ("GET", ["subscriptions", id]) => match state.subscriptions.get(*id) {
            Some(sub) => ok(sub),
            None => missing("subscription", id),
        },
        ("POST", ["subscriptions", id]) => {
            let Some(mut sub) = state.subscriptions.get(*id).cloned() else { return missing("subscription", id) };
            if let Some(pm) = get("default_payment_method") {
                if !state.payment_methods.contains_key(&pm) {
                    return missing_param("default_payment_method", "PaymentMethod", &pm);
                }
                sub["default_payment_method"] = json!(pm);
            }
            if let Some(flag) = get("cancel_at_period_end") {
                let on = flag == "true";
                sub["cancel_at_period_end"] = json!(on);
                sub["cancel_at"] = if on { sub["items"]["data"][0]["current_period_end"].clone() } else { Value::Null };
                sub["canceled_at"] = if on { json!(now()) } else { Value::Null };
            }
            state.subscriptions.insert(id.to_string(), sub.clone());
            state.event("customer.subscription.updated", sub.clone());
            ok(&sub)
        }
        ("DELETE", ["subscriptions", id]) => {
            let Some(mut sub) = state.subscriptions.get(*id).cloned() else { return missing("subscription", id) };
            sub["status"] = json!("canceled");
            sub["ended_at"] = json!(now());
            sub["canceled_at"] = json!(now());
            state.subscriptions.insert(id.to_string(), sub.clone());
            state.event("customer.subscription.deleted", sub.clone());
            ok(&sub)
        }
        ("POST", ["refunds"]) => {
            let Some(intent) = get("payment_intent").and_then(|id| state.payment_intents.get(&id).cloned()) else {
                return missing("payment_intent", &get("payment_intent").unwrap_or_default());
            };
            let Some(charge_id) = intent["latest_charge"].as_str().map(str::to_string) else {
                return error(400, "invalid_request_error", Some("charge_not_refundable"), "This PaymentIntent has no successful charge.");
            };
            let amount = get("amount").and_then(|a| a.parse::<i64>().ok()).unwrap_or(intent["amount"].as_i64().unwrap_or(0));
            let refund_id = state.id("re");
            let refund = json!({
                "id": refund_id, "object": "refund", "amount": amount, "created": now(), "currency": intent["currency"],
                "charge": charge_id, "payment_intent": intent["id"], "status": "succeeded", "metadata": {},
            });
            let mut charge = state.charges.get(&charge_id).cloned().unwrap_or(Value::Null);
            charge["amount_refunded"] = json!(amount);
            charge["refunded"] = json!(amount >= charge["amount"].as_i64().unwrap_or(0));
            state.charges.insert(charge_id, charge.clone());
            state.event("charge.refunded", charge);
            ok(&refund)
        }
        _ => error(404, "invalid_request_error", None, &format!("Unrecognized request URL ({method}: {path}).")),
    }
}

fn payment_method(state: &mut State, number: &str) -> Value {
    let id = state.id("pm");
    let last4 = &number[number.len().saturating_sub(4)..];
    let pm = json!({
        "id": id, "object": "payment_method", "type": "card", "created": now(), "livemode": false, "customer": null,
        "metadata": {},
        "billing_details": {"address": null, "email": null, "name": null, "phone": null},
        "card": {"brand": "visa", "exp_month": 12, "exp_year": 2034, "funding": "credit", "last4": last4, "country": "US", "fingerprint": fingerprint(number)},
    });
    state.payment_methods.insert(id, (pm.clone(), number.to_string()));
    pm
}

/// A card's fingerprint as Stripe gives it: the same for every PaymentMethod of one card number.
fn fingerprint(number: &str) -> String {
    use sha2::Digest;
    let digest = Sha256::digest(number.as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

fn product(id: &str, name: &str) -> Value {
    json!({
        "id": id, "object": "product", "active": true, "created": now(), "images": [], "livemode": false,
        "marketing_features": [], "metadata": {}, "name": name, "type": "service", "updated": now(),
    })
}

fn charge(state: &mut State, amount: i64, intent: Option<&str>) -> Value {
    let id = state.id("ch");
    json!({
        "id": id, "object": "charge", "amount": amount, "amount_captured": amount, "amount_refunded": 0,
        "billing_details": {"address": null, "email": null, "name": null, "phone": null},
        "captured": true, "created": now(), "currency": "usd", "disputed": false, "livemode": false, "metadata": {},
        "paid": true, "refunded": false, "status": "succeeded", "payment_intent": intent,
    })
}

fn invoice(state: &mut State, sub: &Value, status: &str) -> Value {
    let id = state.id("in");
    let amount = sub["items"]["data"][0]["price"]["unit_amount"].as_i64().unwrap_or(0);
    let item = &sub["items"]["data"][0];
    json!({
        "id": id, "object": "invoice", "amount_due": amount, "amount_overpaid": 0, "amount_paid": 0,
        "amount_remaining": amount, "amount_shipping": 0, "attempt_count": 1, "attempted": true,
        "automatic_tax": {"enabled": false, "status": null}, "collection_method": "charge_automatically",
        "created": now(), "currency": "usd", "customer": sub["customer"], "default_tax_rates": [], "discounts": [],
        "issuer": {"type": "self"}, "lines": list(&format!("/v1/invoices/{id}/lines"), vec![]), "livemode": false,
        "metadata": {}, "payment_settings": {}, "period_end": item["current_period_end"],
        "period_start": item["current_period_start"], "post_payment_credit_notes_amount": 0,
        "pre_payment_credit_notes_amount": 0, "starting_balance": 0, "status": status, "status_transitions": {},
        "subtotal": amount, "total": amount, "billing_reason": "subscription_cycle",
        // A subscription's invoice names it, as Stripe's do from API version 2025-03.
        "parent": {"type": "subscription_details", "quote_details": null, "subscription_details": {"metadata": {}, "subscription": sub["id"]}},
    })
}

/// A subscription's invoice paid now: its PaymentIntent and charge (refundable through
/// `/v1/refunds`), and the invoice naming its subscription and payment as Stripe's do.
fn paid_invoice(state: &mut State, sub: &Value, billing_reason: &str) -> Value {
    let amount = sub["items"]["data"][0]["price"]["unit_amount"].as_i64().unwrap_or(0);
    let intent_id = state.id("pi");
    let charge = charge(state, amount, Some(&intent_id));
    let charge_id = charge["id"].as_str().unwrap_or_default().to_string();
    state.charges.insert(charge_id.clone(), charge);
    state.payment_intents.insert(
        intent_id.clone(),
        json!({
            "id": intent_id, "object": "payment_intent", "amount": amount, "amount_capturable": 0, "amount_received": amount,
            "capture_method": "automatic", "confirmation_method": "automatic", "created": now(), "currency": "usd",
            "customer": sub["customer"], "livemode": false, "metadata": {}, "payment_method": sub["default_payment_method"],
            "payment_method_types": ["card"], "client_secret": format!("{intent_id}_secret_standin"), "status": "succeeded",
            "latest_charge": charge_id, "last_payment_error": null, "next_action": null,
        }),
    );
    let mut invoice = invoice(state, sub, "paid");
    let invoice_id = invoice["id"].clone();
    invoice["amount_paid"] = json!(amount);
    invoice["amount_remaining"] = json!(0);
    invoice["billing_reason"] = json!(billing_reason);
    invoice["status_transitions"] = json!({"paid_at": now()});
    let payment_id = state.id("inpay");
    invoice["payments"] = list(
        &format!("/v1/invoice_payments?invoice={}", invoice_id.as_str().unwrap_or_default()),
        vec![json!({
            "id": payment_id, "object": "invoice_payment", "amount_paid": amount, "amount_requested": amount,
            "created": now(), "currency": "usd", "invoice": invoice_id, "is_default": true, "livemode": false,
            "payment": {"type": "payment_intent", "payment_intent": intent_id},
            "status": "paid", "status_transitions": {"canceled_at": null, "paid_at": now()},
        })],
    );
    invoice
}

fn set_intent_status(state: &mut State, id: &str, status: &str) {
    if let Some(intent) = state.payment_intents.get_mut(id) {
        intent["status"] = json!(status);
    }
}

/// Charges the intent's card: paid, declined (402, like Stripe) or waiting for 3-D Secure.
fn confirm(state: &mut State, id: &str) -> Response {
    let intent = state.payment_intents[id].clone();
    if intent["status"] == "succeeded" {
        return ok(&intent);
    }
    let pm = intent["payment_method"].as_str().unwrap_or_default();
    let card = state.payment_methods.get(pm).map(|(_, number)| number.clone());
    let Some(card) = card else { return missing("payment_method", pm) };
    let approved = state.approved_3ds.iter().any(|a| a == id);
    if card == CARD_DECLINED || !(pays_at_once(&card) || card == CARD_3DS) {
        let intent = state.payment_intents.get_mut(id).expect("exists");
        intent["status"] = json!("requires_payment_method");
        intent["last_payment_error"] = json!({"type": "card_error", "code": "card_declined", "decline_code": "generic_decline", "message": DECLINE_MESSAGE});
        return error(402, "card_error", Some("card_declined"), DECLINE_MESSAGE);
    }
    if card == CARD_3DS && !approved {
        let intent = state.payment_intents.get_mut(id).expect("exists");
        intent["status"] = json!("requires_action");
        intent["next_action"] = json!({"type": "use_stripe_sdk", "use_stripe_sdk": {"type": "three_d_secure_redirect", "stripe_js": format!("/3ds/{id}")}});
        return ok(intent);
    }
    succeed(state, id);
    ok(&state.payment_intents[id])
}

fn succeed(state: &mut State, id: &str) {
    let amount = state.payment_intents[id]["amount"].as_i64().unwrap_or(0);
    let charge = charge(state, amount, Some(id));
    let charge_id = charge["id"].as_str().unwrap_or_default().to_string();
    state.charges.insert(charge_id.clone(), charge);
    let intent = state.payment_intents.get_mut(id).expect("exists");
    intent["status"] = json!("succeeded");
    intent["amount_received"] = json!(amount);
    intent["latest_charge"] = json!(charge_id);
    intent["next_action"] = Value::Null;
    let intent = intent.clone();
    state.event("payment_intent.succeeded", intent);
}

/// The `metadata[key]` fields of a request, as the object's `metadata`.
fn metadata(form: &HashMap<String, String>) -> Value {
    let pairs = form.iter().filter_map(|(key, value)| Some((key.strip_prefix("metadata[")?.strip_suffix(']')?.to_string(), json!(value))));
    Value::Object(pairs.collect())
}

/// The bank approved the card of a trial's pending SetupIntent (3-D Secure): the subscription has
/// nothing pending any more, and says so in an event.
fn approve_setup(state: &mut State, id: &str) -> Option<Value> {
    let setup = state.setup_intents.get_mut(id).filter(|setup| setup["status"] == "requires_action")?;
    setup["status"] = json!("succeeded");
    setup["next_action"] = Value::Null;
    let setup = setup.clone();
    let pending: Vec<String> =
        state.subscriptions.iter().filter(|(_, sub)| sub["pending_setup_intent"] == json!(id)).map(|(sub_id, _)| sub_id.clone()).collect();
    for sub_id in pending {
        let sub = state.subscriptions.get_mut(&sub_id).expect("listed");
        sub["pending_setup_intent"] = Value::Null;
        let sub = sub.clone();
        state.event("customer.subscription.updated", sub);
    }
    Some(setup)
}

/// The bank approved 3-D Secure: the intent is paid (Stripe.js `confirmCardPayment` behaviour).
fn approve(state: &mut State, id: &str) -> bool {
    match state.payment_intents.get(id) {
        Some(intent) if intent["status"] == "requires_action" => {
            state.approved_3ds.push(id.to_string());
            succeed(state, id);
            true
        }
        _ => false,
    }
}

fn create_subscription(state: &mut State, form: &HashMap<String, String>) -> Response {
    let get = |k: &str| form.get(k).cloned();
    let Some(customer) = get("customer") else {
        return error(400, "invalid_request_error", Some("parameter_missing"), "Missing required param: customer.");
    };
    let (unit_amount, interval, product_id) = match get("items[0][price_data][unit_amount]") {
        Some(amount) => (
            amount.parse::<i64>().unwrap_or(0),
            get("items[0][price_data][recurring][interval]").unwrap_or_else(|| "month".into()),
            get("items[0][price_data][product]").unwrap_or_default(),
        ),
        None => return error(400, "invalid_request_error", Some("parameter_missing"), "The stand-in needs items[0][price_data]."),
    };
    if !state.products.contains_key(&product_id) {
        return missing("product", &product_id);
    }
    let pm = get("default_payment_method");
    let card = pm.as_ref().and_then(|pm| state.payment_methods.get(pm)).map(|(_, number)| number.clone());
    let trial_days: i64 = get("trial_period_days").and_then(|d| d.parse().ok()).unwrap_or(0);
    let start = now();
    let (status, period_end, trial_end) = if trial_days > 0 {
        ("trialing", start + trial_days * 86_400, Some(start + trial_days * 86_400))
    } else {
        match card.as_deref() {
            Some(number) if pays_at_once(number) => ("active", start + interval_seconds(&interval), None),
            Some(CARD_3DS) => ("incomplete", start + interval_seconds(&interval), None),
            _ => return error(402, "card_error", Some("card_declined"), DECLINE_MESSAGE),
        }
    };
    if status == "active" {
        let charge = charge(state, unit_amount, None);
        state.charges.insert(charge["id"].as_str().unwrap_or_default().to_string(), charge);
    }
    // One-time items go on the first invoice, which is charged at once (during a trial too).
    if let Some(extra) = get("add_invoice_items[0][price_data][unit_amount]").and_then(|a| a.parse::<i64>().ok()) {
        let extra_product = get("add_invoice_items[0][price_data][product]").unwrap_or_default();
        if !state.products.contains_key(&extra_product) {
            return missing("product", &extra_product);
        }
        if !card.as_deref().is_some_and(|number| pays_at_once(number) || number == CARD_3DS) {
            return error(402, "card_error", Some("card_declined"), DECLINE_MESSAGE);
        }
        let charge = charge(state, extra, None);
        state.charges.insert(charge["id"].as_str().unwrap_or_default().to_string(), charge);
        state.one_time_items.push(extra);
    }
    let id = state.id("sub");
    let price_id = state.id("price");
    let item_id = state.id("si");
    let price = json!({
        "id": price_id, "object": "price", "active": true, "billing_scheme": "per_unit", "created": start,
        "currency": "usd", "livemode": false, "metadata": {}, "product": product_id,
        "recurring": {"interval": interval, "interval_count": 1, "usage_type": "licensed"},
        "type": "recurring", "unit_amount": unit_amount,
    });
    let plan = json!({
        "id": price_id, "object": "plan", "active": true, "amount": unit_amount, "billing_scheme": "per_unit",
        "created": start, "currency": "usd", "interval": interval, "interval_count": 1, "livemode": false,
        "metadata": {}, "product": product_id, "usage_type": "licensed",
    });
    let mut sub = json!({
        "id": id, "object": "subscription", "automatic_tax": {"enabled": false}, "billing_cycle_anchor": period_end,
        "billing_mode": {"type": "classic"}, "billing_schedules": [], "cancel_at": null, "cancel_at_period_end": false,
        "canceled_at": null, "collection_method": "charge_automatically", "created": start, "currency": "usd",
        "customer": customer, "default_payment_method": pm, "discounts": [], "ended_at": null,
        "invoice_settings": {"issuer": {"type": "self"}},
        "items": list(&format!("/v1/subscription_items?subscription={id}"), vec![json!({
            "id": item_id, "object": "subscription_item", "created": start, "current_period_start": start,
            "current_period_end": period_end, "discounts": [], "metadata": {}, "plan": plan, "price": price,
            "quantity": 1, "subscription": id,
        })]),
        "latest_invoice": null, "livemode": false, "metadata": metadata(form), "pending_setup_intent": null, "start_date": start, "status": status,
        "trial_start": trial_end.map(|_| start), "trial_end": trial_end,
    });
    // A trial's card that asks for 3-D Secure: Stripe makes a SetupIntent the page must complete
    // (`pending_setup_intent`), or the first renewal would fail.
    let mut expanded_setup = None;
    if status == "trialing" && card.as_deref() == Some(CARD_3DS) {
        let setup_id = state.id("seti");
        let setup = json!({
            "id": setup_id, "object": "setup_intent", "client_secret": format!("{setup_id}_secret_standin"), "created": start,
            "customer": customer, "livemode": false, "metadata": {}, "payment_method": pm, "payment_method_types": ["card"],
            "status": "requires_action", "usage": "off_session",
            "next_action": {"type": "use_stripe_sdk", "use_stripe_sdk": {"type": "three_d_secure_redirect", "stripe_js": format!("/3ds/{setup_id}")}},
            "automatic_payment_methods": null, "flow_directions": null, "last_setup_error": null,
            "application": null, "cancellation_reason": null, "description": null, "latest_attempt": null,
            "mandate": null, "on_behalf_of": null, "payment_method_configuration_details": null, "payment_method_options": null,
            "single_use_mandate": null,
        });
        state.setup_intents.insert(setup_id.clone(), setup.clone());
        sub["pending_setup_intent"] = json!(setup_id);
        if form.iter().any(|(k, v)| k.starts_with("expand") && v == "pending_setup_intent") {
            expanded_setup = Some(setup);
        }
    }
    if status == "incomplete" {
        let mut invoice = invoice(state, &sub, "open");
        invoice["billing_reason"] = json!("subscription_create");
        let intent_id = state.id("pi");
        invoice["confirmation_secret"] = json!({"client_secret": format!("{intent_id}_secret_standin"), "type": "payment_intent"});
        let expand_invoice = form.iter().any(|(k, v)| k.starts_with("expand") && v.starts_with("latest_invoice"));
        sub["latest_invoice"] = if expand_invoice { invoice } else { invoice["id"].clone() };
    }
    state.subscriptions.insert(id, sub.clone());
    state.event("customer.subscription.created", sub.clone());
    if let Some(setup) = expanded_setup {
        sub["pending_setup_intent"] = setup;
    }
    ok(&sub)
}

/// The approval page the script opens for 3-D Secure (in an iframe): Approve marks the
/// PaymentIntent paid and tells the opener.
const APPROVE_PAGE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3-D Secure (stand-in)</title></head>
<body style="font-family:sans-serif;padding:1rem">
<h1>3-D Secure test page</h1>
<p>The stand-in bank asks you to approve this payment (<code>__ID__</code>).</p>
<button id="approve" type="button">Approve</button>
<button id="fail" type="button">Fail</button>
<script>
function done(ok){ parent.postMessage({standInThreeDs:'__ID__', ok: ok}, '*'); }
document.getElementById('approve').onclick = function(){
  fetch(('__ID__'.indexOf('seti_') === 0 ? '/v1/setup_intents/' : '/v1/payment_intents/') + '__ID__/test_approve',
    {method:'POST', headers:{Authorization:'Bearer pk_test_standin'}})
    .then(function(r){ done(r.ok); }, function(){ done(false); });
};
document.getElementById('fail').onclick = function(){ done(false); };
</script>
</body></html>
"#;

const STRIPE_JS: &str = include_str!("stripe.js");
