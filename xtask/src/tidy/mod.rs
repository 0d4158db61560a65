//! Architecture rules. From `cargo metadata`: every crate is classed (domain, adapter or app) and
//! domain crates stay pure, all the way down. From the sources (`sources`): route files never name
//! the database, and the store's domain folders never import each other.
//!
//! A domain crate may depend on other domain crates and on small libraries (serde, chrono,
//! ammonia...), but on nothing that does I/O: no Diesel, actix or tokio, and none of this
//! workspace's adapter crates. The check follows every dependency, not only the direct ones, so a
//! domain crate cannot reach Diesel through another crate either.

use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::process::Command;

mod sources;

/// Crates holding business rules, testable without a database or a web server.
pub const DOMAIN_CRATES: &[&str] =
    &["kernel", "identity", "catalogue", "reading-progress", "admin", "billing", "referral", "challenge", "summariser", "highlights", "review", "podcast-feed"];

/// Libraries with no I/O that domain crates use (bytes in, bytes out): held to the domain crates'
/// purity rule.
pub const PURE_LIBRARY_CRATES: &[&str] = &["documents"];

/// Crates that implement domain ports or talk to the outside (database, mail, storage, payment
/// providers, sign-in providers, language models, fetching, the stand-ins).
pub const ADAPTER_CRATES: &[&str] = &["db", "mail", "media", "oauth", "credentials", "payments", "language-model", "web-fetch", "stand-ins"];

/// Programs: the server and the project's tools.
pub const APP_CRATES: &[&str] = &["server", "xtask", "xtask-tools"];

/// What no domain crate may depend on, directly or through another crate: I/O frameworks and this
/// workspace's adapters (which implement the domains' ports, never the other way round).
const FORBIDDEN: &[&str] = &[
    // outside libraries that do I/O
    "diesel",
    "diesel_migrations",
    "r2d2",
    "pq-sys",
    "actix-web",
    "actix-rt",
    "actix-files",
    "tokio",
    "lettre",
    "object_store",
    "reqwest",
    "hyper",
    "async-stripe",
    "biscuit-auth",
    "argon2",
];

/// Checks the rules; what was checked, for the log.
pub fn tidy() -> Result<String> {
    let output = Command::new(env!("CARGO")).args(["metadata", "--format-version", "1"]).output().context("running cargo metadata")?;
    if !output.status.success() {
        bail!("cargo metadata failed:\n{}", String::from_utf8_lossy(&output.stderr));
    }
    let metadata: Value = serde_json::from_slice(&output.stdout).context("reading cargo metadata")?;
    let mut problems = unclassed(&workspace_crates(&metadata));
    problems.extend(impurities(&Graph::from_metadata(&metadata), &pure_crates()));
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().context("xtask sits in the workspace")?;
    problems.extend(sources::source_violations(root));
    if !problems.is_empty() {
        bail!("architecture rules broken:\n  {}", problems.join("\n  "));
    }
    Ok(format!(
        "Every crate is classed; domain crates ({}) and pure libraries are pure, dependencies of dependencies included; no route names the database; the store's {} folders each have their store type, import none of each other ({} listed exceptions) and write more than {} columns as named rows.",
        DOMAIN_CRATES.join(", "),
        sources::STORE_DOMAINS.len(),
        sources::STORE_EXCEPTIONS.len(),
        sources::MAX_TUPLE_COLUMNS
    ))
}

/// Domain crates and the pure libraries they use: nothing that does I/O may be reached from them.
fn pure_crates() -> Vec<&'static str> {
    DOMAIN_CRATES.iter().chain(PURE_LIBRARY_CRATES).copied().collect()
}

fn workspace_crates(metadata: &Value) -> Vec<String> {
    let members: BTreeSet<&str> = metadata["workspace_members"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["id"].as_str().is_some_and(|id| members.contains(id)))
        .filter_map(|p| p["name"].as_str().map(str::to_owned))
        .collect()
}

/// A workspace crate that is in none of the three classes: say which it is before it lands.
pub fn unclassed(crates: &[String]) -> Vec<String> {
    crates
        .iter()
        .filter(|name| ![DOMAIN_CRATES, PURE_LIBRARY_CRATES, ADAPTER_CRATES, APP_CRATES].iter().any(|class| class.contains(&name.as_str())))
        .map(|name| format!("crate `{name}` is not classed as domain, pure library, adapter or app (xtask/src/tidy/mod.rs)"))
        .collect()
}

/// What a domain crate may not reach: the I/O libraries and every adapter and app of this workspace.
fn forbidden(name: &str) -> bool {
    FORBIDDEN.contains(&name) || ADAPTER_CRATES.contains(&name) || APP_CRATES.contains(&name)
}

/// The resolved dependency graph by crate name: normal (not dev or build) dependencies only,
/// since a test helper may use anything.
#[derive(Debug, Default)]
pub struct Graph {
    edges: HashMap<String, BTreeSet<String>>,
}

impl Graph {
    fn from_metadata(metadata: &Value) -> Graph {
        let names: HashMap<&str, &str> =
            metadata["packages"].as_array().into_iter().flatten().filter_map(|p| Some((p["id"].as_str()?, p["name"].as_str()?))).collect();
        let mut graph = Graph::default();
        for node in metadata["resolve"]["nodes"].as_array().into_iter().flatten() {
            let Some(name) = node["id"].as_str().and_then(|id| names.get(id)) else { continue };
            for dep in node["deps"].as_array().into_iter().flatten() {
                let normal = dep["dep_kinds"].as_array().into_iter().flatten().any(|k| k["kind"].is_null());
                if let (true, Some(target)) = (normal, dep["pkg"].as_str().and_then(|id| names.get(id))) {
                    graph.add(name, target);
                }
            }
        }
        graph
    }

    pub fn add(&mut self, from: &str, to: &str) {
        self.edges.entry(from.to_owned()).or_default().insert(to.to_owned());
    }

    /// The path from `from` to the first forbidden crate on each branch, depth first.
    fn forbidden_paths(&self, from: &str) -> Vec<Vec<String>> {
        let mut found = Vec::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![vec![from.to_owned()]];
        while let Some(path) = stack.pop() {
            let last = path.last().expect("paths are never empty");
            for next in self.edges.get(last).into_iter().flatten() {
                if !seen.insert(next.clone()) {
                    continue;
                }
                let mut longer = path.clone();
                longer.push(next.clone());
                if forbidden(next) {
                    found.push(longer);
                } else {
                    stack.push(longer);
                }
            }
        }
        found.sort();
        found
    }
}

/// One line per forbidden crate reached from a domain crate, with the way it is reached.
pub fn impurities(graph: &Graph, domain_crates: &[&str]) -> Vec<String> {
    domain_crates
        .iter()
        .flat_map(|name| {
            graph
                .forbidden_paths(name)
                .into_iter()
                .map(move |path| format!("domain crate `{name}` depends on `{}` (through {})", path.last().expect("non-empty"), path.join(" -> ")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &str)]) -> Graph {
        let mut graph = Graph::default();
        for (from, to) in edges {
            graph.add(from, to);
        }
        graph
    }

    #[test]
    fn a_pure_domain_crate_passes() {
        let g = graph(&[("billing", "kernel"), ("billing", "serde"), ("kernel", "chrono"), ("chrono", "num-traits")]);
        assert_eq!(impurities(&g, &["billing", "kernel"]), Vec::<String>::new());
    }

    #[test]
    fn a_direct_framework_dependency_fails() {
        let g = graph(&[("billing", "kernel"), ("billing", "tokio")]);
        assert_eq!(impurities(&g, &["billing"]), vec!["domain crate `billing` depends on `tokio` (through billing -> tokio)"]);
    }

    #[test]
    fn an_infrastructure_crate_of_the_workspace_fails() {
        let g = graph(&[("referral", "credentials"), ("credentials", "argon2")]);
        let found = impurities(&g, &["referral"]);
        assert_eq!(found, vec!["domain crate `referral` depends on `credentials` (through referral -> credentials)"]);
    }

    #[test]
    fn a_forbidden_crate_reached_through_another_crate_fails() {
        // billing -> helper -> diesel: not direct, still a way to the database.
        let g = graph(&[("billing", "helper"), ("helper", "pq-glue"), ("pq-glue", "diesel")]);
        let found = impurities(&g, &["billing"]);
        assert_eq!(found, vec!["domain crate `billing` depends on `diesel` (through billing -> helper -> pq-glue -> diesel)"]);
    }

    #[test]
    fn a_crate_in_no_class_fails() {
        let crates = vec!["billing".to_owned(), "payments".to_owned(), "server".to_owned(), "newthing".to_owned()];
        assert_eq!(unclassed(&crates), vec!["crate `newthing` is not classed as domain, pure library, adapter or app (xtask/src/tidy/mod.rs)"]);
    }

    #[test]
    fn a_new_adapter_is_forbidden_to_domains_without_listing_it_twice() {
        let g = graph(&[("billing", "payments")]);
        assert_eq!(impurities(&g, &["billing"]), vec!["domain crate `billing` depends on `payments` (through billing -> payments)"]);
    }

    #[test]
    fn the_real_workspace_is_classed_and_pure() {
        let output = Command::new(env!("CARGO")).args(["metadata", "--format-version", "1"]).output().unwrap();
        let metadata: Value = serde_json::from_slice(&output.stdout).unwrap();
        let g = Graph::from_metadata(&metadata);
        assert!(g.edges.get("db").is_some_and(|deps| deps.contains("diesel")), "the graph is read from cargo metadata");
        assert_eq!(impurities(&g, &pure_crates()), Vec::<String>::new());
        let crates = workspace_crates(&metadata);
        assert!(crates.contains(&"db".to_owned()), "the workspace's crates are read");
        assert_eq!(unclassed(&crates), Vec::<String>::new());
    }
}
