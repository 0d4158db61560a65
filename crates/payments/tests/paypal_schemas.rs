//! Our PayPal client's requests, the PayPal stand-in's answers and its webhook events, checked
//! against PayPal's published OpenAPI documents (`tests/vendor/paypal`, Apache-2.0): each call is
//! found in its document by method and path, its request body is checked against the operation's
//! `requestBody` schema and the answer against the schema of the status the stand-in gave.
//! `#/components/...` references resolve inside their document (a registry of the four, offline).

use billing::gateway::{CaptureOutcome, PayPalOrderRequest, PayPalPayments, PayPalSubscriptionRequest, RenewingSubscriptions, WebhookVerifier};
use billing::model::{Cents, Interval};
use jsonschema::{Draft, Registry, Validator};
use payments::paypal::{PayPalClient, PayPalSettings, PayPalWebhooks, PlanTerms};
use serde_json::{json, Value};
use stand_ins::paypal::{Advance, Exchange, PayPalStandIn, CLIENT_ID, CLIENT_SECRET, PLAN_MONTHLY, WEBHOOK_ID};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

const ORDERS: &str = "urn:paypal:checkout_orders_v2";
const SUBSCRIPTIONS: &str = "urn:paypal:billing_subscriptions_v1";
const PAYMENTS: &str = "urn:paypal:payments_payment_v2";
const WEBHOOKS: &str = "urn:paypal:notifications_webhooks_v1";

const DOCUMENTS: [(&str, &str); 4] = [
    (ORDERS, include_str!("vendor/paypal/checkout_orders_v2.json")),
    (SUBSCRIPTIONS, include_str!("vendor/paypal/billing_subscriptions_v1.json")),
    (PAYMENTS, include_str!("vendor/paypal/payments_payment_v2.json")),
    (WEBHOOKS, include_str!("vendor/paypal/notifications_webhooks_v1.json")),
];

/// The operation a call is: its document and its place there.
struct Operation<'d> {
    uri: &'static str,
    document: &'d Value,
    /// `POST /v2/checkout/orders/{id}/capture`
    name: String,
    operation: &'d Value,
}

/// PayPal's four documents, parsed and registered for `$ref`s, with compiled schemas kept.
struct Documents {
    parsed: Vec<(&'static str, Value)>,
    registry: Registry<'static>,
    compiled: RefCell<HashMap<String, Validator>>,
}

impl Documents {
    fn load() -> Documents {
        let parsed: Vec<(&'static str, Value)> =
            DOCUMENTS.iter().map(|(uri, text)| (*uri, serde_json::from_str(text).unwrap_or_else(|e| panic!("{uri} is not JSON: {e}")))).collect();
        // OpenAPI 3.0's schema objects are JSON Schema draft 4 (wright-00) with extensions.
        let mut builder = Registry::new().draft(Draft::Draft4);
        for (uri, document) in &parsed {
            builder = builder.add(*uri, Draft::Draft4.create_resource(document.clone())).expect("a URI");
        }
        let registry = builder.prepare().expect("PayPal's documents register");
        Documents { parsed, registry, compiled: RefCell::new(HashMap::new()) }
    }

    /// The operation of `method` on `path` (`/v2/checkout/orders/O-1`), in whichever document has it.
    fn operation(&self, method: &str, path: &str) -> Option<Operation<'_>> {
        let path = path.trim_end_matches('/');
        self.parsed.iter().find_map(|(uri, document)| {
            let (template, item) = document["paths"].as_object()?.iter().find(|(template, item)| {
                let (template, actual): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
                template.len() == actual.len()
                    && template.iter().zip(&actual).all(|(t, a)| t == a || (t.starts_with('{') && t.ends_with('}') && !a.is_empty()))
                    && item.get(method.to_ascii_lowercase()).is_some()
            })?;
            Some(Operation { uri, document, name: format!("{method} {template}"), operation: &item[method.to_ascii_lowercase()] })
        })
    }

    /// What `instance` breaks of `schema`, a schema object of the document `uri`.
    fn errors(&self, uri: &str, schema: &Value, instance: &Value) -> Vec<String> {
        let schema = absolute(schema, uri);
        let key = schema.to_string();
        let mut compiled = self.compiled.borrow_mut();
        let validator = compiled.entry(key).or_insert_with(|| {
            jsonschema::options()
                .with_draft(Draft::Draft4)
                .with_registry(&self.registry)
                .should_validate_formats(true)
                .offline()
                .build(&schema)
                .unwrap_or_else(|e| panic!("PayPal's schema {schema} does not compile: {e}"))
        });
        validator.iter_errors(instance).map(|e| format!("at {:?}: {e}", e.instance_path().as_str())).collect()
    }

    /// `#/components/schemas/{name}` of the document `uri`.
    fn schema_errors(&self, uri: &str, name: &str, instance: &Value) -> Vec<String> {
        self.errors(uri, &json!({"$ref": format!("#/components/schemas/{name}")}), instance)
    }

    /// What is wrong with one exchange by PayPal's documents: its request body against the
    /// operation's `requestBody`, its answer against the response of its status. `None` when no
    /// document has the operation.
    fn check(&self, exchange: &Exchange) -> Option<(String, Vec<String>)> {
        let op = self.operation(&exchange.method, &exchange.path)?;
        let mut problems = Vec::new();
        let request_body = followed(op.document, &op.operation["requestBody"]);
        match request_body["content"]["application/json"].get("schema") {
            Some(schema) => match serde_json::from_str::<Value>(&exchange.request_body) {
                Ok(body) => problems.extend(self.errors(op.uri, schema, &body).into_iter().map(|e| format!("request {e}"))),
                Err(_) if exchange.request_body.is_empty() && request_body["required"] != true => {}
                Err(e) => problems.push(format!("the request body is not JSON ({e}): {:?}", exchange.request_body)),
            },
            None if !exchange.request_body.is_empty() => problems.push(format!("a request body where PayPal takes none: {:?}", exchange.request_body)),
            None => {}
        }
        let responses = &op.operation["responses"];
        let status = exchange.status.to_string();
        if (200..300).contains(&exchange.status) && responses.get(&status).is_none() {
            problems.push(format!("PayPal does not answer {status} to this call"));
        }
        let response = followed(op.document, responses.get(&status).unwrap_or(&responses["default"]));
        match response["content"]["application/json"].get("schema") {
            Some(schema) => match serde_json::from_str::<Value>(&exchange.response_body) {
                Ok(body) => problems.extend(self.errors(op.uri, schema, &body).into_iter().map(|e| format!("answer {status} {e}"))),
                Err(e) => problems.push(format!("the answer {status} is not JSON ({e}): {:?}", exchange.response_body)),
            },
            None if !exchange.response_body.is_empty() => problems.push(format!("a body in the answer {status}, which PayPal sends empty")),
            None => {}
        }
        Some((op.name, problems))
    }

    /// What is wrong with a webhook event: the envelope against the webhooks document's `event`,
    /// its resource against the resource's own schema where a document has it (a v1 sale has none).
    fn event_errors(&self, event: &Value) -> Vec<String> {
        let mut errors = self.schema_errors(WEBHOOKS, "event", event);
        let resource = match event["resource_type"].as_str() {
            Some("subscription") => Some((SUBSCRIPTIONS, "subscription")),
            Some("checkout-order") => Some((ORDERS, "order")),
            Some("capture") => Some((PAYMENTS, "capture-2")),
            Some("refund") => Some((PAYMENTS, "refund")),
            _ => None,
        };
        if let Some((uri, name)) = resource {
            errors.extend(self.schema_errors(uri, name, &event["resource"]).into_iter().map(|e| format!("resource ({name}) {e}")));
        }
        errors
    }
}

/// `value` with each `$ref` that points into its own document (`#/...`) made absolute (`uri#/...`).
fn absolute(value: &Value, uri: &str) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, v)| match (key.as_str(), v.as_str()) {
                    ("$ref", Some(reference)) if reference.starts_with('#') => (key.clone(), json!(format!("{uri}{reference}"))),
                    _ => (key.clone(), absolute(v, uri)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(|v| absolute(v, uri)).collect()),
        other => other.clone(),
    }
}

/// A response or request body object, its `$ref` (`#/components/responses/default`) followed.
fn followed<'d>(document: &'d Value, object: &'d Value) -> &'d Value {
    match object["$ref"].as_str().and_then(|r| r.strip_prefix('#')) {
        Some(pointer) => document.pointer(pointer).unwrap_or_else(|| panic!("{pointer} is not in the document")),
        None => object,
    }
}

fn settings(base: &str) -> PayPalSettings {
    PayPalSettings { client_id: CLIENT_ID.into(), client_secret: CLIENT_SECRET.into(), api_base: base.into(), webhook_id: WEBHOOK_ID.into() }
}

fn order(cents: i64, charge_id: &str) -> PayPalOrderRequest {
    PayPalOrderRequest { amount: Cents(cents), description: "Gistbook Premium Lifetime".into(), charge_id: charge_id.into() }
}

fn subscription(plan: &str, setup_fee: i64, email: Option<&str>, charge_id: &str) -> PayPalSubscriptionRequest {
    PayPalSubscriptionRequest {
        paypal_plan: plan.into(),
        amount: Cents(799),
        setup_fee: Cents(setup_fee),
        interval: Interval::Month,
        trial_days: 3,
        email: email.map(str::to_string),
        charge_id: charge_id.into(),
    }
}

/// Every call the client makes, with the answers it handles (success and PayPal's refusals).
fn every_call(stand_in: &PayPalStandIn) {
    let client = PayPalClient::new(&settings(&stand_in.base_url)).unwrap().returning_to("https://gistbook.test");
    let webhooks = PayPalWebhooks::new(&settings(&stand_in.base_url)).unwrap();

    // Orders: create, capture before approval (422), capture, capture again (422, then read).
    let id = client.create_order(&order(16198, "ch_schema_order")).unwrap();
    assert!(matches!(client.capture_order(&id).unwrap(), CaptureOutcome::Refused { .. }));
    assert!(stand_in.approve(&id));
    let CaptureOutcome::Captured { capture, .. } = client.capture_order(&id).unwrap() else { panic!("captured") };
    assert!(matches!(client.capture_order(&id).unwrap(), CaptureOutcome::Captured { .. }));
    assert!(matches!(client.capture_order("ORDER-NOPE").unwrap(), CaptureOutcome::Refused { .. }));
    // An expired token: 401, then a new one.
    stand_in.expire_tokens();
    client.create_order(&order(5, "ch_schema_small")).unwrap();

    // Subscriptions: create (with a setup fee and an email, and without), read pending, running,
    // renewed; cancel; unknown plan and subscription (404).
    let sub = client.create_subscription(&subscription(PLAN_MONTHLY, 1500, Some("reader@example.com"), "ch_schema_sub")).unwrap();
    client.create_subscription(&subscription(PLAN_MONTHLY, 0, None, "ch_schema_sub2")).unwrap();
    assert!(client.paypal_subscription(&sub).unwrap().is_some());
    assert!(stand_in.approve(&sub));
    assert!(client.subscription(&sub).unwrap().is_some());
    stand_in.advance_subscription(&sub, Advance::Renewal);
    assert!(client.subscription(&sub).unwrap().is_some());
    client.cancel_at_period_end(&sub).unwrap();
    assert!(client.paypal_subscription("I-NOPE").unwrap().is_none());
    assert!(client.create_subscription(&subscription("P-NOPE", 0, None, "ch_schema_noplan")).is_err());
    let failing = client.create_subscription(&subscription(PLAN_MONTHLY, 0, None, "ch_schema_sub3")).unwrap();
    assert!(stand_in.approve(&failing));
    stand_in.advance_subscription(&failing, Advance::PaymentFailed);
    stand_in.advance_subscription(&failing, Advance::Ended);

    // Billing plans (the back office's trial edits): the current plan read, the product's plans
    // listed and read, a new plan made; then found again without making another.
    let week = PlanTerms { interval: Interval::Month, trial_days: 7 };
    let made = client.plan_for(PLAN_MONTHLY, "Gistbook Premium Monthly", week, Cents(999)).unwrap();
    assert_ne!(made, PLAN_MONTHLY);
    assert_eq!(client.plan_for(PLAN_MONTHLY, "Gistbook Premium Monthly", week, Cents(999)).unwrap(), made);
    let three_days = PlanTerms { interval: Interval::Month, trial_days: 3 };
    assert_eq!(client.plan_for(&made, "Gistbook Premium Monthly", three_days, Cents(999)).unwrap(), PLAN_MONTHLY);

    // Webhooks: every event verified (SUCCESS), a forged one (FAILURE); a refund without
    // related ids reads its capture, and one whose capture is unknown (404).
    let refunded = stand_in.refund_capture(&capture).expect("refunded");
    for event in stand_in.events() {
        let delivery = stand_in.sign_event(&event);
        assert!(webhooks.verify(&delivery.body, &delivery.headers).is_ok(), "{event}");
    }
    let forged = stand_in.forge(&refunded);
    assert!(webhooks.verify(&forged.body, &forged.headers).is_err());
    let mut bare = refunded.clone();
    bare["resource"].as_object_mut().unwrap().remove("supplementary_data");
    let delivery = stand_in.sign_event(&bare);
    webhooks.verify(&delivery.body, &delivery.headers).unwrap();
    let up = bare["resource"]["links"][1]["href"].as_str().unwrap().replace(&capture, "CAPTURE-NOPE");
    bare["resource"]["links"][1]["href"] = json!(up);
    let delivery = stand_in.sign_event(&bare);
    webhooks.verify(&delivery.body, &delivery.headers).unwrap();
}

#[test]
fn every_call_our_client_makes_matches_paypals_openapi_documents() {
    let documents = Documents::load();
    let stand_in = PayPalStandIn::start().expect("the PayPal stand-in");
    every_call(&stand_in);

    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    let mut undocumented = BTreeSet::new();
    for exchange in stand_in.exchanges() {
        match documents.check(&exchange) {
            Some((operation, errors)) => {
                problems.extend(errors.into_iter().map(|e| format!("{} {} -> {}: {e}", exchange.method, exchange.path, exchange.status)));
                seen.insert(format!("{operation} {}", exchange.status));
            }
            None => {
                undocumented.insert(format!("{} {}", exchange.method, exchange.path));
            }
        }
    }
    assert!(problems.is_empty(), "against PayPal's OpenAPI documents:\n{}", problems.join("\n"));
    // The OAuth token call is in none of the four documents (PayPal documents it apart).
    assert_eq!(undocumented, BTreeSet::from(["POST /v1/oauth2/token".to_string()]));
    let expected = [
        "POST /v2/checkout/orders 201",
        "POST /v2/checkout/orders 401",
        "POST /v2/checkout/orders/{id}/capture 201",
        "POST /v2/checkout/orders/{id}/capture 404",
        "POST /v2/checkout/orders/{id}/capture 422",
        "GET /v2/checkout/orders/{id} 200",
        "GET /v2/payments/captures/{capture_id} 200",
        "GET /v2/payments/captures/{capture_id} 404",
        "POST /v1/billing/subscriptions 201",
        "POST /v1/billing/subscriptions 404",
        "GET /v1/billing/subscriptions/{id} 200",
        "GET /v1/billing/subscriptions/{id} 404",
        "POST /v1/billing/subscriptions/{id}/cancel 204",
        "POST /v1/notifications/verify-webhook-signature 200",
        "GET /v1/billing/plans/{id} 200",
        "GET /v1/billing/plans 200",
        "POST /v1/billing/plans 201",
    ];
    let missing: Vec<&str> = expected.into_iter().filter(|call| !seen.contains(*call)).collect();
    assert!(missing.is_empty(), "not exercised: {missing:?} (seen: {seen:?})");
}

#[test]
fn the_stand_ins_webhook_events_match_paypals_event_schema() {
    let documents = Documents::load();
    let stand_in = PayPalStandIn::start().expect("the PayPal stand-in");
    every_call(&stand_in);
    let events = stand_in.events();
    let kinds: BTreeSet<&str> = events.iter().filter_map(|e| e["event_type"].as_str()).collect();
    for kind in [
        "CHECKOUT.ORDER.APPROVED",
        "PAYMENT.CAPTURE.COMPLETED",
        "PAYMENT.CAPTURE.REFUNDED",
        "BILLING.SUBSCRIPTION.ACTIVATED",
        "PAYMENT.SALE.COMPLETED",
        "BILLING.SUBSCRIPTION.CANCELLED",
        "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
        "BILLING.SUBSCRIPTION.SUSPENDED",
        "BILLING.SUBSCRIPTION.EXPIRED",
    ] {
        assert!(kinds.contains(kind), "no {kind} among {kinds:?}");
    }
    let refunded_sale = stand_in.refund_sale(events.iter().find(|e| e["event_type"] == "PAYMENT.SALE.COMPLETED").unwrap()["resource"]["id"].as_str().unwrap());
    let problems: Vec<String> = events
        .iter()
        .chain(refunded_sale.as_ref())
        .flat_map(|event| documents.event_errors(event).into_iter().map(move |e| format!("{}: {e}", event["event_type"])))
        .collect();
    assert!(problems.is_empty(), "against PayPal's event schemas:\n{}", problems.join("\n"));
}

/// The check is not empty: what PayPal would refuse is caught, in a request, an answer and an event.
#[test]
fn a_body_paypal_would_refuse_fails_the_check() {
    let documents = Documents::load();
    let exchange = |method: &str, path: &str, request: Value, status: u16, response: Value| Exchange {
        method: method.into(),
        path: path.into(),
        request_body: request.to_string(),
        status,
        response_body: response.to_string(),
    };
    let good_order = json!({"intent": "CAPTURE", "purchase_units": [{"amount": {"currency_code": "USD", "value": "10.99"}}]});
    let created = json!({"id": "ORDER-1", "status": "CREATED"});
    let (operation, errors) = documents.check(&exchange("POST", "/v2/checkout/orders", good_order.clone(), 201, created.clone())).unwrap();
    assert_eq!((operation.as_str(), errors), ("POST /v2/checkout/orders", Vec::<String>::new()));

    // An amount as a JSON number, an unknown intent.
    let mut bad_order = good_order.clone();
    bad_order["purchase_units"][0]["amount"]["value"] = json!(10.99);
    bad_order["intent"] = json!("BUY");
    let (_, errors) = documents.check(&exchange("POST", "/v2/checkout/orders", bad_order, 201, created.clone())).unwrap();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors.iter().all(|e| e.starts_with("request")), "{errors:?}");

    // An order status PayPal has not, a 422 issue the capture call cannot give, a body on a 204.
    let (_, errors) = documents.check(&exchange("POST", "/v2/checkout/orders", good_order, 201, json!({"id": "ORDER-1", "status": "PAID"}))).unwrap();
    assert!(matches!(errors.as_slice(), [e] if e.starts_with("answer 201")), "{errors:?}");
    let refusal = json!({"name": "UNPROCESSABLE_ENTITY", "message": "No.", "debug_id": "x", "details": [{"issue": "NOT_AN_ISSUE_OF_CAPTURE"}]});
    let (_, errors) = documents.check(&exchange("POST", "/v2/checkout/orders/O-1/capture", json!({}), 422, refusal)).unwrap();
    assert!(!errors.is_empty());
    let (_, errors) = documents.check(&exchange("POST", "/v1/billing/subscriptions/I-1/cancel", json!({"reason": "x"}), 204, json!({}))).unwrap();
    assert!(!errors.is_empty());
    let (_, errors) = documents.check(&exchange("POST", "/v1/billing/subscriptions/I-1/cancel", json!({}), 204, json!({}))).unwrap();
    assert!(errors.iter().any(|e| e.starts_with("request")), "the reason is required: {errors:?}");

    // A webhook id PayPal would not have given, an event whose resource is not a subscription.
    let event = json!({"id": "WH-1", "event_type": "BILLING.SUBSCRIPTION.ACTIVATED", "resource_type": "subscription", "resource_version": "2.0",
        "resource": {"id": "I-1", "status": "RUNNING"}, "links": [{"href": "https://x", "rel": "self"}]});
    let verify = json!({"auth_algo": "SHA256withRSA", "cert_url": "https://api.paypal.com/cert", "transmission_id": "t1", "transmission_sig": "sig",
        "transmission_time": "2026-01-01T00:00:00Z", "webhook_id": "WH-NOT-ALPHANUMERIC", "webhook_event": event});
    let (_, errors) =
        documents.check(&exchange("POST", "/v1/notifications/verify-webhook-signature", verify, 200, json!({"verification_status": "SUCCESS"}))).unwrap();
    assert!(matches!(errors.as_slice(), [e] if e.contains("webhook_id")), "{errors:?}");
    let errors = documents.event_errors(&event);
    assert!(matches!(errors.as_slice(), [e] if e.contains("RUNNING")), "{errors:?}");
    assert!(documents.operation("GET", "/v1/oauth2/token").is_none());
}
