//! An analytics event (a start-for-free click and the like), valid by construction: a short
//! lower-case name and a small JSON object of properties.

use crate::error::AdminError;

pub const MAX_NAME_BYTES: usize = 64;
pub const MAX_PROPERTIES_BYTES: usize = 2048;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalyticsEvent {
    name: String,
    properties: serde_json::Value,
}

impl AnalyticsEvent {
    /// Missing properties are an empty object.
    pub fn new(name: Option<&str>, properties: Option<serde_json::Value>) -> Result<AnalyticsEvent, AdminError> {
        let name = name.unwrap_or_default();
        if !valid_name(name) {
            return Err(AdminError::InvalidEventName);
        }
        let properties = properties.unwrap_or_else(|| serde_json::json!({}));
        if !properties.is_object() || properties.to_string().len() > MAX_PROPERTIES_BYTES {
            return Err(AdminError::InvalidEventProperties);
        }
        Ok(AnalyticsEvent { name: name.to_owned(), properties })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn properties(&self) -> &serde_json::Value {
        &self.properties
    }
}

fn valid_name(name: &str) -> bool {
    !name.is_empty() && name.len() <= MAX_NAME_BYTES && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'_' | b'.' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn event_names_are_short_and_plain() {
        assert!(AnalyticsEvent::new(Some("start_for_free_click"), None).is_ok());
        for bad in [None, Some(""), Some("Start For Free"), Some("a".repeat(65).as_str())] {
            assert_eq!(AnalyticsEvent::new(bad, None), Err(AdminError::InvalidEventName), "{bad:?}");
        }
        assert!(AnalyticsEvent::new(Some(&"a".repeat(64)), None).is_ok());
    }

    #[test]
    fn properties_are_a_small_object() {
        let event = AnalyticsEvent::new(Some("click"), None).unwrap();
        assert_eq!(event.properties(), &json!({}));
        for bad in [json!([1]), json!("text"), json!({ "big": "x".repeat(2048) })] {
            assert_eq!(AnalyticsEvent::new(Some("click"), Some(bad)), Err(AdminError::InvalidEventProperties));
        }
        assert!(AnalyticsEvent::new(Some("click"), Some(json!({ "from": "landing" }))).is_ok());
    }
}
