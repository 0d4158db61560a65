//! Reconciliation over HTTP, through the Stripe stand-in: the job repairs what drifted and the back
//! office reads its last report; a trial whose card asks for 3-D Secure gives nothing until the
//! page completed the card's SetupIntent.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::{CARD_3DS, CARD_OK};
use std::time::{Duration, Instant};

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

#[actix_web::test]
async fn the_reconcile_job_repairs_drifted_plan_fields_and_the_admin_reads_its_report() {
    // Passes 2 s apart: the report of the pass that repairs stays readable until the next one (at
    // 100 ms, a loaded machine saw the repairing pass's report replaced by a clean one first).
    let paying = spawn_paying_app_with(AppOptions { reconcile_interval: Some(Duration::from_secs(2)), ..AppOptions::default() }).await;
    let app = &paying.app;
    let admin = app.admin("boss@example.com", PASSWORD).await;
    let member = app.register("ada@example.com", PASSWORD).await;
    assert_eq!(result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&member)).await).await["status"], "succeeded");
    app.assert_admins_only(&[("GET", "/api/admin/reconcile".to_owned(), None)], &admin, &member).await;

    // A hand edit in the database: the stored plan says monthly until tomorrow.
    let user = app.user_id("ada@example.com");
    {
        use diesel::RunQueryDsl;
        let edit = format!("UPDATE users SET plan_id = 'monthly', end_paid_date = now() + interval '1 day' WHERE id = {user}");
        assert_eq!(diesel::sql_query(edit).execute(&mut app.connect()).unwrap(), 1);
    }
    let deadline = Instant::now() + Duration::from_secs(15);
    let report = loop {
        let answer = result(app.get("/api/admin/reconcile", Some(&admin)).await).await;
        let problems = answer["last"]["problems"].as_array().cloned().unwrap_or_default();
        if let Some(found) = problems.iter().find(|p| p["kind"] == "plan_fields_differ") {
            break (answer.clone(), found.clone());
        }
        assert!(Instant::now() < deadline, "the reconcile job did not report the drift within 15 s: {answer}");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    };
    let (answer, problem) = report;
    assert_eq!(problem["userId"], user);
    assert_eq!(problem["fixed"], true);
    assert!(problem["detail"].as_str().unwrap().contains("stored monthly until"), "{problem}");
    assert!(answer["last"]["chargesChecked"].as_u64().unwrap() >= 1);
    assert!(answer["last"]["finishedAt"].as_str().is_some());
    assert_eq!(stored_plan(app, "ada@example.com").0.as_deref(), Some("lifetime"));
    assert_eq!(stored_plan(app, "ada@example.com").2, None, "for life again");
    // The next whole pass finds everything matching.
    app.after_a_whole_pass("reconcile").await;
    let clean = result(app.get("/api/admin/reconcile", Some(&admin)).await).await;
    assert_eq!(clean["last"]["problems"], json!([]), "{clean}");
}

#[actix_web::test]
async fn a_trial_whose_card_asks_for_3_d_secure_gives_nothing_until_the_page_completed_it() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    let charge = result(paying.pay("monthly", json!({}), Some(CARD_3DS), Some(&token)).await).await;
    assert_eq!(charge["status"], "requires_action", "{charge}");
    let secret = charge["clientSecret"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("seti_"), "the trial's SetupIntent, for confirmCardSetup: {secret}");
    let charge_id = charge["chargeId"].as_str().unwrap().to_owned();
    assert_eq!(stored_plan(app, "ada@example.com").0, None, "nothing until the bank agrees");

    let early = app.post("/api/charge/confirm", &json!({"chargeId": charge_id}), Some(&token)).await;
    assert_eq!(early.status(), StatusCode::CONFLICT, "still waiting for 3-D Secure");
    assert_eq!(stored_plan(app, "ada@example.com").0, None);

    let setup = secret.split("_secret_").next().unwrap();
    assert!(paying.stripe.approve_setup_3ds(setup));
    let confirmed = result(app.post("/api/charge/confirm", &json!({"chargeId": charge_id}), Some(&token)).await).await;
    assert_eq!(confirmed["status"], "succeeded", "{confirmed}");
    assert_eq!(stored_plan(app, "ada@example.com").0.as_deref(), Some("monthly"));
    let reference = charges(app)[0].5.clone();
    assert_eq!(subscription_status(app, &charge_id).as_deref(), Some("trialing"));
    let at_stripe = paying.stripe.subscription(&reference).unwrap();
    assert_eq!(at_stripe["pending_setup_intent"], Value::Null, "the card is set up for the first renewal");
    assert_eq!(app.wait_for_mails_to("ada@example.com", 1).await.len(), 1, "one receipt");
}

#[actix_web::test]
async fn a_card_payment_whose_answer_stripe_dropped_is_looked_up_and_given_once_never_called_unpaid() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    let token = app.register("ada@example.com", PASSWORD).await;
    // Stripe charges the card, then the connection drops before its answer arrives.
    paying.stripe.drop_next_answer("/v1/payment_intents");
    let answer = result(paying.pay("lifetime", json!({}), Some(CARD_OK), Some(&token)).await).await;
    assert_eq!(answer["status"], "succeeded", "found by our charge id, not 'Nothing was charged': {answer}");
    assert_eq!(paying.stripe.charge_count(), 1, "charged once");
    assert_eq!(stored_plan(app, "ada@example.com").0.as_deref(), Some("lifetime"));
    let rows = charges(app);
    assert_eq!(rows.len(), 1);
    assert!(rows[0].5.starts_with("pi_"), "the payment is named: {rows:?}");
    assert_eq!(app.wait_for_mails_to("ada@example.com", 1).await.len(), 1, "one receipt");
    assert_eq!(paying.stripe.unversioned_requests(), Vec::<String>::new(), "every request named the API version");
}

#[actix_web::test]
async fn an_operators_lifetime_grant_survives_the_reconcile_job() {
    let paying = spawn_paying_app_with(AppOptions { reconcile_interval: Some(Duration::from_millis(100)), ..AppOptions::default() }).await;
    let app = &paying.app;
    app.register("gift@example.com", PASSWORD).await;
    // What `cargo xtask seed` and the operators' command do for the demo's Premium member.
    assert!(db::operators::grant_lifetime_plan(&mut app.connect(), &kernel::Email::parse("gift@example.com").unwrap()).unwrap());
    assert!(db::operators::grant_lifetime_plan(&mut app.connect(), &kernel::Email::parse("gift@example.com").unwrap()).unwrap(), "twice is once");
    app.after_a_whole_pass("reconcile").await;
    app.after_a_whole_pass("reconcile").await;
    assert_eq!(stored_plan(app, "gift@example.com").0.as_deref(), Some("lifetime"), "not taken back by reconcile");
    assert_eq!(stored_plan(app, "gift@example.com").2, None);
}
