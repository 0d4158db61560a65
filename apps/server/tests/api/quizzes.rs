//! The quizzes over HTTP: the questions, scoring for visitors and members (kept on the server),
//! and the full report sold by the quiz-results plans (JSON and PDF), refused until bought.

use crate::common;

use common::payments::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{json, Value};
use stand_ins::stripe::CARD_OK;

async fn result(response: reqwest::Response) -> Value {
    ok_body(response, StatusCode::OK).await["result"].clone()
}

#[actix_web::test]
async fn the_quizzes_answer_their_questions_and_score_visitors_without_keeping_anything() {
    let app = spawn_app().await;
    let quiz = result(app.get("/api/quizzes/quiz", None).await).await;
    assert_eq!(quiz["questions"].as_array().unwrap().len(), 18);
    assert_eq!(quiz["types"].as_array().unwrap().len(), 9);
    assert_eq!(quiz["types"][0], json!({"name": "Linguistic", "questions": 2, "summary": quiz["types"][0]["summary"].clone()}));
    let personality = result(app.get("/api/quizzes/personality-quiz", None).await).await;
    assert_eq!(personality["questions"].as_array().unwrap().len(), 15);
    let questions: Vec<u64> = personality["types"].as_array().unwrap().iter().map(|t| t["questions"].as_u64().unwrap()).collect();
    assert_eq!(questions, vec![4, 4, 4, 3]);
    assert_eq!(app.get("/api/quizzes/horoscope", None).await.status(), StatusCode::NOT_FOUND);

    let scored = result(app.post("/api/quiz-results/quiz", &json!({"counts": {"Musical": 2, "Spatial": 1, "Existential": 2}}), None).await).await;
    let top: Vec<&str> = scored["top"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(top, vec!["Musical", "Existential"]);
    assert_eq!(scored["top"][0]["score"], 1.0);
    assert_eq!((scored["saved"].clone(), scored["fullReport"].clone(), scored["reportPlanId"].clone()), (json!(false), json!(false), json!("quiz-results")));
    assert_eq!(scored["counts"]["Linguistic"], 0, "every type is counted");
    // A personality tie goes to the higher share: Blue's 3 of 3 beats Yellow's 3 of 4.
    let colour = result(app.post("/api/quiz-results/personality-quiz", &json!({"counts": {"Yellow": 3, "Blue": 3}}), None).await).await;
    assert_eq!(colour["top"].as_array().unwrap().len(), 1);
    assert_eq!(colour["top"][0]["name"], "Blue");

    for bad in [json!({"counts": {"Musical": 3}}), json!({"counts": {"Purple": 1}}), json!({"counts": {"Musical": -1}})] {
        let response = app.post("/api/quiz-results/quiz", &bad, None).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    assert_error(
        app.post("/api/quiz-results/quiz", &json!({"counts": {"Musical": 3}}), None).await,
        StatusCode::BAD_REQUEST,
        "invalid_form",
        "These answers do not match the quiz.",
    )
    .await;
    assert_eq!(common::count(&mut app.connect(), "SELECT count(*) FROM quiz_results"), 0);
    assert_eq!(app.get("/api/quiz-results/quiz", None).await.status(), StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn a_member_keeps_results_and_the_full_report_unlocks_with_the_quiz_results_plan() {
    let paying = spawn_paying_app().await;
    let app = &paying.app;
    app.seed_catalogue();
    let ada = app.register("ada@example.com", PASSWORD).await;

    assert_error(app.get("/api/quiz-results/personality-quiz", Some(&ada)).await, StatusCode::NOT_FOUND, "not_found", "You have not taken this quiz yet.")
        .await;
    result(app.post("/api/quiz-results/personality-quiz", &json!({"counts": {"Green": 1}}), Some(&ada)).await).await;
    let kept = result(app.post("/api/quiz-results/personality-quiz", &json!({"counts": {"Red": 4, "Green": 2}}), Some(&ada)).await).await;
    assert_eq!((kept["saved"].clone(), kept["fullReport"].clone()), (json!(true), json!(false)));
    // Another device: the latest results come back from the server.
    let again = result(app.get("/api/quiz-results/personality-quiz", Some(&ada)).await).await;
    assert_eq!(again["top"][0]["name"], "Red");
    assert_eq!(again["counts"]["Green"], 2);

    assert_error(
        app.get("/api/quiz-results/personality-quiz/report", Some(&ada)).await,
        StatusCode::FORBIDDEN,
        "report_not_bought",
        "The full report comes with the quiz results plan.",
    )
    .await;
    assert_eq!(app.get("/api/quiz-results/personality-quiz/report.pdf", Some(&ada)).await.status(), StatusCode::FORBIDDEN);

    // A visitor cannot buy a report (it belongs to an account).
    let guest = paying.pay("personality-quiz-results", json!({"email": "guest@example.com"}), Some(CARD_OK), None).await;
    assert_error(guest, StatusCode::FORBIDDEN, "account_needed", "Please log in or sign up to buy your full report.").await;
    // The intelligence report does not unlock the personality one.
    ok_body(paying.pay("quiz-results", json!({}), Some(CARD_OK), Some(&ada)).await, StatusCode::OK).await;
    assert_eq!(app.get("/api/quiz-results/personality-quiz/report", Some(&ada)).await.status(), StatusCode::FORBIDDEN);
    ok_body(paying.pay("personality-quiz-results", json!({}), Some(CARD_OK), Some(&ada)).await, StatusCode::OK).await;

    let unlocked = result(app.get("/api/quiz-results/personality-quiz", Some(&ada)).await).await;
    assert_eq!(unlocked["fullReport"], true);
    let report = result(app.get("/api/quiz-results/personality-quiz/report", Some(&ada)).await).await;
    let order: Vec<&str> = report["types"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(order, vec!["Red", "Green", "Yellow", "Blue"]);
    assert_eq!(
        (report["types"][0]["score"].clone(), report["types"][0]["count"].clone(), report["types"][0]["questions"].clone()),
        (json!(1.0), json!(4), json!(4))
    );
    assert!(report["types"][0]["description"].as_str().unwrap().contains("\n\n"));
    // Red's books come from its categories (strategy in the test catalogue), most read first.
    let red_books: Vec<&str> = report["types"][0]["books"].as_array().unwrap().iter().map(|b| b["subid"].as_str().unwrap()).collect();
    assert!(!red_books.is_empty() && red_books.iter().all(|s| ["premium-4", "preview-book"].contains(s)), "{red_books:?}");

    let pdf = app.get("/api/quiz-results/personality-quiz/report.pdf", Some(&ada)).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-disposition"], "attachment; filename=\"personality-report.pdf\"");
    let text = pdf_extract::extract_text_from_mem(&pdf.bytes().await.unwrap()).expect("a PDF parser reads it");
    for words in ["Personality Quiz", "Red", "100%", "Read next"] {
        assert!(text.contains(words), "{words:?} in {text}");
    }

    // Another member's results and reports are their own.
    let bo = app.register("bo@example.com", PASSWORD).await;
    assert_eq!(app.get("/api/quiz-results/personality-quiz", Some(&bo)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/quiz-results/personality-quiz/report", Some(&bo)).await.status(), StatusCode::FORBIDDEN);
}
