//! An OpenAI-compatible chat-completions endpoint for the summariser's language-model provider:
//! `POST /v1/chat/completions` with a bearer key. It answers, as JSON in the message content, one
//! key idea per paragraph of the user's message (its first sentence as the title, the paragraph
//! as the text), so tests can tell its summaries from the built-in summariser's.

use crate::http::{read_request, write_response, Response};
use serde_json::{json, Value};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

pub const API_KEY: &str = "sk-standin-model";

#[derive(Clone)]
pub struct LanguageModelStandIn {
    /// e.g. `http://127.0.0.1:1234/v1`
    pub base_url: String,
    requests: Arc<Mutex<Vec<Value>>>,
}

impl LanguageModelStandIn {
    pub fn start() -> std::io::Result<LanguageModelStandIn> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let base_url = format!("http://127.0.0.1:{}/v1", listener.local_addr()?.port());
        let stand_in = LanguageModelStandIn { base_url, requests: Arc::default() };
        let server = stand_in.clone();
        std::thread::spawn(move || {
            for mut stream in listener.incoming().flatten() {
                let server = server.clone();
                std::thread::spawn(move || {
                    let Ok(request) = read_request(&mut stream) else { return };
                    let response = server.answer(&request);
                    let _ = write_response(&mut stream, &response);
                });
            }
        });
        Ok(stand_in)
    }

    /// Every request body received, oldest first.
    pub fn requests(&self) -> Vec<Value> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }

    fn answer(&self, request: &crate::http::Request) -> Response {
        if request.method != "POST" || request.path != "/v1/chat/completions" {
            return Response::json(404, &json!({"error": {"message": "not found"}}));
        }
        if request.header("authorization") != Some(&format!("Bearer {API_KEY}")) {
            return Response::json(401, &json!({"error": {"message": "Incorrect API key provided."}}));
        }
        let Ok(body) = serde_json::from_str::<Value>(&request.body) else {
            return Response::json(400, &json!({"error": {"message": "invalid JSON"}}));
        };
        if let Ok(mut requests) = self.requests.lock() {
            requests.push(body.clone());
        }
        let user = body["messages"].as_array().and_then(|m| m.iter().rev().find(|m| m["role"] == "user")).and_then(|m| m["content"].as_str()).unwrap_or("");
        let ideas: Vec<Value> = user
            .split("\n\n")
            .map(str::trim)
            .filter(|p| p.split_whitespace().count() >= 4)
            .take(5)
            .map(|paragraph| {
                let title: String = paragraph.split(['.', '!', '?']).next().unwrap_or(paragraph).chars().take(60).collect();
                json!({"title": format!("Model: {title}"), "paragraphs": [paragraph]})
            })
            .collect();
        let content = json!({"ideas": ideas}).to_string();
        Response::json(
            200,
            &json!({
                "id": "chatcmpl-standin",
                "object": "chat.completion",
                "model": body["model"],
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}]
            }),
        )
    }
}
