//! Reads Vitest's JSON report so `cargo xtask test`'s summary names the front-end tests that
//! failed: the summary is the part of a CI log that is always read, and a run of 600 tests prints
//! its one failure far above it.

use crate::e2e_report::first_line;
use anyhow::Result;
use serde_json::Value;
use std::path::Path;

/// How many tests Vitest's report holds.
pub fn count(report: &Path) -> Option<u64> {
    let json: Value = serde_json::from_str(&std::fs::read_to_string(report).ok()?).ok()?;
    json.get("numTotalTests")?.as_u64()
}

/// Adds the failing tests' names and first error lines to a failed stage's error.
pub fn name_the_failures(stage: Result<()>, report: &Path) -> Result<()> {
    let Err(error) = stage else { return stage };
    let failed =
        std::fs::read_to_string(report).ok().and_then(|text| serde_json::from_str::<Value>(&text).ok()).map(|json| failures(&json)).unwrap_or_default();
    if failed.is_empty() {
        return Err(error);
    }
    Err(error.context(format!("failed: {}", failed.join("; "))))
}

/// `file: test (first line of the error)` for each failed test, and for each file that failed
/// without a test (an import error, say).
fn failures(report: &Value) -> Vec<String> {
    let mut failed = Vec::new();
    for file in report.get("testResults").and_then(Value::as_array).into_iter().flatten() {
        let path = file.get("name").and_then(Value::as_str).unwrap_or("?");
        let short = path.rsplit_once("/src/").map_or(path, |(_, rest)| rest);
        let mut named = false;
        for test in file.get("assertionResults").and_then(Value::as_array).into_iter().flatten() {
            if test.get("status").and_then(Value::as_str) == Some("failed") {
                let name = test.get("fullName").and_then(Value::as_str).unwrap_or("?");
                let message = test.pointer("/failureMessages/0").and_then(Value::as_str).unwrap_or("");
                failed.push(format!("{short}: {name} ({})", first_line(message)));
                named = true;
            }
        }
        if !named && file.get("status").and_then(Value::as_str) == Some("failed") {
            let message = file.get("message").and_then(Value::as_str).unwrap_or("");
            failed.push(format!("{short} ({})", first_line(message)));
        }
    }
    failed
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_failed_tests_and_files_that_failed_without_one() {
        let report = json!({ "testResults": [
            { "name": "/w/frontend/src/a.test.tsx", "status": "failed", "assertionResults": [
                { "fullName": "A shows", "status": "passed", "failureMessages": [] },
                { "fullName": "A hides", "status": "failed", "failureMessages": ["\nTestingLibraryElementError: Unable to find\nmore"] }
            ] },
            { "name": "/w/frontend/src/b.test.ts", "status": "failed", "message": "Failed to load ./c", "assertionResults": [] },
            { "name": "/w/frontend/src/d.test.ts", "status": "passed", "assertionResults": [] }
        ] });
        assert_eq!(failures(&report), vec!["a.test.tsx: A hides (TestingLibraryElementError: Unable to find)", "b.test.ts (Failed to load ./c)"]);
    }

    #[test]
    fn keeps_the_stage_error_when_the_report_is_missing() {
        let error = name_the_failures(Err(anyhow::anyhow!("npm test failed")), Path::new("/nonexistent/report.json"));
        assert_eq!(format!("{:#}", error.unwrap_err()), "npm test failed");
    }
}
