//! Summaries by a language model, through a chat-completions API in OpenAI's shape
//! (`POST {base}/chat/completions`, a bearer key, `response_format: {"type": "json_object"}`); the
//! tests play it with `stand_ins::language_model`, which answers as OpenAI documents. The model is
//! asked for JSON key ideas; anything else is an error, and the summariser then uses its built-in
//! summary. The text sent is capped.
//!
//! Rate limits (429 `rate_limit_exceeded`) and server errors (500, 502, 503, 504) are tried again
//! after a back-off that doubles ([`Patience`]); an exhausted quota (429 `insufficient_quota`), a
//! refused key or request, and a timeout are not. Giving up is a [`PortError::Failed`] that names
//! the status, the attempts and the provider's message, and is logged.

use kernel::PortError;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;
use summariser::extract::{Block, Document};
use summariser::ports::{KeyIdea, LanguageModel};

/// The most text sent to the model, in characters.
const MAX_PROMPT_CHARS: usize = 24_000;

const INSTRUCTIONS: &str = "You summarise non-fiction texts into key ideas, like a book summary service. \
Answer only with JSON of the form {\"ideas\": [{\"title\": \"...\", \"paragraphs\": [\"...\"]}]}: \
4 to 8 ideas in the text's order, each with a short title and one to three paragraphs of plain text. \
Use only what the text says.";

/// Settings from configuration (`AI_MODEL_URL`, `AI_MODEL_KEY`, `AI_MODEL_NAME`).
#[derive(Debug, Clone)]
pub struct ModelSettings {
    /// e.g. `https://api.openai.com/v1`
    pub base_url: String,
    pub api_key: String,
    pub model: String,
}

/// How long one request may take and how often a rate limit or server error is tried again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patience {
    /// For one request, from connecting to the end of the answer.
    pub timeout: Duration,
    /// Requests in all (at least one).
    pub attempts: u32,
    /// The wait before the second request; it doubles before each further one.
    pub first_backoff: Duration,
}

impl Default for Patience {
    /// 60 s a request, three requests, waiting 2 s then 4 s.
    fn default() -> Patience {
        Patience { timeout: Duration::from_secs(60), attempts: 3, first_backoff: Duration::from_secs(2) }
    }
}

pub struct OpenAiCompatible {
    settings: ModelSettings,
    patience: Patience,
    client: reqwest::blocking::Client,
}

#[derive(Deserialize)]
struct Completion {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: Message,
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Message {
    content: Option<String>,
}

#[derive(Deserialize)]
struct Ideas {
    ideas: Vec<Idea>,
}

#[derive(Deserialize)]
struct Idea {
    title: String,
    paragraphs: Vec<String>,
}

impl OpenAiCompatible {
    pub fn new(settings: ModelSettings) -> Result<OpenAiCompatible, String> {
        OpenAiCompatible::with_patience(settings, Patience::default())
    }

    pub fn with_patience(settings: ModelSettings, patience: Patience) -> Result<OpenAiCompatible, String> {
        let client = reqwest::blocking::Client::builder().timeout(patience.timeout).build().map_err(|e| e.to_string())?;
        Ok(OpenAiCompatible { settings, patience, client })
    }

    /// Posts the request, trying again after rate limits and server errors; the completion's body.
    fn complete(&self, body: &Value) -> Result<Completion, PortError> {
        let url = format!("{}/chat/completions", self.settings.base_url.trim_end_matches('/'));
        let attempts = self.patience.attempts.max(1);
        let mut backoff = self.patience.first_backoff;
        for attempt in 1..=attempts {
            let response = self.client.post(&url).bearer_auth(&self.settings.api_key).json(body).send().map_err(|e| self.sending_failed(&e))?;
            let status = response.status();
            if status.is_success() {
                return response.json().map_err(|e| if e.is_timeout() { self.timed_out() } else { failed("not a completion") });
            }
            // `{"error": {"message", "type", "param", "code"}}`
            let error: Value = response.json().unwrap_or(Value::Null);
            let message = error["error"]["message"].as_str().unwrap_or("no message");
            let out_of_quota = error["error"]["code"] == "insufficient_quota" || error["error"]["type"] == "insufficient_quota";
            let worth_retrying = matches!(status.as_u16(), 429 | 500 | 502 | 503 | 504) && !out_of_quota;
            if !worth_retrying {
                return Err(failed(&format!("status {}: {message}", status.as_u16())));
            }
            if attempt == attempts {
                return Err(failed(&format!("status {} after {attempts} attempts: {message}", status.as_u16())));
            }
            std::thread::sleep(backoff);
            backoff = backoff.saturating_mul(2);
        }
        unreachable!("the last attempt returns")
    }

    fn sending_failed(&self, error: &reqwest::Error) -> PortError {
        if error.is_timeout() {
            self.timed_out()
        } else {
            PortError::Unavailable
        }
    }

    fn timed_out(&self) -> PortError {
        failed(&format!("no answer within {} ms", self.patience.timeout.as_millis()))
    }
}

fn failed(what: &str) -> PortError {
    PortError::Failed(format!("language model: {what}"))
}

/// The document as the prompt's text: the title, then blocks separated by blank lines.
fn prompt_text(document: &Document) -> String {
    let mut text = document.title.clone();
    for block in &document.blocks {
        let (Block::Heading(part) | Block::Paragraph(part)) = block;
        if text.len() + part.len() + 2 > MAX_PROMPT_CHARS {
            break;
        }
        text.push_str("\n\n");
        text.push_str(part);
    }
    text
}

impl OpenAiCompatible {
    fn ask(&self, document: &Document) -> Result<Vec<KeyIdea>, PortError> {
        let body = json!({
            "model": self.settings.model,
            "temperature": 0.2,
            "response_format": {"type": "json_object"},
            "messages": [
                {"role": "system", "content": INSTRUCTIONS},
                {"role": "user", "content": prompt_text(document)},
            ],
        });
        let completion = self.complete(&body)?;
        let choice = completion.choices.into_iter().next().ok_or_else(|| failed("no choices"))?;
        if choice.finish_reason.as_deref() == Some("length") {
            return Err(failed("the answer was cut off at the token limit"));
        }
        let content = choice.message.content.ok_or_else(|| failed("no content"))?;
        let ideas: Ideas = serde_json::from_str(&content).map_err(|_| failed("no JSON ideas"))?;
        Ok(ideas
            .ideas
            .into_iter()
            .map(|idea| KeyIdea { title: idea.title, paragraphs: idea.paragraphs.into_iter().filter(|p| !p.trim().is_empty()).collect() })
            .filter(|idea| !idea.title.trim().is_empty() && !idea.paragraphs.is_empty())
            .collect())
    }
}

impl LanguageModel for OpenAiCompatible {
    fn key_ideas(&self, document: &Document) -> Result<Vec<KeyIdea>, PortError> {
        let answer = self.ask(document);
        if let Err(error) = &answer {
            tracing::warn!(%error, "the language model gave no key ideas; the built-in summary is used");
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stand_ins::language_model::{LanguageModelStandIn, Scripted, API_KEY};
    use std::time::Instant;

    fn document() -> Document {
        Document {
            title: "Rest".into(),
            blocks: vec![
                Block::Heading("Why".into()),
                Block::Paragraph("Rest makes good work possible. It is not idleness.".into()),
                Block::Paragraph("Walks and naps restore attention for the next task.".into()),
            ],
        }
    }

    fn settings(stand_in: &LanguageModelStandIn) -> ModelSettings {
        ModelSettings { base_url: stand_in.base_url.clone(), api_key: API_KEY.into(), model: "small".into() }
    }

    /// Quick retries, so the tests do not wait out real back-offs.
    fn impatient(stand_in: &LanguageModelStandIn) -> OpenAiCompatible {
        let patience = Patience { timeout: Duration::from_secs(10), attempts: 3, first_backoff: Duration::from_millis(10) };
        OpenAiCompatible::with_patience(settings(stand_in), patience).unwrap()
    }

    fn failure(answer: Result<Vec<KeyIdea>, PortError>) -> String {
        match answer {
            Err(PortError::Failed(message)) => message,
            other => panic!("expected a failure, got {other:?}"),
        }
    }

    #[test]
    fn key_ideas_come_back_from_a_json_mode_completion() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        let model = OpenAiCompatible::new(settings(&stand_in)).unwrap();
        let ideas = model.key_ideas(&document()).unwrap();
        assert_eq!(ideas.len(), 2);
        assert_eq!(ideas[0].title, "Model: Rest makes good work possible");
        assert_eq!(ideas[1].paragraphs, vec!["Walks and naps restore attention for the next task.".to_owned()]);
        let sent = &stand_in.requests()[0];
        assert_eq!(sent["model"], "small");
        assert_eq!(sent["response_format"], json!({"type": "json_object"}));
        assert_eq!(sent["messages"][0]["role"], "system");
        assert!(sent["messages"][1]["content"].as_str().unwrap().starts_with("Rest\n\nWhy\n\nRest makes"));
    }

    #[test]
    fn a_rate_limit_or_a_server_error_is_tried_again_after_a_back_off() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        stand_in.then(Scripted::RateLimited).then(Scripted::ServerError);
        let ideas = impatient(&stand_in).key_ideas(&document()).unwrap();
        assert_eq!(ideas.len(), 2);
        assert_eq!(stand_in.requests().len(), 3);
    }

    #[test]
    fn the_client_gives_up_after_its_attempts_with_the_providers_message() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        stand_in.then(Scripted::ServerError).then(Scripted::ServerError).then(Scripted::ServerError);
        let message = failure(impatient(&stand_in).key_ideas(&document()));
        assert_eq!(message, "language model: status 500 after 3 attempts: The server had an error while processing your request. Sorry about that!");
        assert_eq!(stand_in.requests().len(), 3);

        let limited = LanguageModelStandIn::start().unwrap();
        limited.then(Scripted::RateLimited).then(Scripted::RateLimited).then(Scripted::RateLimited).then(Scripted::RateLimited);
        let message = failure(impatient(&limited).key_ideas(&document()));
        assert!(message.starts_with("language model: status 429 after 3 attempts: Rate limit reached"), "{message}");
        assert_eq!(limited.requests().len(), 3, "no fourth attempt");
    }

    #[test]
    fn an_exhausted_quota_or_a_wrong_key_is_not_tried_again() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        stand_in.then(Scripted::QuotaExceeded);
        let message = failure(impatient(&stand_in).key_ideas(&document()));
        assert_eq!(message, "language model: status 429: You exceeded your current quota, please check your plan and billing details.");
        assert_eq!(stand_in.requests().len(), 1);

        let wrong = OpenAiCompatible::new(ModelSettings { api_key: "nope".into(), ..settings(&stand_in) }).unwrap();
        let message = failure(wrong.key_ideas(&document()));
        assert!(message.starts_with("language model: status 401: Incorrect API key provided."), "{message}");
        assert_eq!(stand_in.requests().len(), 1, "the stand-in refuses the key before taking the request");
    }

    #[test]
    fn content_that_is_not_the_json_asked_for_is_an_error() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        let model = impatient(&stand_in);
        stand_in.then(Scripted::Content("Here are the key ideas: rest, walks and naps.".into()));
        assert_eq!(failure(model.key_ideas(&document())), "language model: no JSON ideas");
        stand_in.then(Scripted::Content(r#"{"summary": "rest"}"#.into()));
        assert_eq!(failure(model.key_ideas(&document())), "language model: no JSON ideas");
        stand_in.then(Scripted::Truncated);
        assert_eq!(failure(model.key_ideas(&document())), "language model: the answer was cut off at the token limit");
        // Ideas without a title or text are dropped, which leaves none: the summariser falls back.
        stand_in.then(Scripted::Content(r#"{"ideas": [{"title": " ", "paragraphs": ["x"]}, {"title": "T", "paragraphs": [""]}]}"#.into()));
        assert_eq!(model.key_ideas(&document()), Ok(vec![]));
        assert_eq!(stand_in.requests().len(), 4, "none of these is tried again");
    }

    #[test]
    fn an_answer_slower_than_the_timeout_is_a_timeout_error_without_a_retry() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        stand_in.then(Scripted::Hold(Duration::from_secs(60)));
        let timeout = Duration::from_millis(300);
        let model = OpenAiCompatible::with_patience(settings(&stand_in), Patience { timeout, attempts: 3, first_backoff: Duration::from_millis(10) }).unwrap();
        let started = Instant::now();
        let answer = model.key_ideas(&document());
        let took = started.elapsed();
        stand_in.release();
        assert_eq!(failure(answer), "language model: no answer within 300 ms");
        assert!(took >= timeout, "{took:?}");
        assert!(took < Duration::from_secs(10), "bounded by the timeout, not the stand-in's hold: {took:?}");
        assert_eq!(stand_in.requests().len(), 1);
    }

    #[test]
    fn an_unreachable_api_is_unavailable() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let gone =
            OpenAiCompatible::new(ModelSettings { base_url: format!("http://127.0.0.1:{port}/v1"), api_key: API_KEY.into(), model: "m".into() }).unwrap();
        assert_eq!(gone.key_ideas(&document()).unwrap_err(), PortError::Unavailable);
    }

    #[test]
    fn the_stand_in_answers_in_openais_documented_shapes() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        let client = reqwest::blocking::Client::new();
        let url = format!("{}/chat/completions", stand_in.base_url);
        let post = |key: &str, body: Value| {
            let response = client.post(&url).bearer_auth(key).json(&body).send().unwrap();
            (response.status().as_u16(), response.json::<Value>().unwrap())
        };
        let asked = json!({"model": "m", "response_format": {"type": "json_object"}, "messages": [
            {"role": "system", "content": "Answer in JSON."}, {"role": "user", "content": "One two three four."}]});
        let (status, completion) = post(API_KEY, asked.clone());
        assert_eq!(status, 200);
        assert_eq!(completion["object"], "chat.completion");
        assert_eq!(completion["choices"][0]["message"]["role"], "assistant");
        assert_eq!(completion["choices"][0]["finish_reason"], "stop");
        let content: Value = serde_json::from_str(completion["choices"][0]["message"]["content"].as_str().unwrap()).unwrap();
        assert_eq!(content["ideas"][0]["title"], "Model: One two three four");
        let usage = &completion["usage"];
        assert_eq!(usage["total_tokens"].as_u64(), Some(usage["prompt_tokens"].as_u64().unwrap() + usage["completion_tokens"].as_u64().unwrap()));

        let error_shape = |(status, body): (u16, Value)| {
            let error = &body["error"];
            assert!(error["message"].is_string() && error["type"].is_string(), "{body}");
            assert!(error.as_object().unwrap().contains_key("code") && error.as_object().unwrap().contains_key("param"), "{body}");
            (status, error["code"].clone())
        };
        assert_eq!(error_shape(post("nope", asked.clone())), (401, json!("invalid_api_key")));
        let no_json_word = json!({"model": "m", "response_format": {"type": "json_object"}, "messages": [{"role": "user", "content": "Summarise."}]});
        assert_eq!(error_shape(post(API_KEY, no_json_word)).0, 400);
        stand_in.then(Scripted::RateLimited).then(Scripted::QuotaExceeded).then(Scripted::ServerError);
        assert_eq!(error_shape(post(API_KEY, asked.clone())), (429, json!("rate_limit_exceeded")));
        assert_eq!(error_shape(post(API_KEY, asked.clone())), (429, json!("insufficient_quota")));
        assert_eq!(error_shape(post(API_KEY, asked)), (500, Value::Null));
    }
}
