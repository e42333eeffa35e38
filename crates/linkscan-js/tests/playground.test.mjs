// The playground in headless Chromium (Debian's, driven by playwright-core):
// it loads the installed package, marks the links of the text, lists them
// with hrefs and display forms, shows the HTML, follows the dialect and
// profile, and reports a bad state instead of breaking. With
// LINKSCAN_SCREENSHOT set, it saves a screenshot there (the README's).
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { serve } from "./playground/serve.mjs";

let server, browser, page;
const errors = [];

before(async () => {
  server = await serve(0);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    // Chromium's own network use fails on machines without one; none is needed.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => /links? in/.test(document.getElementById("status").textContent));
  await page.waitForFunction(() => document.getElementById("markdown").textContent !== "loading…");
  await page.waitForFunction(() => document.querySelector("#marked mark.miss") !== null); // linkscan/explain loaded
});

after(async () => {
  await browser?.close();
  server?.close();
});

const rows = () => page.$$eval("#links tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));

test("the sample text's links, marked and listed with hrefs and display forms", async () => {
  const all = await page.$$eval("#marked mark", (ms) => ms.map((m) => [m.className, m.textContent]));
  assert.deepEqual(all.filter(([kind]) => kind === "miss"), [["miss", "README.md"], ["miss", "@ann@chaos.social"]]);
  const marks = all.filter(([kind]) => kind !== "miss");
  assert.deepEqual(marks, [
    ["url", "https://ja.wikipedia.org/wiki/日本（国）"],
    ["email", "アルベルト@example.com"],
    ["url", "example.com"],
    ["url", "www.example.org/αβγ"],
    ["url", "https://en.wikipedia.org/wiki/Anton%C3%ADn_Dvo%C5%99%C3%A1k"],
  ]);
  const table = await rows();
  assert.deepEqual(table[1].slice(0, 3), ["email", "アルベルト@example.com", "mailto:アルベルト@example.com"]);
  assert.equal(table[4][3], "https://en.wikipedia.org/wiki/Antonín_Dvořák");
  assert.match(await page.textContent("#html"), /<a href="mailto:アルベルト@example.com">/);
  assert.match(await page.textContent("#markdown"), /^<p>Docs: <a href=/);
  if (process.env.LINKSCAN_SCREENSHOT) await page.screenshot({ path: process.env.LINKSCAN_SCREENSHOT, fullPage: true });
});

test("why: choosing a link or a near-miss shows the rules that decided it", async () => {
  const sample = await page.inputValue("#input");
  await page.fill("#input", "See https://en.wikipedia.org/wiki/Rust_(language)). Or x.notatld");
  const marks = await page.$$eval("#marked mark", (ms) => ms.map((m) => [m.className, m.textContent]));
  assert.deepEqual(marks, [["url", "https://en.wikipedia.org/wiki/Rust_(language)"], ["miss", "notatld"]]);
  await page.click("#marked mark.url");
  const rules = () => page.$$eval("#why li code:first-child", (cs) => cs.map((c) => c.textContent));
  assert.deepEqual(await rules(), ["scheme", "bracket-closed", "unmatched-close"]);
  assert.match(await page.textContent("#why"), /closes none opened in the same part/);
  await page.focus("#marked mark.miss");
  await page.keyboard.press("Enter");
  assert.deepEqual(await rules(), ["tld-not-accepted"]);
  assert.match(await page.textContent("#why p"), /^No link: notatld/);
  assert.deepEqual(errors, []);
  await page.fill("#input", sample);
});

test("dialect and profile change what is found", async () => {
  await page.selectOption("#profile", "chat");
  let found = (await rows()).map((r) => [r[0], r[1]]);
  assert.deepEqual(found.filter(([kind]) => kind === "handle"), [["handle", "@ann@chaos.social"]]);
  assert.ok(!found.some(([, text]) => text === "README.md"), "file names are no links");
  await page.selectOption("#profile", "strict");
  found = (await rows()).map((r) => r[1]);
  assert.ok(found.includes("README.md"), "strict links file names, as the spec's letter does");
  await page.selectOption("#dialect", "gfm");
  assert.ok(await page.isDisabled("#profile"));
  found = (await rows()).map((r) => r[1]);
  // GitHub's rules: 。 is part of the URL, addresses are ASCII, no bare domains.
  assert.deepEqual(found, ["https://ja.wikipedia.org/wiki/日本（国）。", "ann@chaos.social", "www.example.org/αβγ",
    "https://en.wikipedia.org/wiki/Anton%C3%ADn_Dvo%C5%99%C3%A1k"]);
  await page.selectOption("#dialect", "uts58");
  await page.selectOption("#profile", "default");
});

test("typed text is text: markup in it is never run or parsed", async () => {
  await page.fill("#input", '<img src=x onerror="window.owned=1"> javascript:alert(1) x.com');
  assert.equal(await page.$$eval("#marked img", (imgs) => imgs.length), 0);
  assert.equal(await page.evaluate(() => window.owned), undefined);
  assert.deepEqual((await rows()).map((r) => r[1]), ["x.com"], await page.textContent("#status"));
  assert.match(await page.textContent("#html"), /^&lt;img src=x onerror=&quot;window.owned=1&quot;&gt; javascript:alert\(1\) <a href="https:\/\/x.com">/);
  await page.fill("#input", "");
  assert.equal(await page.textContent("#status").then((s) => s.startsWith("0 links")), true);
  assert.deepEqual(errors, []);
});
