//! `bench lighthouse`: Lighthouse (mobile form factor, simulated throttling, the performance
//! category) against a release build of the server and the app, in Debian's Chromium, on the
//! landing page, `/books`, a book page, `/pricing` and the monthly plan's checkout (as a guest);
//! prints each page's score, LCP, CLS and TBT. Lighthouse
//! comes from `xtask/lighthouse/package.json` (installed there on first use, apart from the app's
//! packages) and never downloads a browser.

use super::Rig;
use anyhow::{Context, Result};
use std::path::Path;
use std::process::Command;
use xtask::frontend::{ensure_chromium, CHROMIUM};
use xtask::util::{run, step};

const DIR: &str = "xtask/lighthouse";
const PAGES: [(&str, &str); 5] =
    [("landing", "/"), ("books", "/books"), ("book page", "/books/meditations"), ("pricing", "/pricing"), ("checkout", "/payment/monthly")];

pub(super) fn run_pages(rig: &Rig) -> Result<()> {
    ensure_chromium()?;
    let lighthouse = Path::new(DIR).join("node_modules/.bin/lighthouse");
    if !lighthouse.exists() {
        step("Installing Lighthouse (npm ci in xtask/lighthouse)");
        run(Command::new("npm").current_dir(DIR).args(["ci", "--no-audit", "--no-fund"]))?;
    }
    let mut rows = Vec::new();
    for (label, path) in PAGES {
        step(&format!("Lighthouse: {label} ({path}), mobile, simulated throttling"));
        let report = rig.scratch.join(format!("lighthouse-{}.json", label.replace(' ', "-")));
        let output = Command::new(&lighthouse)
            .arg(format!("{}{path}", rig.base))
            .args(["--only-categories=performance", "--output=json", "--quiet", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"])
            .arg(format!("--output-path={}", report.display()))
            .env("CHROME_PATH", CHROMIUM)
            .output()
            .context("running Lighthouse")?;
        anyhow::ensure!(output.status.success(), "Lighthouse failed on {path}: {}", String::from_utf8_lossy(&output.stderr));
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report)?).context("reading Lighthouse's report")?;
        let audit = |name: &str| json["audits"][name]["numericValue"].as_f64().unwrap_or(f64::NAN);
        let score = json["categories"]["performance"]["score"].as_f64().unwrap_or(f64::NAN) * 100.0;
        let row = format!(
            "{label:<10} performance {score:>3.0}, LCP {:.2} s, CLS {:.3}, TBT {:.0} ms, FCP {:.2} s",
            audit("largest-contentful-paint") / 1000.0,
            audit("cumulative-layout-shift"),
            audit("total-blocking-time"),
            audit("first-contentful-paint") / 1000.0,
        );
        println!("{row}");
        rows.push(row);
    }
    step("Summary (goals: performance >= 95, LCP <= 2.0 s, CLS <= 0.05, TBT <= 150 ms)");
    for row in rows {
        println!("{row}");
    }
    Ok(())
}
