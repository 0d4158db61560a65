//! The reader's text fields (`truncatedBody`, `body`, `sections`) written as JSON once per book
//! text, not on every call: escaping the summary into JSON was the largest user-space cost of the
//! reader's call (docs/performance.md §2). Kept under the text's key from the catalogue's memo
//! (`catalogue::html::memo`), so an edited book, a new reading, gets its own; an entry whose text
//! nobody holds any more is dropped when the map has doubled since it was last swept, and all of
//! them when what they hold would pass the bound in bytes (`LIMIT_BYTES`).

use super::views::SectionView;
use catalogue::html::memo::{ReadableText, TextKey};
use serde::Serialize;
use serde_json::value::RawValue;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// A JSON value written once, shared by every answer that carries it.
#[derive(Debug, Clone)]
pub struct Json(Arc<RawValue>);

impl Json {
    /// Whether both are the one written value (not only equal text).
    pub fn is_shared_with(&self, other: &Json) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

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
    pub fn of(text: &ReadableText) -> serde_json::Result<TextJson> {
        let sections: Vec<SectionView> = text.sections().iter().map(|s| SectionView { title: &s.title, html: &s.html }).collect();
        Ok(TextJson { truncated_body: json(&text.truncated_body())?, body: json(&text.body())?, sections: json(&sections)? })
    }
}

fn json(value: &impl Serialize) -> serde_json::Result<Json> {
    Ok(Json(serde_json::value::to_raw_value(value)?.into()))
}

/// Entries are swept when the map reaches this size, and again each time it has doubled since.
const FIRST_SWEEP: usize = 1024;

/// The JSON kept at most. A text's JSON is about its text escaped, and the texts live are the
/// reading memo's (64 MB at most) and those calls still hold, so this is rarely reached; when a
/// new entry would pass it, entries of texts nobody holds go, and if that is not enough, all.
const LIMIT_BYTES: usize = 96 << 20;

/// The texts' JSON written so far, by text, within a bound in bytes.
pub struct WrittenTexts {
    limit_bytes: usize,
    written: Mutex<Written>,
}

struct Written {
    by_text: HashMap<TextKey, TextJson>,
    bytes: usize,
    sweep_at: usize,
}

impl WrittenTexts {
    pub fn new(limit_bytes: usize) -> WrittenTexts {
        WrittenTexts { limit_bytes, written: Mutex::new(Written { by_text: HashMap::new(), bytes: 0, sweep_at: FIRST_SWEEP }) }
    }

    /// The process's.
    pub fn shared() -> &'static WrittenTexts {
        static SHARED: OnceLock<WrittenTexts> = OnceLock::new();
        SHARED.get_or_init(|| WrittenTexts::new(LIMIT_BYTES))
    }

    /// `text`'s fields as JSON, written now or remembered from an earlier call.
    pub fn json(&self, text: &ReadableText) -> serde_json::Result<TextJson> {
        let key = text.key();
        if let Some(found) = self.lock().by_text.get(&key) {
            return Ok(found.clone());
        }
        // Written outside the lock: escaping a summary takes far longer than a lookup.
        let fresh = TextJson::of(text)?;
        let bytes = fresh.bytes();
        if bytes > self.limit_bytes {
            return Ok(fresh);
        }
        let mut written = self.lock();
        if written.by_text.len() >= written.sweep_at || written.bytes + bytes > self.limit_bytes {
            written.sweep();
        }
        if written.bytes + bytes > self.limit_bytes {
            written.by_text.clear();
            written.bytes = 0;
        }
        if let Some(replaced) = written.by_text.insert(key, fresh.clone()) {
            written.bytes -= replaced.bytes();
        }
        written.bytes += bytes;
        Ok(fresh)
    }

    pub fn size(&self) -> kernel::CacheSize {
        let written = self.lock();
        kernel::CacheSize { entries: written.by_text.len(), bytes: written.bytes, limit_bytes: self.limit_bytes }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Written> {
        self.written.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Written {
    /// Drops the entries of texts nobody holds any more.
    fn sweep(&mut self) {
        let mut freed = 0;
        self.by_text.retain(|key, json| {
            let keep = !key.is_gone();
            if !keep {
                freed += json.bytes();
            }
            keep
        });
        self.bytes -= freed;
        self.sweep_at = (self.by_text.len() * 2).max(FIRST_SWEEP);
    }
}

impl TextJson {
    pub fn bytes(&self) -> usize {
        self.truncated_body.0.get().len() + self.body.0.get().len() + self.sections.0.get().len()
    }
}

/// `text`'s fields as JSON, written now or remembered from an earlier call.
pub fn text_json(text: &ReadableText) -> serde_json::Result<TextJson> {
    WrittenTexts::shared().json(text)
}
