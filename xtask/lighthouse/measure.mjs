// One Lighthouse run (mobile, the performance category) for `cargo xtask bench lighthouse`:
// node measure.mjs <url> <report.json> [access token]. Simulated throttling unless
// LIGHTHOUSE_THROTTLING says `devtools` (`--devtools`: the page loaded on a throttled connection).
// With a token the page is measured as that member: the token is put where the app keeps it
// (localStorage `token` and `tokenDate`, as signing in does) on the page's origin first, and
// Lighthouse keeps the storage (`disableStorageReset`), as a member's reload would find it.
// Chromium is Debian's (CHROME_PATH), driven through puppeteer-core; nothing is downloaded.
import { writeFileSync } from "node:fs";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const [url, output, token] = process.argv.slice(2);
if (!url || !output) {
  // The bench always passes both; a call by hand without them is told how to call it.
  throw new Error("usage: node measure.mjs <url> <report.json> [access token]");
}
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  if (token) {
    // Any page of the origin gives access to its storage: the small offline page (the manifest
    // would be a download, which aborts the navigation).
    await page.goto(new URL("/offline.html", url).href);
    await page.evaluate((value) => {
      localStorage.setItem("token", value);
      localStorage.setItem("tokenDate", String(Date.now()));
    }, token);
  }
  const result = await lighthouse(
    url,
    {
      output: "json",
      onlyCategories: ["performance"],
      throttlingMethod: process.env.LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate",
      disableStorageReset: Boolean(token),
      logLevel: "error",
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  writeFileSync(output, result.report);
} finally {
  await browser.close();
}
