//! An OpenAI-compatible chat-completions endpoint for the summariser's language-model provider:
//! `POST /v1/chat/completions` with a bearer key, answering in the shape OpenAI documents.
//!
//! - A completion: `{"id", "object": "chat.completion", "created", "model", "choices": [{"index",
//!   "message": {"role": "assistant", "content"}, "finish_reason"}], "usage": {"prompt_tokens",
//!   "completion_tokens", "total_tokens"}}`. Its content is JSON text: one key idea per paragraph of
//!   the user's message (its first sentence as the title, the paragraph as the text), so tests can
//!   tell its summaries from the built-in summariser's.
//! - Errors: `{"error": {"message", "type", "param", "code"}}` with OpenAI's statuses: 400 for a
//!   malformed request (and, as OpenAI does, for `response_format: {"type": "json_object"}` when no
//!   message mentions JSON), 401 for a wrong key, 404 for another path.
//! - Scripted answers for tests ([`LanguageModelStandIn::then`]): the next requests can be answered
//!   with a 429 or 500 error, a given message content (e.g. not JSON), or held for a while before
//!   answering (to exceed the client's timeout).

use crate::http::{read_request, write_response, Response};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::net::TcpListener;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

pub const API_KEY: &str = "sk-standin-model";

/// How the stand-in answers one request, instead of its usual completion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scripted {
    /// 429 `rate_limit_exceeded`, as OpenAI answers over the requests-per-minute limit.
    RateLimited,
    /// 429 `insufficient_quota`: the account has no credit left (retrying does not help).
    QuotaExceeded,
    /// 500 `server_error`, OpenAI's "The server had an error while processing your request".
    ServerError,
    /// A completion whose message content is this text (e.g. not JSON).
    Content(String),
    /// A completion cut at the token limit (`finish_reason: "length"`) mid-JSON.
    Truncated,
    /// The usual completion, but only after this long or when [`LanguageModelStandIn::release`]
    /// is called, whichever comes first.
    Hold(Duration),
}

#[derive(Default)]
struct Shared {
    /// Every request body received, oldest first.
    requests: Mutex<Vec<Value>>,
    /// Answers for the next requests, in order.
    script: Mutex<VecDeque<Scripted>>,
    /// Set by `release`: held answers go at once.
    released: Mutex<bool>,
    release: Condvar,
}

#[derive(Clone)]
pub struct LanguageModelStandIn {
    /// e.g. `http://127.0.0.1:1234/v1`
    pub base_url: String,
    shared: Arc<Shared>,
}

impl LanguageModelStandIn {
    pub fn start() -> std::io::Result<LanguageModelStandIn> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let base_url = format!("http://127.0.0.1:{}/v1", listener.local_addr()?.port());
        let stand_in = LanguageModelStandIn { base_url, shared: Arc::default() };
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

    /// Answers the next accepted request (after the key and body checks) this way; calls queue up.
    pub fn then(&self, answer: Scripted) -> &Self {
        if let Ok(mut script) = self.shared.script.lock() {
            script.push_back(answer);
        }
        self
    }

    /// Lets held answers go now (and any later hold, at once).
    pub fn release(&self) {
        if let Ok(mut released) = self.shared.released.lock() {
            *released = true;
            self.shared.release.notify_all();
        }
    }

    /// Every accepted request body, oldest first.
    pub fn requests(&self) -> Vec<Value> {
        self.shared.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }

    fn hold(&self, longest: Duration) {
        let Ok(released) = self.shared.released.lock() else { return };
        let _ = self.shared.release.wait_timeout_while(released, longest, |released| !*released);
    }

    fn answer(&self, request: &crate::http::Request) -> Response {
        if request.method != "POST" || request.path != "/v1/chat/completions" {
            return error(404, &format!("Invalid URL ({} {})", request.method, request.path), "invalid_request_error", None);
        }
        if request.header("authorization") != Some(&format!("Bearer {API_KEY}")) {
            return error(
                401,
                "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
                "invalid_request_error",
                Some("invalid_api_key"),
            );
        }
        let Ok(body) = serde_json::from_str::<Value>(&request.body) else {
            return error(400, "We could not parse the JSON body of your request.", "invalid_request_error", None);
        };
        let Some(messages) = body["messages"].as_array().filter(|m| !m.is_empty()) else {
            return error(400, "Missing required parameter: 'messages'.", "invalid_request_error", Some("missing_required_parameter"));
        };
        let mentions_json = messages.iter().any(|m| m["content"].as_str().is_some_and(|c| c.to_ascii_lowercase().contains("json")));
        if body["response_format"]["type"] == "json_object" && !mentions_json {
            return error(
                400,
                "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
                "invalid_request_error",
                None,
            );
        }
        if let Ok(mut requests) = self.shared.requests.lock() {
            requests.push(body.clone());
        }
        let user = messages.iter().rev().find(|m| m["role"] == "user").and_then(|m| m["content"].as_str()).unwrap_or("");
        let scripted = self.shared.script.lock().ok().and_then(|mut script| script.pop_front());
        match scripted {
            Some(Scripted::RateLimited) => error(
                429,
                "Rate limit reached for requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.",
                "requests",
                Some("rate_limit_exceeded"),
            ),
            Some(Scripted::QuotaExceeded) => {
                error(429, "You exceeded your current quota, please check your plan and billing details.", "insufficient_quota", Some("insufficient_quota"))
            }
            Some(Scripted::ServerError) => error(500, "The server had an error while processing your request. Sorry about that!", "server_error", None),
            Some(Scripted::Content(content)) => completion(&body, user, content, "stop"),
            Some(Scripted::Truncated) => {
                let full = key_ideas(user);
                let cut: String = full.chars().take(full.chars().count() / 2).collect();
                completion(&body, user, cut, "length")
            }
            Some(Scripted::Hold(longest)) => {
                self.hold(longest);
                completion(&body, user, key_ideas(user), "stop")
            }
            None => completion(&body, user, key_ideas(user), "stop"),
        }
    }
}

/// OpenAI's error body.
fn error(status: u16, message: &str, kind: &str, code: Option<&str>) -> Response {
    Response::json(status, &json!({"error": {"message": message, "type": kind, "param": null, "code": code}}))
}

/// The JSON key ideas of the user's message: one per paragraph of four words or more (at most 5).
fn key_ideas(user: &str) -> String {
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
    json!({"ideas": ideas}).to_string()
}

/// A `chat.completion` with this content; token counts are words, roughly.
fn completion(body: &Value, user: &str, content: String, finish_reason: &str) -> Response {
    let prompt_tokens = user.split_whitespace().count();
    let completion_tokens = content.split_whitespace().count();
    Response::json(
        200,
        &json!({
            "id": "chatcmpl-standin",
            "object": "chat.completion",
            "created": chrono::Utc::now().timestamp(),
            "model": body["model"],
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "logprobs": null, "finish_reason": finish_reason}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens, "total_tokens": prompt_tokens + completion_tokens},
        }),
    )
}
