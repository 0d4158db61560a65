//! Summaries by a language model, through any OpenAI-compatible chat-completions API (OpenAI,
//! Azure OpenAI, a local server...). The model is asked for JSON key ideas; anything else is an
//! error, and the summariser then uses its built-in summary. The text sent is capped.

use kernel::PortError;
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;
use summariser::extract::{Block, Document};
use summariser::ports::{KeyIdea, LanguageModel};

/// The most text sent to the model, in characters.
const MAX_PROMPT_CHARS: usize = 24_000;
const TIMEOUT: Duration = Duration::from_secs(60);

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

pub struct OpenAiCompatible {
    settings: ModelSettings,
    client: reqwest::blocking::Client,
}

#[derive(Deserialize)]
struct Completion {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: Message,
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
        let client = reqwest::blocking::Client::builder().timeout(TIMEOUT).build().map_err(|e| e.to_string())?;
        Ok(OpenAiCompatible { settings, client })
    }
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

impl LanguageModel for OpenAiCompatible {
    fn key_ideas(&self, document: &Document) -> Result<Vec<KeyIdea>, PortError> {
        let failed = |what: &str| PortError::Failed(format!("language model: {what}"));
        let url = format!("{}/chat/completions", self.settings.base_url.trim_end_matches('/'));
        let body = json!({
            "model": self.settings.model,
            "temperature": 0.2,
            "response_format": {"type": "json_object"},
            "messages": [
                {"role": "system", "content": INSTRUCTIONS},
                {"role": "user", "content": prompt_text(document)},
            ],
        });
        let response = self.client.post(url).bearer_auth(&self.settings.api_key).json(&body).send().map_err(|_| PortError::Unavailable)?;
        if !response.status().is_success() {
            return Err(failed(&format!("status {}", response.status().as_u16())));
        }
        let completion: Completion = response.json().map_err(|_| failed("not a completion"))?;
        let content = completion.choices.into_iter().next().and_then(|c| c.message.content).ok_or_else(|| failed("no content"))?;
        let ideas: Ideas = serde_json::from_str(&content).map_err(|_| failed("no JSON ideas"))?;
        Ok(ideas
            .ideas
            .into_iter()
            .map(|idea| KeyIdea { title: idea.title, paragraphs: idea.paragraphs.into_iter().filter(|p| !p.trim().is_empty()).collect() })
            .filter(|idea| !idea.title.trim().is_empty() && !idea.paragraphs.is_empty())
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use stand_ins::language_model::{LanguageModelStandIn, API_KEY};

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

    #[test]
    fn key_ideas_come_back_from_an_openai_compatible_api() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        let model = OpenAiCompatible::new(ModelSettings { base_url: stand_in.base_url.clone(), api_key: API_KEY.into(), model: "small".into() }).unwrap();
        let ideas = model.key_ideas(&document()).unwrap();
        assert_eq!(ideas.len(), 2);
        assert_eq!(ideas[0].title, "Model: Rest makes good work possible");
        let sent = &stand_in.requests()[0];
        assert_eq!(sent["model"], "small");
        assert!(sent["messages"][1]["content"].as_str().unwrap().starts_with("Rest\n\nWhy\n\nRest makes"));
    }

    #[test]
    fn a_wrong_key_or_an_unreachable_api_is_an_error() {
        let stand_in = LanguageModelStandIn::start().unwrap();
        let wrong = OpenAiCompatible::new(ModelSettings { base_url: stand_in.base_url.clone(), api_key: "nope".into(), model: "m".into() }).unwrap();
        assert!(matches!(wrong.key_ideas(&document()), Err(PortError::Failed(_))));
        let gone = OpenAiCompatible::new(ModelSettings { base_url: "http://127.0.0.1:9/v1".into(), api_key: API_KEY.into(), model: "m".into() }).unwrap();
        assert_eq!(gone.key_ideas(&document()).unwrap_err(), PortError::Unavailable);
    }
}
