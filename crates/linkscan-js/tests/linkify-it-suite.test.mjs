// linkify-it's own test file (test/test.mjs of linkify-it, commit 8e887d5;
// its fixtures in fixtures/linkify-it/, MIT) run on linkscan/linkify-it:
// every case passes, or is listed below with why the drop-in differs.
// A listed case that passes fails the test (drop it from the list).
//
// linkify-it's test file was written for linkify-it 5, whose defaults
// find links without a scheme: `linkify5` makes the drop-in the same way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import linkify from "linkscan/linkify-it";

const linkify5 = (options = {}) => linkify({ fuzzyLink: true, ...options });
const fixture = (name) =>
  readFileSync(new URL(`./fixtures/linkify-it/${name}`, import.meta.url), "utf8").split(/\r?\n/g);

const AFTER_SLASH = "UTS #58 finds a host right after `/` (linkify-it: not after `/` or `:`)";
const LOCAL = "a host without an IANA TLD is a link only with localHosts (a LinkFinder option): linkify-it takes any after a scheme";
const SCHEME_RELATIVE = "no scheme-relative links (`//host`): UTS #58 reads the host after `//` alone";
const IP = "IP hosts only after a scheme (fuzzyIP: ipHosts); linkify-it also finds them bare";
const NO_VALIDATORS = "custom schema validators and normalizers are not run: linkscan's rules decide, the scheme is allowed";

/** links.txt: line → why the drop-in's link differs (or is none). */
const LINKS = new Map([
  [20, "an `@` later in the same run of text makes `www.ibm.com)[mailto](mailto:someone` user information to a URL parser, host `ibm.com)`: linkscan links no URL whose host a parser could read otherwise"],
  [37, LOCAL], [40, LOCAL], [43, LOCAL], [46, LOCAL], [65, LOCAL],
  [61, SCHEME_RELATIVE], [63, SCHEME_RELATIVE], [82, SCHEME_RELATIVE],
  [88, IP], [90, IP],
  [134, "a quotation mark at a link's end is not part of it (UTS #58 §3.5: it closes a quote around the link)"],
  [136, "a quotation mark at a link's end is not part of it (UTS #58 §3.5: it closes a quote around the link)"],
  [248, "a quoted local part is no address: UTS #58 §5.2's local parts hold no `\"`"],
  [269, "an address's domain needs an IANA TLD, with `mailto:` too"],
  [316, "U+FF5C FULLWIDTH VERTICAL LINE ends no link in UTS #58 (linkify-it ends one there)"],
]);

/** not_links.txt: line → why the drop-in finds a link. */
const NOT_LINKS = new Map([
  [15, AFTER_SLASH],
  [18, "letters or `_` glued before an allowed scheme are not part of the link: `_http://example.com` links `http://example.com`"],
  [19, AFTER_SLASH],
  [36, AFTER_SLASH],
]);

test("links.txt: each line's link, as linkify-it's test finds it", () => {
  // (The test file turns linkify-it's normalizer off, so its `url` is the
  // text found: the drop-in's is `raw`; its `url` always has a scheme.)
  const l = linkify5({ fuzzyIP: true });
  const lines = fixture("links.txt");
  let cases = 0;
  for (let idx = 0; idx < lines.length; idx++) {
    const lineNo = idx + 1;
    const line = lines[idx].replace(/^%.*/, "");
    const next = (lines[idx + 1] ?? "").replace(/^%.*/, "");
    if (!line.trim()) continue;
    // A line followed by another: that one is the link expected.
    const expected = next.trim() ? next : line;
    if (next.trim()) idx++;
    cases++;
    const found = l.match(line)?.[0]?.raw ?? null;
    const agrees = l.pretest(line) && l.test(`\n${line}\n`) && l.test(line) && found === expected;
    const cause = LINKS.get(lineNo);
    if (cause) assert.ok(!agrees, `line ${lineNo} agrees now: drop it from the list (${cause})`);
    else assert.ok(agrees, `line ${lineNo}: ${JSON.stringify(line)} gave ${JSON.stringify(found)}, not ${JSON.stringify(expected)}`);
  }
  assert.equal(cases, 117);
});

test("not_links.txt: no link in each line", () => {
  const l = linkify5();
  let cases = 0;
  fixture("not_links.txt").forEach((raw, idx) => {
    const line = raw.replace(/^%.*/, "");
    if (!line.trim()) return;
    cases++;
    const cause = NOT_LINKS.get(idx + 1);
    if (cause) assert.ok(l.test(line), `line ${idx + 1} has no link now: drop it from the list (${cause})`);
    else assert.ok(!l.test(line), `line ${idx + 1}: ${JSON.stringify(line)} gave ${JSON.stringify(l.match(line)?.[0])}`);
  });
  assert.equal(cases, 38);
});

test("the API cases of linkify-it's test file", () => {
  // extend tlds: a list replaces the built-in one; `keepOld` throws
  // (pass the whole list, or a LinkFinder with tlds: "any").
  assert.ok(!linkify5().test("google.myroot"));
  assert.throws(() => linkify5().tlds("myroot", true), /keepOld/);
  const mine = linkify5().tlds(["myroot"]);
  assert.ok(mine.test("google.myroot") && !mine.test("google.xyz"));
  // add rule as regexp, with a normalizer; @twitter — NO_VALIDATORS: `my:`
  // is allowed in `my://` links, whose host still needs a TLD.
  const my = linkify5().add("my:", { validate: /^\/\/[a-z]+/ });
  assert.deepEqual(my.match("google.com. my:// my://asdf!").map((m) => m.text), ["google.com"], NO_VALIDATORS);
  assert.equal(my.match("my://asdf.com")[0].text, "my://asdf.com");
  // disable rule: the built-in schemes stay (a LinkFinder with `schemes`
  // decides them); addresses go with fuzzyEmail: false.
  const l = linkify5().add("http:", null);
  assert.ok(l.test("http://google.com"));
  assert.ok(!linkify5({ fuzzyEmail: false }).test("foo@bar.com"));
  // test at position
  const t = linkify();
  assert.ok(t.testSchemaAt("http://google.com", "http:", 5));
  assert.ok(t.testSchemaAt("http://google.com", "HTTP:", 5));
  assert.ok(!t.testSchemaAt("http://google.com", "http:", 6));
  assert.ok(!t.testSchemaAt("http://google.com", "bad_schema:", 6));
  // correct cache value
  const texts = linkify5().match(".com. http://google.com google.com ftp://google.com").map((m) => m.text);
  assert.deepEqual(texts, ["http://google.com", "google.com", "ftp://google.com"]);
  // normalize
  assert.equal(linkify().match("mailto:foo@bar.com")[0].url, "mailto:foo@bar.com");
  assert.equal(linkify().match("foo@bar.com")[0].url, "mailto:foo@bar.com");
  // set option: fuzzyLink, fuzzyEmail
  const fuzzy = linkify({ fuzzyLink: false });
  assert.equal(fuzzy.test("google.com."), false);
  assert.equal(fuzzy.set({ fuzzyLink: true }).match("google.com.")[0].text, "google.com");
  const emails = linkify({ fuzzyEmail: false });
  assert.equal(emails.test("foo@bar.com."), false);
  assert.equal(emails.set({ fuzzyEmail: true }).match("foo@bar.com.")[0].text, "foo@bar.com");
  // set option: fuzzyIP — IP: a bare 1.1.1.1 is no link; after a scheme it is.
  const ip = linkify().set({ fuzzyIP: true });
  assert.equal(ip.test("1.1.1.1."), false, IP);
  assert.equal(ip.match("http://1.1.1.1.")[0].text, "http://1.1.1.1");
  // no hang on a run of astral characters
  linkify5().match("😡".repeat(35) + " .com");
  // `---`: not an option of the drop-in (UTS #58 keeps `---` in a path).
  assert.equal(linkify().match("http://e.com/foo---bar")[0].text, "http://e.com/foo---bar");
  assert.throws(() => linkify(null, { "---": true }), /not an option/);
  // matchAtStart
  const start = linkify5();
  assert.equal(start.matchAtStart("http://google.com 123").text, "http://google.com");
  assert.ok(!start.matchAtStart("google.com 123"));
  assert.ok(!start.matchAtStart("  http://google.com 123"));
  for (const [text, count, atStart] of [["http://google.com http://google.com", 2, true], ["aaa http://google.com http://google.com", 2, false]]) {
    assert.equal(Boolean(start.matchAtStart(text)), atStart);
    assert.equal(start.match(text).length, count);
  }
  assert.ok(!start.matchAtStart("http://") && !start.matchAtStart("https://"));
});
