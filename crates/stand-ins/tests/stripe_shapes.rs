//! The Stripe stand-in held to Stripe's own published shapes: every object it answers over HTTP,
//! every event it keeps and every webhook it delivers is compared, field by field and recursively,
//! with the example object of the same resource in Stripe's `openapi/fixtures3.json`
//! (`tests/vendor/stripe-openapi/`), and parsed with async-stripe's own types.
//!
//! The rule: a field we answer must be a field of Stripe's object, with its JSON type (object, array,
//! string, number, bool). Where the fixture has `null` any type passes; where we answer `null` any
//! fixture value passes (Stripe's fields are nullable); arrays compare element shapes when both
//! sides have elements; `metadata` is a free map of strings; an expandable field may be an id or the
//! object of its resource (an object naming its resource in `object` is checked against that
//! resource). Fields the fixture has and we omit are fine; a field we invent fails, named by object
//! kind, path and field.

use serde_json::{json, Value};
use stand_ins::stripe::{signature_header, Advance, StripeStandIn, CARD_3DS, CARD_DECLINED, CARD_OK, PUBLISHABLE_KEY, SECRET_KEY, WEBHOOK_SECRET};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use stripe_webhook::{EventObject, Webhook};

const FIXTURES: &str = include_str!("vendor/stripe-openapi/fixtures3.json");

/// Fields Stripe's objects have that its example objects leave out (the fixture's value there is a
/// bare `{"type": ...}`, or the field is one Stripe includes only on request), each as Stripe's
/// API reference and async-stripe's generated type (from Stripe's OpenAPI spec) define it:
/// `(resource, path, shape)`.
const SPARSE_FIXTURE_FIELDS: &[(&str, &str, &str)] = &[
    // `invoice.confirmation_secret` (stripe_shared::InvoicesResourceConfirmationSecret), includable.
    ("invoice", "confirmation_secret", r#"{"client_secret": "", "type": ""}"#),
    // `invoice.payments` (a list of invoice_payment), includable.
    ("invoice", "payments", r#"{"object": "list", "data": [], "has_more": false, "url": ""}"#),
    // `invoice_payment.payment.payment_intent` (expandable PaymentIntent).
    ("invoice_payment", "payment.payment_intent", r#""pi_""#),
    // `payment_intent.last_payment_error` is Stripe's API error object (stripe_shared::ApiErrors).
    ("payment_intent", "last_payment_error.code", r#""""#),
    ("payment_intent", "last_payment_error.decline_code", r#""""#),
    ("payment_intent", "last_payment_error.message", r#""""#),
];

/// Free-form hashes whose contents are not part of Stripe's schema (`use_stripe_sdk` is for
/// Stripe.js only).
const FREE_FORM: &[(&str, &str)] = &[("payment_intent", "next_action.use_stripe_sdk"), ("setup_intent", "next_action.use_stripe_sdk")];

/// What the checks found: every mismatch, and which kinds of objects were checked.
struct Shapes {
    resources: serde_json::Map<String, Value>,
    errors: Vec<String>,
    kinds: BTreeSet<String>,
}

impl Shapes {
    fn new() -> Shapes {
        let fixtures: Value = serde_json::from_str(FIXTURES).expect("fixtures3.json parses");
        let resources = fixtures["resources"].as_object().expect("fixtures3.json has resources").clone();
        Shapes { resources, errors: Vec::new(), kinds: BTreeSet::new() }
    }

    /// Checks one answer (an object, a list or a search result) where `at` says where it came from,
    /// and parses it with async-stripe's type of its kind.
    fn answer(&mut self, at: &str, value: &Value) {
        self.object(at, value);
        self.parse(at, value);
    }

    fn object(&mut self, at: &str, value: &Value) {
        let Some(kind) = value.get("object").and_then(Value::as_str).map(str::to_string) else {
            self.errors.push(format!("{at}: not a Stripe object (no `object`): {value}"));
            return;
        };
        self.kinds.insert(kind.clone());
        match kind.as_str() {
            "list" | "search_result" => {
                let envelope = json!({"object": "", "data": [], "has_more": false, "url": "", "next_page": null, "total_count": 0});
                let allowed: &[&str] =
                    if kind == "list" { &["object", "data", "has_more", "url"] } else { &["object", "data", "has_more", "url", "next_page", "total_count"] };
                for (key, field) in value.as_object().into_iter().flatten() {
                    if !allowed.contains(&key.as_str()) {
                        self.errors.push(format!("{at}: {kind} has a field Stripe's {kind} has not: `{key}`"));
                    } else {
                        self.compare(at, &kind, key, field, &envelope[key]);
                    }
                }
                for (i, item) in value["data"].as_array().into_iter().flatten().enumerate() {
                    self.object(&format!("{at} data[{i}]"), item);
                }
            }
            _ => match self.resources.get(&kind).cloned() {
                Some(fixture) => self.fields(at, &kind, "", value, &fixture),
                None => self.errors.push(format!("{at}: `{kind}` is no resource of Stripe's fixtures")),
            },
        }
    }

    /// The fields of an object of `kind` at `path` (inside that object) against the fixture's.
    fn fields(&mut self, at: &str, kind: &str, path: &str, ours: &Value, fixture: &Value) {
        let Some(fields) = ours.as_object() else { return };
        for (key, value) in fields {
            let field_path = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            if key == "metadata" && fixture.get(key).is_some() {
                self.metadata(at, kind, &field_path, value);
            } else if FREE_FORM.contains(&(kind, field_path.as_str())) {
                continue;
            } else if let Some(expected) = fixture.get(key) {
                self.compare(at, kind, &field_path, value, expected);
            } else if let Some((_, _, shape)) = SPARSE_FIXTURE_FIELDS.iter().find(|(k, p, _)| *k == kind && *p == field_path) {
                let expected: Value = serde_json::from_str(shape).expect("a shape is JSON");
                self.compare(at, kind, &field_path, value, &expected);
            } else {
                let parent = if path.is_empty() { kind.to_string() } else { format!("{kind}.{path}") };
                self.errors.push(format!("{at}: {kind} at `{parent}` has a field Stripe's {kind} has not: `{key}` (= {value})"));
            }
        }
    }

    fn compare(&mut self, at: &str, kind: &str, path: &str, ours: &Value, expected: &Value) {
        // An object naming its resource (expanded, nested, or a list) is checked as that resource.
        if ours.get("object").is_some_and(Value::is_string) && (expected.is_null() || expected.is_object() || expected.is_string()) {
            self.object(&format!("{at} {kind}.{path}"), ours);
            return;
        }
        if expected.is_null() || ours.is_null() {
            return;
        }
        // An expandable field left unexpanded: the fixture shows the object, we give its id.
        if ours.is_string() && expected.get("object").is_some_and(Value::is_string) {
            return;
        }
        if json_type(ours) != json_type(expected) {
            self.errors.push(format!("{at}: {kind} field `{path}` is {} ({ours}) where Stripe's is {} ({expected})", json_type(ours), json_type(expected)));
            return;
        }
        match ours {
            Value::Object(_) => self.fields(at, kind, path, ours, expected),
            Value::Array(items) => {
                if let Some(first) = expected.as_array().and_then(|e| e.first()) {
                    for item in items {
                        self.compare(at, kind, &format!("{path}[]"), item, first);
                    }
                }
            }
            _ => {}
        }
    }

    fn metadata(&mut self, at: &str, kind: &str, path: &str, value: &Value) {
        match value {
            Value::Null => {}
            Value::Object(pairs) => {
                for (key, item) in pairs {
                    if !item.is_string() {
                        self.errors.push(format!("{at}: {kind} field `{path}.{key}` is {} where Stripe's metadata values are strings", json_type(item)));
                    }
                }
            }
            other => self.errors.push(format!("{at}: {kind} field `{path}` is {} where Stripe's metadata is an object", json_type(other))),
        }
    }

    /// Parses an answer with async-stripe's type of its kind (a list's items one by one).
    fn parse(&mut self, at: &str, value: &Value) {
        let kind = value["object"].as_str().unwrap_or_default();
        if kind == "list" || kind == "search_result" {
            for (i, item) in value["data"].as_array().into_iter().flatten().enumerate() {
                self.parse(&format!("{at} data[{i}]"), item);
            }
            return;
        }
        let text = value.to_string();
        let parsed = match kind {
            "charge" => parses::<stripe_shared::Charge>(&text),
            "customer" => parses::<stripe_shared::Customer>(&text),
            "dispute" => parses::<stripe_shared::Dispute>(&text),
            "invoice" => parses::<stripe_shared::Invoice>(&text),
            "invoice_payment" => parses::<stripe_shared::InvoicePayment>(&text),
            "payment_intent" => parses::<stripe_shared::PaymentIntent>(&text),
            "payment_method" => parses::<stripe_shared::PaymentMethod>(&text),
            "plan" => parses::<stripe_shared::Plan>(&text),
            "price" => parses::<stripe_shared::Price>(&text),
            "product" => parses::<stripe_shared::Product>(&text),
            "refund" => parses::<stripe_shared::Refund>(&text),
            "setup_intent" => parses::<stripe_shared::SetupIntent>(&text),
            "subscription" => parses::<stripe_shared::Subscription>(&text),
            "subscription_item" => parses::<stripe_shared::SubscriptionItem>(&text),
            "event" => {
                // As a webhook receiver gets it: signed, then parsed with its object by type.
                let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
                let header = signature_header(&text, WEBHOOK_SECRET, now);
                self.event(at, &text, &header);
                true
            }
            _ => false,
        };
        if !parsed {
            self.errors.push(format!("{at}: async-stripe does not parse this {kind}: {text}"));
        }
    }

    /// A delivered (or kept) event: its shape, its `data.object`'s, and async-stripe's webhook
    /// parsing of both (`Webhook::construct_event`, as crates/payments verifies them).
    fn event(&mut self, at: &str, payload: &str, signature: &str) {
        let value: Value = serde_json::from_str(payload).unwrap_or(Value::Null);
        self.kinds.insert("event".into());
        let kind = value["type"].as_str().unwrap_or_default().to_string();
        match Webhook::construct_event(payload, signature, WEBHOOK_SECRET) {
            Ok(event) if matches!(event.data.object, EventObject::Unknown(_)) => {
                self.errors.push(format!("{at}: async-stripe does not know the event type `{kind}`"));
            }
            Ok(_) => {}
            Err(error) => self.errors.push(format!("{at}: async-stripe does not parse the `{kind}` event ({error}): {payload}")),
        }
        let object = &value["data"]["object"];
        self.parse(&format!("{at} ({kind}) data.object"), object);
    }
}

fn parses<T: miniserde::Deserialize>(text: &str) -> bool {
    miniserde::json::from_str::<T>(text).is_ok()
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// One form-encoded request to the stand-in, as Stripe's clients send them: `(status, body)`.
fn call(stand_in: &StripeStandIn, key: &str, method: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let encoded: Vec<String> = form.iter().map(|(k, v)| format!("{}={}", encode(k), encode(v))).collect();
    let encoded = encoded.join("&");
    let (target, body) = if method == "GET" && !encoded.is_empty() { (format!("{path}?{encoded}"), String::new()) } else { (path.to_string(), encoded) };
    let host = stand_in.base_url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).expect("the stand-in answers");
    stream.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    // As async-stripe sends them: the API version it is pinned to, and a fresh key on every POST.
    let version = stripe_shared::version::VERSION;
    let mut head = format!(
        "{method} {target} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {key}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Stripe-Version: {}\r\nContent-Length: {}\r\nConnection: close\r\n",
        version.as_str(),
        body.len()
    );
    if method == "POST" {
        static NEXT_KEY: AtomicU64 = AtomicU64::new(0);
        head.push_str(&format!("Idempotency-Key: stripe-shapes-{}\r\n", NEXT_KEY.fetch_add(1, Ordering::Relaxed)));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("sent");
    stream.write_all(body.as_bytes()).expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let (head, body) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
    (status, serde_json::from_str(body).unwrap_or_else(|_| panic!("{method} {path}: not JSON: {body}")))
}

fn encode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

/// `POST`/`GET`/`DELETE` with the secret key that must answer 200: the answer, checked.
fn ok(shapes: &mut Shapes, stand_in: &StripeStandIn, method: &str, path: &str, form: &[(&str, &str)]) -> Value {
    ok_with(shapes, stand_in, SECRET_KEY, method, path, form)
}

fn ok_with(shapes: &mut Shapes, stand_in: &StripeStandIn, key: &str, method: &str, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, body) = call(stand_in, key, method, path, form);
    assert_eq!(status, 200, "{method} {path}: {body}");
    shapes.answer(&format!("{method} {path} {form:?}"), &body);
    body
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap_or_else(|| panic!("no id: {value}")).to_string()
}

/// Drives the stand-in through everything it answers: customers, cards, one-time payments (paid,
/// 3-D Secure, declined), refunds, SetupIntents, subscriptions (trial, none, 3-D Secure, with a
/// trial and 3-D Secure), their updates and ends, renewals, failed renewals and paying the open
/// invoice, and disputes. Every HTTP answer is checked as it comes.
fn drive(shapes: &mut Shapes, stand_in: &StripeStandIn) {
    let customer = ok(shapes, stand_in, "POST", "/v1/customers", &[("email", "reader@example.com"), ("name", "A Reader")]);
    let customer = id(&customer);
    ok(shapes, stand_in, "GET", "/v1/customers", &[("email", "reader@example.com")]);
    ok(shapes, stand_in, "GET", "/v1/customers/search", &[("query", "email:'reader@example.com'")]);
    ok(shapes, stand_in, "GET", &format!("/v1/customers/{customer}"), &[]);

    let card = |shapes: &mut Shapes, number: &str| {
        let pm = ok_with(shapes, stand_in, PUBLISHABLE_KEY, "POST", "/v1/payment_methods", &[("type", "card"), ("card[number]", number)]);
        id(&pm)
    };
    // One-time payments: paid at once, after 3-D Secure, declined.
    let pm = card(shapes, CARD_OK);
    ok(shapes, stand_in, "POST", &format!("/v1/payment_methods/{pm}/attach"), &[("customer", &customer)]);
    ok(shapes, stand_in, "GET", &format!("/v1/payment_methods/{pm}"), &[]);
    let paid = ok(
        shapes,
        stand_in,
        "POST",
        "/v1/payment_intents",
        &[
            ("amount", "4499"),
            ("currency", "usd"),
            ("customer", &customer),
            ("payment_method", &pm),
            ("confirm", "true"),
            ("description", "Gistbook Premium Lifetime"),
            ("receipt_email", "reader@example.com"),
            ("metadata[plan]", "lifetime"),
        ],
    );
    assert_eq!(paid["status"], "succeeded", "{paid}");
    let paid = id(&paid);
    let pm_3ds = card(shapes, CARD_3DS);
    let pending = ok(
        shapes,
        stand_in,
        "POST",
        "/v1/payment_intents",
        &[("amount", "999"), ("currency", "usd"), ("customer", &customer), ("payment_method", &pm_3ds), ("confirm", "true")],
    );
    assert_eq!(pending["status"], "requires_action", "{pending}");
    let pending = id(&pending);
    ok(shapes, stand_in, "GET", &format!("/v1/payment_intents/{pending}"), &[]);
    ok_with(shapes, stand_in, PUBLISHABLE_KEY, "POST", &format!("/v1/payment_intents/{pending}/test_approve"), &[]);
    let pm_declined = card(shapes, CARD_DECLINED);
    let unconfirmed = ok(shapes, stand_in, "POST", "/v1/payment_intents", &[("amount", "999"), ("currency", "usd"), ("customer", &customer)]);
    let unconfirmed = id(&unconfirmed);
    let (status, _) = call(stand_in, SECRET_KEY, "POST", &format!("/v1/payment_intents/{unconfirmed}/confirm"), &[("payment_method", &pm_declined)]);
    assert_eq!(status, 402);
    let declined = ok(shapes, stand_in, "GET", &format!("/v1/payment_intents/{unconfirmed}"), &[]);
    assert!(declined["last_payment_error"].is_object(), "{declined}");
    ok(shapes, stand_in, "GET", "/v1/payment_intents", &[("customer", &customer)]);
    ok(shapes, stand_in, "POST", "/v1/refunds", &[("payment_intent", &paid), ("amount", "1000")]);

    // A SetupIntent confirmed from the browser.
    let setup = ok(shapes, stand_in, "POST", "/v1/setup_intents", &[("customer", &customer), ("usage", "off_session")]);
    let (setup, secret) = (id(&setup), setup["client_secret"].as_str().unwrap_or_default().to_string());
    ok_with(shapes, stand_in, PUBLISHABLE_KEY, "POST", &format!("/v1/setup_intents/{setup}/confirm"), &[("payment_method", &pm), ("client_secret", &secret)]);
    ok(shapes, stand_in, "GET", &format!("/v1/setup_intents/{setup}"), &[]);

    // Subscriptions.
    ok(shapes, stand_in, "POST", "/v1/products", &[("id", "monthly"), ("name", "Premium Monthly")]);
    ok(shapes, stand_in, "GET", "/v1/products/monthly", &[]);
    ok(shapes, stand_in, "POST", "/v1/products", &[("id", "extra"), ("name", "A quiz report")]);
    let plan = |pm: &str, trial: Option<&str>| {
        let mut form = vec![
            ("customer", customer.clone()),
            ("default_payment_method", pm.to_string()),
            ("items[0][price_data][currency]", "usd".into()),
            ("items[0][price_data][unit_amount]", "999".into()),
            ("items[0][price_data][product]", "monthly".into()),
            ("items[0][price_data][recurring][interval]", "month".into()),
            ("metadata[plan]", "monthly".into()),
            ("expand[0]", "latest_invoice.confirmation_secret".into()),
            ("expand[1]", "pending_setup_intent".into()),
        ];
        if let Some(days) = trial {
            form.push(("trial_period_days", days.into()));
        }
        form
    };
    let subscribe = |shapes: &mut Shapes, form: Vec<(&'static str, String)>| {
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        ok(shapes, stand_in, "POST", "/v1/subscriptions", &form)
    };
    let pm_trial = card(shapes, "4000056655665556");
    let trialing = subscribe(shapes, plan(&pm_trial, Some("3")));
    assert_eq!(trialing["status"], "trialing", "{trialing}");
    let pm_active = card(shapes, "2223003122003222");
    let mut with_extra = plan(&pm_active, None);
    with_extra.extend([
        ("add_invoice_items[0][price_data][currency]", "usd".to_string()),
        ("add_invoice_items[0][price_data][unit_amount]", "500".to_string()),
        ("add_invoice_items[0][price_data][product]", "extra".to_string()),
    ]);
    let active = subscribe(shapes, with_extra);
    assert_eq!(active["status"], "active", "{active}");
    let pm_incomplete = card(shapes, CARD_3DS);
    let incomplete = subscribe(shapes, plan(&pm_incomplete, None));
    assert_eq!(incomplete["status"], "incomplete", "{incomplete}");
    assert!(incomplete["latest_invoice"].is_object(), "expanded: {incomplete}");
    let pm_trial_3ds = card(shapes, CARD_3DS);
    let trial_3ds = subscribe(shapes, plan(&pm_trial_3ds, Some("3")));
    assert!(trial_3ds["pending_setup_intent"].is_object(), "expanded: {trial_3ds}");
    let pending_setup = id(&trial_3ds["pending_setup_intent"]);
    ok_with(shapes, stand_in, PUBLISHABLE_KEY, "POST", &format!("/v1/setup_intents/{pending_setup}/test_approve"), &[]);

    let (trialing, active) = (id(&trialing), id(&active));
    ok(shapes, stand_in, "GET", &format!("/v1/subscriptions/{trialing}"), &[]);
    ok(shapes, stand_in, "GET", "/v1/subscriptions", &[("customer", &customer), ("status", "all")]);
    ok(shapes, stand_in, "POST", &format!("/v1/subscriptions/{trialing}"), &[("cancel_at_period_end", "true")]);
    ok(shapes, stand_in, "POST", &format!("/v1/subscriptions/{trialing}"), &[("default_payment_method", &pm)]);
    // Renewals: paid, failed, then the open invoice paid with a card; the end.
    stand_in.advance_subscription(&active, Advance::Renewal);
    let failed = stand_in.advance_subscription(&active, Advance::PaymentFailed);
    let open = failed.iter().find(|e| e["type"] == "invoice.payment_failed").map(|e| id(&e["data"]["object"])).expect("a failed invoice");
    let invoice = ok(shapes, stand_in, "POST", &format!("/v1/invoices/{open}/pay"), &[("payment_method", &pm)]);
    let renewal_intent = invoice["payments"]["data"][0]["payment"]["payment_intent"].as_str().expect("the invoice's payment").to_string();
    ok(shapes, stand_in, "GET", &format!("/v1/payment_intents/{renewal_intent}"), &[]);
    stand_in.advance_subscription(&trialing, Advance::Ended);
    ok(shapes, stand_in, "DELETE", &format!("/v1/subscriptions/{active}"), &[]);

    // Disputes: Stripe opens them; the stand-in's chargeback and won dispute send their events.
    assert!(stand_in.chargeback(&paid).is_some());
    assert!(stand_in.dispute_won(&paid).is_some());
}

/// Fails with every mismatch found, and when a kind of object was never checked.
fn assert_clean(shapes: &Shapes, kinds: &[&str]) {
    let missing: Vec<&&str> = kinds.iter().filter(|k| !shapes.kinds.contains(**k)).collect();
    assert!(missing.is_empty(), "never checked: {missing:?} (checked: {:?})", shapes.kinds);
    assert!(shapes.errors.is_empty(), "{} mismatch(es) with Stripe's shapes:\n{}", shapes.errors.len(), shapes.errors.join("\n"));
}

/// `(Stripe-Signature, body)` of each webhook delivered.
type Deliveries = Arc<Mutex<Vec<(String, String)>>>;

/// Receives webhooks on loopback.
fn webhook_receiver() -> (String, Deliveries) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let url = format!("http://{}/webhooks/stripe", listener.local_addr().expect("an address"));
    let received = Arc::new(Mutex::new(Vec::new()));
    let store = received.clone();
    std::thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(stream.try_clone().expect("a stream"));
            let (mut length, mut signature) = (0, String::new());
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 0) && !line.trim().is_empty() {
                if let Some((name, value)) = line.split_once(':') {
                    match name.trim().to_ascii_lowercase().as_str() {
                        "content-length" => length = value.trim().parse().unwrap_or(0),
                        "stripe-signature" => signature = value.trim().to_string(),
                        _ => {}
                    }
                }
                line.clear();
            }
            let mut body = vec![0; length];
            if reader.read_exact(&mut body).is_ok() {
                store.lock().expect("not poisoned").push((signature, String::from_utf8_lossy(&body).into_owned()));
            }
            let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        }
    });
    (url, received)
}

#[test]
fn every_answer_over_http_has_stripes_shape_and_parses() {
    let stand_in = StripeStandIn::start().expect("the Stripe stand-in");
    let mut shapes = Shapes::new();
    drive(&mut shapes, &stand_in);
    assert_clean(
        &shapes,
        &[
            "customer",
            "payment_method",
            "payment_intent",
            "setup_intent",
            "product",
            "subscription",
            "subscription_item",
            "price",
            "plan",
            "invoice",
            "invoice_payment",
            "refund",
            "list",
            "search_result",
        ],
    );
}

#[test]
fn every_event_and_webhook_has_stripes_shape_and_parses() {
    let stand_in = StripeStandIn::start().expect("the Stripe stand-in");
    let (url, received) = webhook_receiver();
    stand_in.set_webhook(&url, WEBHOOK_SECRET);
    drive(&mut Shapes::new(), &stand_in);
    let events = stand_in.events();
    // Events answered over HTTP are delivered after the answer: wait for all of them.
    let deadline = Instant::now() + Duration::from_secs(20);
    while received.lock().expect("not poisoned").len() < events.len() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let deliveries = received.lock().expect("not poisoned").clone();
    assert_eq!(deliveries.len(), events.len(), "every event is delivered");

    let mut shapes = Shapes::new();
    for (i, event) in events.iter().enumerate() {
        shapes.answer(&format!("events()[{i}] {}", event["type"]), event);
    }
    for (i, (signature, payload)) in deliveries.iter().enumerate() {
        let value: Value = serde_json::from_str(payload).expect("a JSON webhook");
        let at = format!("webhook {i} {}", value["type"]);
        shapes.object(&at, &value);
        shapes.event(&at, payload, signature);
    }
    let types: BTreeSet<&str> = events.iter().filter_map(|e| e["type"].as_str()).collect();
    for expected in [
        "payment_intent.succeeded",
        "charge.refunded",
        "customer.subscription.created",
        "customer.subscription.updated",
        "customer.subscription.deleted",
        "invoice.paid",
        "invoice.payment_failed",
        "charge.dispute.funds_withdrawn",
        "charge.dispute.funds_reinstated",
    ] {
        assert!(types.contains(expected), "no {expected} event among {types:?}");
    }
    assert_clean(&shapes, &["event", "payment_intent", "charge", "subscription", "invoice", "invoice_payment", "dispute"]);
}

/// The check itself: a field Stripe's object does not have, or a field of the wrong JSON type,
/// anywhere in an object (nested, in a list, in an event), fails and is named.
#[test]
fn the_check_names_invented_fields_and_wrong_types() {
    let stand_in = StripeStandIn::start().expect("the Stripe stand-in");
    let mut shapes = Shapes::new();
    drive(&mut shapes, &stand_in);
    assert!(shapes.errors.is_empty(), "{:?}", shapes.errors);
    let sub = stand_in.events().into_iter().find(|e| e["type"] == "customer.subscription.created").expect("an event");

    let mut invented = sub.clone();
    invented["data"]["object"]["items"]["data"][0]["price"]["recurring"]["standin_interval_days"] = json!(30);
    let mut wrong_type = sub.clone();
    wrong_type["data"]["object"]["cancel_at_period_end"] = json!("false");
    let mut wrong_list = sub.clone();
    wrong_list["data"]["object"]["items"]["total"] = json!(1);
    let mut bad_metadata = sub;
    bad_metadata["data"]["object"]["metadata"]["seats"] = json!(3);

    for (broken, expected) in [
        (invented, "price at `price.recurring` has a field Stripe's price has not: `standin_interval_days`"),
        (wrong_type, "subscription field `cancel_at_period_end` is string"),
        (wrong_list, "list has a field Stripe's list has not: `total`"),
        (bad_metadata, "subscription field `metadata.seats` is number"),
    ] {
        let mut shapes = Shapes::new();
        shapes.answer("broken", &broken);
        assert!(shapes.errors.iter().any(|e| e.contains(expected)), "expected `{expected}` among {:?}", shapes.errors);
    }

    // A kind async-stripe cannot parse (a required field of the wrong type) is named too.
    let mut unparsable = ok(&mut Shapes::new(), &stand_in, "GET", "/v1/subscriptions", &[("status", "all")]);
    unparsable["data"][0]["created"] = json!("yesterday");
    let mut shapes = Shapes::new();
    shapes.parse("unparsable", &unparsable);
    assert!(shapes.errors.iter().any(|e| e.contains("async-stripe does not parse this subscription")), "{:?}", shapes.errors);
}
