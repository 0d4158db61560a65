//! Test apps with payment providers played by the local stand-ins (the real adapters, the real
//! HTTP), and helpers to pay, wait for webhooks and read billing rows.

use super::*;
use stand_ins::stripe::StripeStandIn;

pub struct PayingApp {
    pub app: TestApp,
    pub stripe: StripeStandIn,
    pub paypal: stand_ins::paypal::PayPalStandIn,
}

/// The settings that point the server at running stand-ins.
pub fn stand_in_settings(stripe: &StripeStandIn, paypal: &stand_ins::paypal::PayPalStandIn) -> server::PaymentSettings {
    server::PaymentSettings {
        stripe: Some(::payments::stripe::StripeSettings {
            secret_key: stand_ins::stripe::SECRET_KEY.into(),
            api_base: stripe.base_url.clone(),
            webhook_secret: stand_ins::stripe::WEBHOOK_SECRET.into(),
        }),
        stripe_publishable_key: Some(stand_ins::stripe::PUBLISHABLE_KEY.into()),
        stripe_js_url: format!("{}/v3/", stripe.base_url),
        paypal: Some(::payments::paypal::PayPalSettings {
            client_id: stand_ins::paypal::CLIENT_ID.into(),
            client_secret: stand_ins::paypal::CLIENT_SECRET.into(),
            api_base: paypal.base_url.clone(),
            webhook_id: stand_ins::paypal::WEBHOOK_ID.into(),
        }),
        paypal_sdk_url: format!("{}/sdk/js", paypal.base_url),
        test_mode: true,
    }
}

/// An app whose Stripe and PayPal are stand-ins that deliver their webhooks to it.
pub async fn spawn_paying_app() -> PayingApp {
    spawn_paying_app_with(AppOptions::default()).await
}

pub async fn spawn_paying_app_with(mut options: AppOptions) -> PayingApp {
    let stripe = StripeStandIn::start().expect("the Stripe stand-in");
    let paypal = stand_ins::paypal::PayPalStandIn::start().expect("the PayPal stand-in");
    options.payments = Some(stand_in_settings(&stripe, &paypal));
    let app = spawn_app_with(options).await;
    stripe.set_webhook(&app.url("/api/webhooks/stripe"), stand_ins::stripe::WEBHOOK_SECRET);
    paypal.set_webhook(&app.url("/api/webhooks/paypal"));
    PayingApp { app, stripe, paypal }
}

impl PayingApp {
    /// A PaymentMethod for a test card, as Stripe.js would make it in the browser.
    pub fn card(&self, number: &str) -> String {
        self.stripe.create_payment_method(number)
    }

    /// POST /api/charge/process/{plan} with `body` (a token is added for `card` when given).
    pub async fn pay(&self, plan: &str, mut body: Value, card: Option<&str>, token: Option<&str>) -> Response {
        if let Some(number) = card {
            body["token"] = json!(self.card(number));
        }
        self.app.post(&format!("/api/charge/process/{plan}"), &body, token).await
    }
}

/// Polls `check` every 50 ms until it holds (webhooks arrive after the answer, as from Stripe), for
/// up to 15 s: a busy machine is slow, not wrong.
pub async fn eventually<T>(what: &str, mut check: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(found) = check() {
            return found;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The member's plan fields as stored: (plan_id, paid_date, end_paid_date).
pub fn stored_plan(app: &TestApp, email: &str) -> (Option<String>, Option<chrono::DateTime<Utc>>, Option<chrono::DateTime<Utc>>) {
    use db::schema::users;
    use diesel::prelude::*;
    users::table.filter(users::email.eq(email)).select((users::plan_id, users::paid_date, users::end_paid_date)).first(&mut app.connect()).expect("the member")
}

/// Every charge: (id, email, plan, amount, status, provider reference).
pub fn charges(app: &TestApp) -> Vec<(String, String, String, i64, String, String)> {
    use db::schema::charges;
    use diesel::prelude::*;
    charges::table
        .order(charges::created_at)
        .select((charges::id, charges::email, charges::plan_id, charges::amount_cents, charges::status, charges::reference))
        .load(&mut app.connect())
        .expect("charges")
}

/// A subscription's stored status.
pub fn subscription_status(app: &TestApp, charge_id: &str) -> Option<String> {
    use db::schema::subscriptions;
    use diesel::prelude::*;
    subscriptions::table.find(charge_id).select(subscriptions::status).first(&mut app.connect()).optional().expect("subscription")
}
