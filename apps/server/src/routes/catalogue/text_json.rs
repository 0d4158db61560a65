//! The reader's text fields (`truncatedBody`, `body`, `sections`) written as JSON once per book
//! text, not on every call: escaping the summary into JSON was the largest user-space cost of the
//! reader's call (docs/performance.md §2). Kept under the text's key from the catalogue's memo
//! (`catalogue::html::memo`), so an edited book, a new reading, gets its own; an entry whose text
//! nobody holds any more is dropped when the map has doubled since it was last swept.

use super::views::SectionView;
use catalogue::html::memo::{ReadableText, TextKey};
use serde::Serialize;
use serde_json::value::RawValue;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A JSON value written once, shared by every answer that carries it.
#[derive(Debug, Clone)]
pub struct Json(Arc<RawValue>);

impl Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// The three text fields of one reader's answer.
#[derive(Debug, Clone)]
pub struct TextJson {
    pub truncated_body: Json,
    pub body: Json,
    pub sections: Json,
}

impl TextJson {
    fn of(text: &ReadableText) -> serde_json::Result<TextJson> {
        let sections: Vec<SectionView> = text.sections().iter().map(|s| SectionView { title: &s.title, html: &s.html }).collect();
        Ok(TextJson { truncated_body: json(&text.truncated_body())?, body: json(&text.body())?, sections: json(&sections)? })
    }
}

fn json(value: &impl Serialize) -> serde_json::Result<Json> {
    Ok(Json(serde_json::value::to_raw_value(value)?.into()))
}

/// Entries are swept when the map reaches this size, and again each time it has doubled since.
const FIRST_SWEEP: usize = 1024;

struct Written {
    by_text: HashMap<TextKey, TextJson>,
    sweep_at: usize,
}

/// `text`'s fields as JSON, written now or remembered from an earlier call.
pub fn text_json(text: &ReadableText) -> serde_json::Result<TextJson> {
    static WRITTEN: OnceLock<Mutex<Written>> = OnceLock::new();
    let written = WRITTEN.get_or_init(|| Mutex::new(Written { by_text: HashMap::new(), sweep_at: FIRST_SWEEP }));
    let key = text.key();
    if let Some(found) = lock(written).by_text.get(&key) {
        return Ok(found.clone());
    }
    // Written outside the lock: escaping a summary takes far longer than a lookup.
    let fresh = TextJson::of(text)?;
    let mut written = lock(written);
    if written.by_text.len() >= written.sweep_at {
        written.by_text.retain(|key, _| !key.is_gone());
        written.sweep_at = (written.by_text.len() * 2).max(FIRST_SWEEP);
    }
    written.by_text.insert(key, fresh.clone());
    Ok(fresh)
}

fn lock(written: &Mutex<Written>) -> std::sync::MutexGuard<'_, Written> {
    written.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalogue::html::memo::{Part, Reading};

    const BODY: &str = "<h3>One \"quoted\"</h3><p>first\n</p><h3>Two</h3><p>second</p>";

    fn written(text: &ReadableText) -> serde_json::Value {
        let json = text_json(text).unwrap();
        serde_json::json!({ "truncatedBody": json.truncated_body, "body": json.body, "sections": json.sections })
    }

    #[test]
    fn the_fields_are_what_serialising_the_text_gives() {
        let reading = Arc::new(Reading::new(BODY));
        let whole = ReadableText::new(Arc::clone(&reading), Part::Whole);
        let sections =
            |part: Part| -> Vec<serde_json::Value> { reading.sections(part).iter().map(|s| serde_json::json!({ "title": s.title, "html": s.html })).collect() };
        assert_eq!(written(&whole), serde_json::json!({ "truncatedBody": reading.first_section(), "body": BODY, "sections": sections(Part::Whole) }));
        let first = ReadableText::new(Arc::clone(&reading), Part::First);
        assert_eq!(written(&first), serde_json::json!({ "truncatedBody": reading.first_section(), "body": null, "sections": sections(Part::First) }));
    }

    #[test]
    fn a_text_is_written_once_and_an_edited_one_afresh() {
        let whole = ReadableText::new(Arc::new(Reading::new(BODY)), Part::Whole);
        let (once, again) = (text_json(&whole).unwrap(), text_json(&whole).unwrap());
        assert!(Arc::ptr_eq(&once.body.0, &again.body.0), "the second answer shares the first one's JSON");
        let edited = ReadableText::new(Arc::new(Reading::new("<h3>One</h3><p>edited</p>")), Part::Whole);
        assert_eq!(written(&edited)["body"], "<h3>One</h3><p>edited</p>");
    }
}
