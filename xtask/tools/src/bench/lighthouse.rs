//! `bench lighthouse [--devtools] [--runs N]`: Lighthouse (mobile form factor, simulated
//! throttling or with `--devtools` Chromium's own, the performance category) against a release
//! build of the server and the app, in Debian's Chromium, on the landing page, `/books`, a book
//! page, `/pricing` and the monthly plan's checkout (as a guest), then on the reader of a premium
//! book and `/highlights` as a paid member (the member's token is stored as signing in stores it,
//! and kept: `xtask/lighthouse/measure.mjs`); prints each page's score, LCP, CLS and TBT against
//! the goals. `--runs N` measures each page N times and judges the median of each figure: on a
//! busy host one run's figures move by a few tenths of a second. Lighthouse and puppeteer-core come
//! from `xtask/lighthouse/package.json` (installed there when its lockfile changes, apart from the
//! app's packages) and never download a browser.

use super::Rig;
use anyhow::{Context, Result};
use std::path::Path;
use std::process::Command;
use xtask::frontend::{ensure_chromium, CHROMIUM};
use xtask::util::{run, step};

const DIR: &str = "xtask/lighthouse";
const GUEST_PAGES: [(&str, &str); 5] =
    [("landing", "/"), ("books", "/books"), ("book page", "/books/meditations"), ("pricing", "/pricing"), ("checkout", "/payment/monthly")];
/// Highlights the member has, on this many books, for `/highlights`.
const HIGHLIGHTS: usize = 30;
const BOOKS_HIGHLIGHTED: usize = 5;

/// How Lighthouse slows the page down to a mobile phone's.
#[derive(Clone, Copy)]
pub(super) enum Throttling {
    /// Lighthouse's default: the page loads at full speed and Lantern simulates a slow 4G
    /// connection and CPU from that trace. It counts whatever ended before the observed largest
    /// paint as holding it up, whatever the order would have been on the slow connection.
    Simulated,
    /// `--devtools`: the page loads through Chromium's own throttling (a round trip and a
    /// bandwidth limit per request), so the order of requests on a slow connection shows as it
    /// is (docs/performance.md §5, runs 18-31). Its figures are not comparable with the simulated
    /// ones.
    DevTools,
}

impl Throttling {
    fn name(self) -> &'static str {
        match self {
            Throttling::Simulated => "simulated throttling",
            Throttling::DevTools => "DevTools throttling",
        }
    }

    /// Lighthouse's `throttlingMethod`.
    fn method(self) -> &'static str {
        match self {
            Throttling::Simulated => "simulate",
            Throttling::DevTools => "devtools",
        }
    }
}

/// One Lighthouse run's figures for a page.
#[derive(Clone, Copy)]
struct Figures {
    score: f64,
    lcp_seconds: f64,
    cls: f64,
    tbt_ms: f64,
    fcp_seconds: f64,
}

impl Figures {
    fn met(&self) -> bool {
        self.score >= 95.0 && self.lcp_seconds <= 2.0 && self.cls <= 0.05 && self.tbt_ms <= 150.0
    }

    fn row(&self, label: &str) -> String {
        format!(
            "{label:<10} performance {:>3.0}, LCP {:.2} s, CLS {:.3}, TBT {:.0} ms, FCP {:.2} s: {}",
            self.score,
            self.lcp_seconds,
            self.cls,
            self.tbt_ms,
            self.fcp_seconds,
            if self.met() { "met" } else { "NOT met" }
        )
    }

    /// Each figure's median over the runs, taken apart: a host that stalls in one run moves that
    /// run's blocking time and paints together, and one run would otherwise decide the row.
    fn median(runs: &[Figures]) -> Figures {
        let median_of = |figure: fn(&Figures) -> f64| {
            let mut values: Vec<f64> = runs.iter().map(figure).collect();
            values.sort_by(f64::total_cmp);
            let middle = values.len() / 2;
            if values.len() % 2 == 1 {
                values[middle]
            } else {
                (values[middle - 1] + values[middle]) / 2.0
            }
        };
        Figures {
            score: median_of(|f| f.score),
            lcp_seconds: median_of(|f| f.lcp_seconds),
            cls: median_of(|f| f.cls),
            tbt_ms: median_of(|f| f.tbt_ms),
            fcp_seconds: median_of(|f| f.fcp_seconds),
        }
    }
}

pub(super) fn run_pages(rig: &Rig, throttling: Throttling, runs: usize) -> Result<()> {
    ensure_chromium()?;
    if needs_install(Path::new(DIR)) {
        step("Installing Lighthouse (npm ci in xtask/lighthouse)");
        run(Command::new("npm").current_dir(DIR).args(["ci", "--no-audit", "--no-fund"]))?;
    }
    let client = rig.client()?;
    let token = rig.paid_member(&client, "lighthouse@bench.example")?;
    let premium = premium_book(rig)?;
    mark_highlights(rig, &client, &token)?;
    let member_pages = [("reader", format!("/books/{premium}")), ("highlights", "/highlights".to_owned())];

    let mut rows = Vec::new();
    let pages = GUEST_PAGES
        .iter()
        .map(|(label, path)| (*label, path.to_string(), None))
        .chain(member_pages.iter().map(|(label, path)| (*label, path.clone(), Some(&token))));
    for (label, path, token) in pages {
        let who = if token.is_some() { "as a paid member" } else { "as a guest" };
        let times = if runs > 1 { format!(", {runs} runs") } else { String::new() };
        step(&format!("Lighthouse: {label} ({path}) {who}, mobile, {}{times}", throttling.name()));
        // Each run writes over the last: the last run's report is the one kept.
        let report = rig.scratch.join(format!("lighthouse-{}.json", label.replace(' ', "-")));
        let mut figures = Vec::with_capacity(runs);
        for run in 1..=runs {
            let measured = measure(rig, &path, token, throttling, &report)?;
            if runs > 1 {
                println!("{}", measured.row(&format!("run {run}")));
            }
            figures.push(measured);
        }
        let median = Figures::median(&figures);
        let row = median.row(label);
        println!("{row}{}", if runs > 1 { " (medians)" } else { "" });
        rows.push(row);
    }
    let medians = if runs > 1 { format!(", medians of {runs} runs per page") } else { String::new() };
    step(&format!("Summary, {}{medians} (goals: performance >= 95, LCP <= 2.0 s, CLS <= 0.05, TBT <= 150 ms)", throttling.name()));
    for row in rows {
        println!("{row}");
    }
    Ok(())
}

/// One Lighthouse run on `path`, its report written to `report`.
fn measure(rig: &Rig, path: &str, token: Option<&String>, throttling: Throttling, report: &Path) -> Result<Figures> {
    let mut command = Command::new("node");
    command.arg(Path::new(DIR).join("measure.mjs")).arg(format!("{}{path}", rig.base)).arg(report).env("CHROME_PATH", CHROMIUM);
    command.env("LIGHTHOUSE_THROTTLING", throttling.method());
    command.args(token);
    let output = command.output().context("running Lighthouse")?;
    anyhow::ensure!(output.status.success(), "Lighthouse failed on {path}: {}", String::from_utf8_lossy(&output.stderr));
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(report)?).context("reading Lighthouse's report")?;
    if let Some(error) = json["runtimeError"]["code"].as_str() {
        anyhow::bail!("Lighthouse could not measure {path}: {error} ({})", json["runtimeError"]["message"]);
    }
    let audit = |name: &str| json["audits"][name]["numericValue"].as_f64().unwrap_or(f64::NAN);
    Ok(Figures {
        score: json["categories"]["performance"]["score"].as_f64().unwrap_or(f64::NAN) * 100.0,
        lcp_seconds: audit("largest-contentful-paint") / 1000.0,
        cls: audit("cumulative-layout-shift"),
        tbt_ms: audit("total-blocking-time"),
        fcp_seconds: audit("first-contentful-paint") / 1000.0,
    })
}

/// A premium (not free) book with a summary, by subid.
fn premium_book(rig: &Rig) -> Result<String> {
    use db::schema::books;
    use diesel::prelude::*;
    let mut conn = PgConnection::establish(&rig.url)?;
    books::table
        .filter(books::free.eq(false).and(books::body.ne("")).and(books::coming_soon.eq(false)))
        .order(books::id)
        .select(books::subid)
        .first(&mut conn)
        .context("the benchmark database has no premium book")
}

/// `HIGHLIGHTS` highlights through the API, spread over the first books with a summary.
fn mark_highlights(rig: &Rig, client: &reqwest::blocking::Client, token: &str) -> Result<()> {
    use db::schema::books;
    use diesel::prelude::*;
    let mut conn = PgConnection::establish(&rig.url)?;
    let books: Vec<i64> = books::table.filter(books::body.ne("")).order(books::id).select(books::id).limit(BOOKS_HIGHLIGHTED as i64).load(&mut conn)?;
    for n in 0..HIGHLIGHTS {
        let start = (n / books.len()) * 14;
        let colour = ["yellow", "green", "pink"][n % 3];
        let body = serde_json::json!({
            "bookId": books[n % books.len()].to_string(), "section": 0,
            "startBlock": "b0", "startOffset": start, "endBlock": "b0", "endOffset": start + 12,
            "colour": colour, "note": (n % 4 == 0).then(|| format!("A note on highlight {n}")),
        });
        let answer = client.post(format!("{}/api/user/highlights", rig.base)).bearer_auth(token).json(&body).send()?;
        anyhow::ensure!(answer.status().is_success(), "marking a highlight: {} {}", answer.status(), answer.text().unwrap_or_default());
    }
    Ok(())
}

/// Whether `dir`'s packages are missing or older than its lockfile (npm writes
/// `node_modules/.package-lock.json` at each install).
fn needs_install(dir: &Path) -> bool {
    let modified = |path: std::path::PathBuf| std::fs::metadata(path).and_then(|m| m.modified()).ok();
    match (modified(dir.join("package-lock.json")), modified(dir.join("node_modules/.package-lock.json"))) {
        (Some(lock), Some(installed)) => lock > installed,
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::Figures;

    fn figures(score: f64, lcp_seconds: f64, tbt_ms: f64) -> Figures {
        Figures { score, lcp_seconds, cls: 0.0, tbt_ms, fcp_seconds: lcp_seconds - 0.2 }
    }

    #[test]
    fn each_figure_is_its_own_median_over_an_odd_number_of_runs() {
        // The run with the worst blocking time has the best paint: neither decides the row alone.
        let runs = [figures(90.0, 1.8, 400.0), figures(97.0, 2.1, 100.0), figures(95.0, 1.9, 140.0)];
        let median = Figures::median(&runs);
        assert_eq!((median.score, median.lcp_seconds, median.tbt_ms), (95.0, 1.9, 140.0));
        assert!(median.met());
    }

    #[test]
    fn the_median_of_an_even_number_of_runs_is_the_mean_of_the_middle_two() {
        let median = Figures::median(&[figures(90.0, 2.4, 100.0), figures(96.0, 2.0, 300.0)]);
        assert_eq!((median.score, median.tbt_ms), (93.0, 200.0));
        assert!((median.lcp_seconds - 2.2).abs() < 1e-9);
        assert!(!median.met());
    }

    #[test]
    fn a_page_meets_the_goals_only_when_every_figure_does() {
        assert!(figures(95.0, 2.0, 150.0).met());
        assert!(!figures(94.0, 2.0, 150.0).met());
        assert!(!figures(95.0, 2.01, 150.0).met());
        assert!(!figures(95.0, 2.0, 151.0).met());
        assert!(!Figures { cls: 0.06, ..figures(95.0, 2.0, 150.0) }.met());
    }
}
