//! Reads Playwright's JSON report so `cargo xtask test`'s summary names the browser tests that
//! failed, instead of only "the stage failed" (the summary is the part of a CI log that is always
//! read), and says how many ran. Playwright never retries here: a test that fails once fails.

use anyhow::Result;
use serde_json::Value;
use std::path::Path;

/// How many tests the report holds (passed, failed and skipped).
pub fn count(report: &Path) -> Option<u64> {
    let json: Value = serde_json::from_str(&std::fs::read_to_string(report).ok()?).ok()?;
    let stats = json.get("stats")?;
    Some(["expected", "unexpected", "flaky", "skipped"].iter().filter_map(|key| stats.get(*key)?.as_u64()).sum())
}

/// Adds the failing tests' names and first error lines to a failed stage's error.
pub fn name_the_failures(stage: Result<()>, report: &Path) -> Result<()> {
    let Ok(text) = std::fs::read_to_string(report) else { return stage };
    let Ok(json) = serde_json::from_str::<Value>(&text) else { return stage };
    let mut failed = Vec::new();
    let mut flaky = Vec::new();
    walk(&json, "", &mut failed, &mut flaky);
    // With retries off there is no "flaky" outcome; were one configured, it counts as a failure.
    failed.extend(flaky);
    match stage {
        Err(error) if !failed.is_empty() => Err(error.context(format!("failed: {}", failed.join("; ")))),
        other => other,
    }
}

fn walk(suite: &Value, file: &str, failed: &mut Vec<String>, flaky: &mut Vec<String>) {
    let file = suite.get("file").and_then(Value::as_str).unwrap_or(file);
    for spec in suite.get("specs").and_then(Value::as_array).into_iter().flatten() {
        let title = spec.get("title").and_then(Value::as_str).unwrap_or("?");
        let line = spec.get("line").and_then(Value::as_u64).unwrap_or(0);
        for test in spec.get("tests").and_then(Value::as_array).into_iter().flatten() {
            let name = format!("{file}:{line} {title}");
            match test.get("status").and_then(Value::as_str) {
                Some("unexpected") => failed.push(format!("{name} ({})", first_error(test))),
                Some("flaky") => flaky.push(format!("{name} ({})", first_error(test))),
                _ => {}
            }
        }
    }
    for child in suite.get("suites").and_then(Value::as_array).into_iter().flatten() {
        walk(child, file, failed, flaky);
    }
}

/// The first error's first line, where in the spec it was thrown and, for an `expect` on a
/// locator, which locator: enough to tell which step of a long test failed from the summary alone.
fn first_error(test: &Value) -> String {
    let error = test
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|result| result.get("error"))
        .find(|error| error.get("message").is_some());
    let Some(error) = error else { return "no message".to_string() };
    let message = error.get("message").and_then(Value::as_str).unwrap_or("no message");
    let mut text = first_line(message);
    if let Some(line) = error.pointer("/location/line").and_then(Value::as_u64) {
        text.push_str(&format!(" at line {line}"));
    }
    let plain = strip_colours(message);
    if let Some(locator) = plain.lines().map(str::trim).find(|line| line.starts_with("Locator:")) {
        text.push_str(&format!(", {}", locator.chars().take(200).collect::<String>()));
    }
    text
}

/// A test runner's error message as one line for the summary: the first non-empty line, without
/// colours, at most 200 characters.
pub fn first_line(message: &str) -> String {
    let plain: String = strip_colours(message);
    plain.lines().map(str::trim).find(|line| !line.is_empty()).unwrap_or("no message").chars().take(200).collect()
}

/// Playwright colours its messages with ANSI escapes.
fn strip_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_failed_and_flaky_tests_with_their_first_error_line() {
        let report = serde_json::json!({"suites": [{"file": "a.spec.ts", "specs": [], "suites": [{"specs": [
            {"title": "pays", "line": 3, "tests": [{"status": "unexpected", "results": [{"error": {"message": "\u{1b}[31mError: timed out\u{1b}[39m\n\nLocator: getByRole('button')\nmore", "location": {"file": "a.spec.ts", "line": 7, "column": 3}}}]}]},
            {"title": "reads", "line": 9, "tests": [{"status": "flaky", "results": [{"error": {"message": "boom"}}, {}]}]},
            {"title": "fine", "line": 12, "tests": [{"status": "expected", "results": [{}]}]}
        ]}]}]});
        let (mut failed, mut flaky) = (Vec::new(), Vec::new());
        for suite in report["suites"].as_array().unwrap() {
            walk(suite, "", &mut failed, &mut flaky);
        }
        assert_eq!(failed, vec!["a.spec.ts:3 pays (Error: timed out at line 7, Locator: getByRole('button'))"]);
        assert_eq!(flaky, vec!["a.spec.ts:9 reads (boom)"]);
    }
}
