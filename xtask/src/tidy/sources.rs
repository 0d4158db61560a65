//! Rules read from the source files themselves: handlers reach the database only through use
//! cases, and the store's domain folders do not import each other.

use std::path::{Path, PathBuf};

/// The store's domain folders (`crates/db/src/<folder>/`): each implements its domain's ports and
/// names no other folder. `shared`, `schema`, `pool`, `prepared` and `testing` are plumbing any
/// folder may use; `erasure` and `operators` sit at the crate's root and may use every folder.
pub const STORE_DOMAINS: &[&str] =
    &["admin", "billing", "catalogue", "challenge", "highlights", "identity", "podcast_feed", "progress", "referral", "review", "summariser"];

/// Each store folder's store type (`domain_store!` in its `mod.rs`; identity's is pool-backed). A
/// folder implements ports on its own type only and names no other folder's: the crate root
/// re-exports every type, so `crate::PgBillingStore` would otherwise slip past the folder check.
pub const STORE_TYPES: &[(&str, &str)] = &[
    ("admin", "PgAdminStore"),
    ("billing", "PgBillingStore"),
    ("catalogue", "PgCatalogueStore"),
    ("challenge", "PgChallengeStore"),
    ("highlights", "PgHighlightStore"),
    ("identity", "PgIdentityStore"),
    ("podcast_feed", "PgFeedStore"),
    ("progress", "PgProgressStore"),
    ("referral", "PgReferralStore"),
    ("review", "PgReviewStore"),
    ("summariser", "PgSummaryStore"),
];

/// Crate-root modules that compose domain folders, which a domain folder must not name either
/// (`erasure` is called by identity's erase only, listed in `STORE_EXCEPTIONS`).
const STORE_ROOT_COMPOSERS: &[&str] = &["operators", "erasure"];

/// Cross-folder uses that remain, each with why; any other fails. The back office reaches other
/// domains' rows through their ports (`billing::ports::OperatorOffers`,
/// `catalogue::ports::OperatorCatalogue`, `billing::ports::OperatorGrants`) on the same connection.
pub const STORE_EXCEPTIONS: &[(&str, &str, &str)] =
    &[("identity/store.rs", "crate::erasure", "account deletion: the crate root lists every domain's erase, run in identity's transaction")];

/// Lines of a Rust file without `//` comments (doc comments included), so prose may name things.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, line)| (i + 1, line.split("//").next().unwrap_or(""))).filter(|(_, code)| !code.trim().is_empty())
}

/// A route file that names Diesel or the `db` crate: a handler parses, calls one use case and maps
/// the answer; the store is reached through `AppState`'s use-case runners only.
pub fn route_violations(file: &str, text: &str) -> Vec<String> {
    code_lines(text)
        .filter(|(_, code)| code.contains("diesel") || has_path(code, "db::"))
        .map(|(n, code)| format!("{file}:{n}: a route names the database (`{}`); call a use case instead", code.trim()))
        .collect()
}

/// `path` appears as a path start (not inside a longer name such as `reqwest_db::`).
fn has_path(code: &str, path: &str) -> bool {
    code.match_indices(path).any(|(at, _)| at == 0 || !code[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_'))
}

/// A file of a store folder (`folder/file.rs`, relative to `crates/db/src`) that names another
/// domain's folder or a root composer, unless listed in `STORE_EXCEPTIONS`.
pub fn store_violations(relative: &str, text: &str) -> Vec<String> {
    let Some(own) = relative.split('/').next().filter(|folder| STORE_DOMAINS.contains(folder) && relative.contains('/')) else { return vec![] };
    let others: Vec<String> = STORE_DOMAINS.iter().filter(|d| **d != own).chain(STORE_ROOT_COMPOSERS).map(|d| format!("crate::{d}")).collect();
    let mut found = Vec::new();
    for (n, code) in code_lines(text) {
        for (_, store) in STORE_TYPES.iter().filter(|(folder, _)| *folder != own) {
            let named = code.match_indices(store).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                let after = code[at + store.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            if named {
                found.push(format!("crates/db/src/{relative}:{n}: the `{own}` folder names `{store}`, another domain's store; go through that domain's port"));
            }
        }
        // `use crate::{billing, shared};` names folders too.
        for (at, _) in code.match_indices("crate::{") {
            let group = code[at + 8..].split('}').next().unwrap_or("");
            for item in group.split(',').map(|item| item.trim().split("::").next().unwrap_or("").trim()) {
                let used = format!("crate::{item}");
                if others.contains(&used) && !STORE_EXCEPTIONS.iter().any(|(file, path, _)| *file == relative && path.starts_with(&used)) {
                    found.push(format!("crates/db/src/{relative}:{n}: the `{own}` folder uses `{used}`; go through that domain's port"));
                }
            }
        }
        for other in &others {
            for (at, _) in code.match_indices(other.as_str()) {
                let rest = &code[at + other.len()..];
                if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                    continue; // a longer name, e.g. `crate::billing_x`
                }
                let used: String = code[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
                let used = used.trim_end_matches(':');
                let excused = STORE_EXCEPTIONS.iter().any(|(file, path, _)| *file == relative && used.starts_with(path));
                if !excused {
                    found.push(format!("crates/db/src/{relative}:{n}: the `{own}` folder uses `{used}`; go through that domain's port"));
                }
            }
        }
    }
    found
}

/// `text` declares `store_type`: as a plain `struct`, or inside `domain_store! { /// docs\n Type }`.
fn declares_store_type(text: &str, store_type: &str) -> bool {
    text.contains(&format!("struct {store_type}"))
        || text
            .match_indices("domain_store! {")
            .any(|(at, opener)| text[at + opener.len()..].split('}').next().is_some_and(|inside| inside.lines().any(|line| line.trim() == store_type)))
}

/// Columns a store write may list as a tuple of `column.eq(..)`; a wider write is a named
/// `Insertable` or `AsChangeset` row, so its columns are read (and reviewed) as one struct.
pub const MAX_TUPLE_COLUMNS: usize = 3;

/// `.values((..))` or `.set((..))` writes in a store file with more than `MAX_TUPLE_COLUMNS`
/// `column.eq(..)` pairs.
pub fn wide_tuple_writes(relative: &str, text: &str) -> Vec<String> {
    let code: String = text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut found = Vec::new();
    for opener in [".values((", ".set(("] {
        for (at, _) in code.match_indices(opener) {
            let start = at + opener.len() - 1;
            let mut depth = 0usize;
            let mut end = start;
            for (offset, c) in code[start..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            end = start + offset;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let columns = code[start..end].matches(".eq(").count();
            if columns > MAX_TUPLE_COLUMNS {
                let line = code[..at].matches('\n').count() + 1;
                found.push(format!(
                    "crates/db/src/{relative}:{line}: a write of {columns} columns as a tuple; name its row (`#[derive(Insertable)]` or `AsChangeset`)"
                ));
            }
        }
    }
    found
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// Every source rule over the workspace at `root`.
pub fn source_violations(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let routes = root.join("apps/server/src/routes");
    for file in rust_files(&routes) {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let shown = file.strip_prefix(root).unwrap_or(&file).display().to_string();
        found.extend(route_violations(&shown, &text));
    }
    let store = root.join("crates/db/src");
    for file in rust_files(&store) {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let relative = file.strip_prefix(&store).unwrap_or(&file).to_string_lossy().replace('\\', "/");
        found.extend(store_violations(&relative, &text));
        found.extend(wide_tuple_writes(&relative, &text));
    }
    for (folder, store_type) in STORE_TYPES {
        let declared = rust_files(&store.join(folder)).iter().any(|file| declares_store_type(&std::fs::read_to_string(file).unwrap_or_default(), store_type));
        if !declared {
            found.push(format!("crates/db/src/{folder}: declares no `{store_type}`, the folder's store type"));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_that_opens_a_store_fails() {
        let text = "fn job(state: AppState) {\n    let store = db::Gate::new(&mut conn);\n}\n";
        assert_eq!(
            route_violations("routes/x.rs", text),
            vec!["routes/x.rs:2: a route names the database (`let store = db::Gate::new(&mut conn);`); call a use case instead"]
        );
    }

    #[test]
    fn a_route_that_names_diesel_fails_but_prose_and_longer_names_pass() {
        assert_eq!(route_violations("r.rs", "use diesel::prelude::*;\n").len(), 1);
        assert!(route_violations("r.rs", "/// The db:: crate is not named here.\nlet x = mongodb::Client;\n").is_empty());
    }

    #[test]
    fn a_store_folder_importing_another_folder_fails() {
        let text = "use crate::billing::grants::insert_grant;\nuse crate::shared::audit::append_audit;\nuse crate::{referral, schema};\n";
        assert_eq!(
            store_violations("identity/store.rs", text),
            vec![
                "crates/db/src/identity/store.rs:1: the `identity` folder uses `crate::billing::grants::insert_grant`; go through that domain's port",
                "crates/db/src/identity/store.rs:3: the `identity` folder uses `crate::referral`; go through that domain's port",
            ]
        );
    }

    #[test]
    fn a_store_folder_naming_another_domains_store_type_fails() {
        let text = "use crate::PgBillingStore;\nimpl CouponDesk for PgAdminStore<'_> {}\nimpl GrantBook for crate::PgBillingStore<'_> {}\n";
        assert_eq!(
            store_violations("admin/coupons.rs", text),
            vec![
                "crates/db/src/admin/coupons.rs:1: the `admin` folder names `PgBillingStore`, another domain's store; go through that domain's port",
                "crates/db/src/admin/coupons.rs:3: the `admin` folder names `PgBillingStore`, another domain's store; go through that domain's port",
            ]
        );
        assert!(store_violations("billing/mod.rs", "impl CouponBook for PgBillingStore<'_> {}\n").is_empty(), "its own type");
        assert!(store_violations("admin/coupons.rs", "let s = MyPgBillingStoreX;\n").is_empty(), "a longer name");
    }

    #[test]
    fn its_own_folder_plumbing_and_listed_exceptions_pass() {
        assert!(store_violations("billing/grants.rs", "use crate::billing::CouponRow;\nuse crate::shared::gate::port_failure;\n").is_empty());
        assert!(store_violations("identity/store.rs", "crate::erasure::erase_member(conn, id)?;\n").is_empty());
        assert_eq!(store_violations("admin/members.rs", "crate::erasure::erase_member(conn, id)?;\n").len(), 1, "an exception holds for its file only");
        assert_eq!(
            store_violations("admin/coupons.rs", "use crate::billing::CouponRow;\n").len(),
            1,
            "the back office reads billing's coupons through its port"
        );
        assert!(store_violations("erasure.rs", "use crate::{admin, billing};\ncrate::billing::x();\n").is_empty(), "the root composes");
    }

    #[test]
    fn a_write_of_four_columns_as_a_tuple_fails_and_three_or_a_named_row_pass() {
        let wide =
            "diesel::insert_into(t::table)\n    .values((\n        t::a.eq(1),\n        t::b.eq(f(2)),\n        t::c.eq(3),\n        t::d.eq(4),\n    ))\n";
        assert_eq!(
            wide_tuple_writes("billing/x.rs", wide),
            vec!["crates/db/src/billing/x.rs:2: a write of 4 columns as a tuple; name its row (`#[derive(Insertable)]` or `AsChangeset`)"]
        );
        let update = "diesel::update(t::table).set((t::a.eq(1), t::b.eq(2), t::c.eq(3), t::d.eq(t::d + 1))).execute(conn)";
        assert_eq!(wide_tuple_writes("x/y.rs", update).len(), 1, "an update counts too");
        assert!(wide_tuple_writes("x/y.rs", ".values((t::a.eq(1), t::b.eq(2), t::c.eq(3)))").is_empty());
        assert!(wide_tuple_writes("x/y.rs", ".values((NewRow { a, b, c, d }, t::e.eq(5)))").is_empty());
        assert!(wide_tuple_writes("x/y.rs", ".values((\n // a.eq(1) b.eq(2) c.eq(3) d.eq(4)\n t::a.eq(1)))").is_empty(), "comments are not code");
    }

    #[test]
    fn a_store_type_is_declared_by_a_struct_or_the_macro_and_not_by_a_mention() {
        assert!(declares_store_type("pub struct PgIdentityStore {\n", "PgIdentityStore"));
        assert!(declares_store_type("crate::shared::gate::domain_store! {\n    /// Billing's ports.\n    PgBillingStore\n}\n", "PgBillingStore"));
        assert!(!declares_store_type("impl CouponBook for PgBillingStore<'_> {}\n", "PgBillingStore"), "an impl is not a declaration");
        assert!(!declares_store_type("domain_store! {\n    PgAdminStore\n}\nfn f(_: PgBillingStore) {}\n", "PgBillingStore"), "only the macro's own type");
    }

    #[test]
    fn every_store_folder_has_one_store_type() {
        let folders: Vec<&str> = STORE_TYPES.iter().map(|(folder, _)| *folder).collect();
        assert_eq!(folders, STORE_DOMAINS);
    }

    #[test]
    fn the_real_sources_keep_the_rules() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace");
        assert!(root.join("crates/db/src/billing").is_dir(), "the store's folders are read");
        assert_eq!(source_violations(root), Vec::<String>::new());
    }
}
