// The JavaScript API of the installed package: the UTS #58 conformance
// files through it, UTF-16 offsets, every option and profile, streams,
// HTML, Markdown, and bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LinkFinder, linkifyHtml, displayUrl, displayEmail, UNICODE_VERSION, TLD_LIST_VERSION,
} from "linkscan";
import { markdownToHtml } from "linkscan/markdown";
import { markdownToHtml as comrakToHtml } from "linkscan/comrak";
import { explain } from "linkscan/explain";
import { repoFile } from "./common.mjs";

const marked = (finder, text) => {
  let out = "", pos = 0;
  for (const link of finder.find(text)) {
    out += text.slice(pos, link.start) + "⸠" + text.slice(link.start, link.end) + "⸡";
    pos = link.end;
  }
  return out + text.slice(pos);
};

test("LinkDetectionTest.txt: every line", () => {
  const lines = repoFile("data", "LinkDetectionTest.txt").split("\n");
  const finder = new LinkFinder();
  let cases = 0;
  lines.forEach((expected, i) => {
    if (!expected || expected.startsWith("#")) return;
    cases++;
    const text = expected.replaceAll("⸠", "").replaceAll("⸡", "");
    assert.equal(marked(finder, text), expected, `line ${i + 1}`);
  });
  assert.equal(cases, 345);
});

// LinkFormattingTest.txt: each URL built from its `# {𝑺=… 𝑯=… 𝑷=…}` line
// with every piece escaped by encodeURIComponent, as JavaScript code builds
// URLs, then displayUrl must give the minimally escaped line.
test("LinkFormattingTest.txt: displayUrl of every URL escaped by encodeURIComponent", () => {
  const lines = repoFile("data", "LinkFormattingTest.txt").split("\n");
  const markers = ["𝑺=", "𝑯=", "𝑷=", "𝑸=", "𝑽=", "𝑭=", "𝑫="];
  let cases = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith("# {")) continue;
    const structure = lines[i].slice(3, lines[i].lastIndexOf("}"));
    const data = [];
    for (let j = i + 1; data.length < 2; j++) {
      if (lines[j] && !lines[j].startsWith("#")) data.push([j + 1, lines[j]]);
    }
    const [line, expected] = data[1];
    // A value runs until " " and the next marker.
    const starts = [];
    for (const m of markers) {
      for (let at = structure.indexOf(m); at >= 0; at = structure.indexOf(m, at + 1)) {
        if (at === 0 || structure[at - 1] === " ") starts.push([at, m]);
      }
    }
    starts.sort((a, b) => a[0] - b[0]);
    const parts = starts.map(([at, m], k) => [m, structure.slice(at + m.length, k + 1 < starts.length ? starts[k + 1][0] - 1 : undefined)]);
    const e = encodeURIComponent;
    let url = "", query = [], fragment = null;
    const directives = [];
    const paths = [];
    for (const [m, v] of parts) {
      if (m === "𝑺=" || m === "𝑯=") url += v;
      else if (m === "𝑷=") paths.push(e(v));
      else if (m === "𝑸=") query.push(e(v));
      else if (m === "𝑽=") query[query.length - 1] += "=" + e(v);
      else if (m === "𝑭=") fragment = e(v);
      else directives.push(e(v));
    }
    if (paths.length) url += "/" + paths.join("/");
    if (query.length) url += "?" + query.join("&");
    if (fragment !== null || directives.length) url += "#" + (fragment ?? "");
    for (const d of directives) url += ":~:" + d;
    assert.equal(displayUrl(url), expected, `line ${line}: ${url}`);
    cases++;
  }
  assert.equal(cases, 55);
});

test("offsets are JavaScript string indices on astral, CJK and combining text", () => {
  const text = "😀 𝑷 例子.中国/路径。 e\u0301 アルベルト@example.com 👍🏽 https://x.org/é";
  const links = new LinkFinder().find(text);
  assert.deepEqual(links.map((l) => l.text), ["例子.中国/路径", "アルベルト@example.com", "https://x.org/é"]);
  for (const link of links) assert.equal(text.slice(link.start, link.end), link.text);
  assert.deepEqual(links.map((l) => l.start), [6, 19, 42]);
  // ASCII text takes the fast path: the same offsets.
  const ascii = "see a.com and b@c.org";
  assert.deepEqual(new LinkFinder().find(ascii).map((l) => [l.start, l.end]), [[4, 9], [14, 21]]);
});

test("links, kinds and hrefs", () => {
  const [url, email] = new LinkFinder().find("x.com and a@b.org");
  assert.deepEqual(url, { start: 0, end: 5, kind: "url", text: "x.com", href: "https://x.com" });
  assert.deepEqual(email, { start: 10, end: 17, kind: "email", text: "a@b.org", href: "mailto:a@b.org" });
  assert.ok(new LinkFinder().test("see x.com") && !new LinkFinder().test("nothing"));
  assert.equal(UNICODE_VERSION, "18.0.0");
  assert.match(TLD_LIST_VERSION, /^\d{4}-\d{2}-\d{2}$/);
});

test("every option", () => {
  const texts = (options, text) => new LinkFinder(options).find(text).map((l) => l.text);
  assert.deepEqual(texts({ kinds: "email" }, "x.com a@b.org"), ["a@b.org"]);
  assert.deepEqual(texts({ kinds: ["url"] }, "x.com https://y.org"), ["https://y.org"]);
  assert.deepEqual(texts({ requireScheme: true }, "x.com https://y.org"), ["https://y.org"]);
  assert.deepEqual(texts({ tlds: "any" }, "a.test"), ["a.test"]);
  assert.deepEqual(texts({ tlds: ["test"] }, "a.test a.com"), ["a.test"]);
  assert.equal(new LinkFinder({ defaultScheme: "http://" }).find("x.com")[0].href, "http://x.com");
  assert.deepEqual(texts({ ipHosts: true }, "http://10.0.0.1/x"), ["http://10.0.0.1/x"]);
  assert.deepEqual(texts({ localHosts: true }, "http://localhost:3000/"), ["http://localhost:3000/"]);
  assert.deepEqual(texts({}, "README.md"), []);
  assert.deepEqual(texts({ skipFileNames: false }, "README.md"), ["README.md"]);
  assert.deepEqual(texts({ profile: "strict", skipFileNames: true }, "README.md"), []);
  assert.deepEqual(texts({ schemes: ["https", "gopher"] }, "gopher://a.com/x"), ["gopher://a.com/x"]);
  assert.equal(new LinkFinder({ dialect: "gfm" }).find("www.commonmark.org/a.b.")[0].href, "http://www.commonmark.org/a.b");
  assert.deepEqual(texts({ dialect: "gfm", unicodeEnds: true }, "（https://example.com/x）です"), ["https://example.com/x"]);
  assert.deepEqual(texts({ dialect: "md4c" }, ":john.doe@example.com"), []);
  assert.deepEqual(texts({ requireScheme: undefined }, "x.com"), ["x.com"]); // undefined: left to the profile
});

test("the mail profile joins a URL wrapped across lines", () => {
  const text = "> See <https://example.org/a/very/\n>   long/path> and x.org";
  const found = (options) => new LinkFinder(options).find(text).map((l) => [l.text, l.href]);
  const joined = [["https://example.org/a/very/\n>   long/path", "https://example.org/a/very/long/path"], ["x.org", "https://x.org"]];
  assert.deepEqual(found({ profile: "mail" }), joined);
  assert.deepEqual(found({ wrappedUrls: true }), joined);
  assert.deepEqual(found(), [["https://example.org/a/very/", "https://example.org/a/very/"], ["x.org", "https://x.org"]]);
  const stream = new LinkFinder({ profile: "mail" }).stream();
  const streamed = [...stream.feed(text.slice(0, 20)), ...stream.feed(text.slice(20, 35)), ...stream.feed(text.slice(35)), ...stream.finish()];
  assert.deepEqual(streamed.map((l) => [l.text, l.href]), joined);
  assert.throws(() => new LinkFinder({ dialect: "gfm", wrappedUrls: true }), /^RangeError: wrappedUrls/);
});

test("profiles", () => {
  const text = "See README.md, http://localhost:3000/, example.com? or @a@b.social";
  const found = (options) => new LinkFinder(options).find(text).map((l) => l.text);
  assert.deepEqual(found(), ["example.com"]);
  assert.deepEqual(found({ profile: "strict" }), ["README.md", "example.com?", "a@b.social"]);
  assert.deepEqual(found({ profile: "chat" }), ["example.com", "@a@b.social"]);
  assert.deepEqual(found({ profile: "docs" }), ["http://localhost:3000/"]);
  assert.deepEqual(found({ profile: "docs", localHosts: false }), []);
  assert.deepEqual(found({ profile: "chat", skipFileNames: false }), ["README.md", "example.com", "@a@b.social"]);
  const handle = new LinkFinder({ profile: "chat" }).find("@a@b.social")[0];
  assert.deepEqual([handle.kind, handle.text, handle.href], ["handle", "@a@b.social", "https://b.social/@a"]);
});

test("options that cannot be used throw, naming the option", () => {
  const throws = (options, error, message) => assert.throws(() => new LinkFinder(options), (e) => {
    assert.ok(e instanceof error, `${e}`);
    assert.match(e.message, message);
    return true;
  });
  throws({ dialect: "gfm", ipHosts: true }, RangeError, /^ipHosts: a UTS #58 option; it means nothing in the gfm dialect$/);
  throws({ dialect: "commonmark" }, RangeError, /^dialect: "commonmark" is not/);
  throws({ profile: "loose" }, RangeError, /^profile: /);
  throws({ kinds: "url,ftp" }, RangeError, /^kinds: /);
  throws({ kinds: [] }, RangeError, /^kinds: /);
  throws({ defaultScheme: "javascript:" }, RangeError, /^defaultScheme: "javascript:" is a script scheme/);
  throws({ schemes: ["https", "vbscript"] }, RangeError, /^schemes: /);
  throws({ schemes: [] }, RangeError, /^schemes: no scheme named/);
  throws({ tlds: [] }, RangeError, /^tlds: an empty list/);
  throws({ tlds: "all" }, RangeError, /^tlds: /);
  throws({ tlds: ["a,b"] }, RangeError, /comma or a line break/);
  throws({ defaultScheme: "http://\nip_hosts=true" }, RangeError, /comma or a line break/);
  throws({ colour: "red" }, RangeError, /^colour: not an option/);
  throws({ ipHosts: "yes" }, TypeError, /^ipHosts: expected true or false/);
  throws({ schemes: "https" }, TypeError, /^schemes: expected an array/);
  throws("gfm", TypeError, /options must be an object/);
});

test("bad input: an exception or a documented result, never a crash", () => {
  const finder = new LinkFinder();
  for (const bad of [undefined, null, 3, {}, ["x.com"], Symbol("x")]) {
    assert.throws(() => finder.find(bad), TypeError);
    assert.throws(() => linkifyHtml(bad), TypeError);
    assert.throws(() => displayUrl(bad), TypeError);
  }
  // Lone surrogates are read as U+FFFD (as TextEncoder does); offsets still
  // index the string, and a link's text and href keep what the string has.
  const text = "\ud800 x.com \udc00 https://a.org/\ud83d";
  const links = finder.find(text);
  assert.deepEqual(links.map((l) => [l.start, l.end, l.text]), [[2, 7, "x.com"], [10, 25, "https://a.org/\ud83d"]]);
  assert.equal(displayUrl("https://a.org/\ud800"), "https://a.org/\ufffd");
  assert.throws(() => displayEmail("no at sign"), /needs an `@`/);
  assert.throws(() => displayEmail("a\u0001b@c.org"), (e) => e instanceof RangeError && /U\+0001/.test(e.message));
  assert.equal(finder.find("").length, 0);
  // A long text: found, and the module keeps working at its normal size after it.
  const long = "word ".repeat(2_000_000) + "see x.com " + "é ".repeat(1_000_000);
  const found = finder.find(long);
  assert.equal(found.length, 1);
  assert.equal(long.slice(found[0].start, found[0].end), "x.com");
  assert.equal(finder.find("a.com").length, 1);
});

test("memory does not grow across calls", async () => {
  const { default: v8 } = await import("node:v8");
  const finder = new LinkFinder();
  const text = "Docs: https://ja.wikipedia.org/wiki/日本（国）. Mail アルベルト@example.com! ".repeat(20);
  const run = (n) => {
    for (let i = 0; i < n; i++) {
      finder.find(text);
      linkifyHtml(text);
      const f = new LinkFinder({ profile: "chat" });
      f.find(text);
      f.free();
      const s = finder.stream();
      s.feed(text);
      s.finish();
    }
  };
  run(200);
  const memory = () => WebAssembly.Memory && v8.getHeapStatistics().external_memory;
  const before = memory();
  run(2000);
  assert.ok(memory() - before < 1 << 20, `external memory grew by ${memory() - before} bytes`);
});

test("a finder freed, or a stream finished, says so", () => {
  const finder = new LinkFinder();
  finder.free();
  assert.throws(() => finder.find("x.com"), /freed/);
  // Freeing twice frees nothing else (the slot may be another finder's by then).
  const other = new LinkFinder({ kinds: "email" });
  finder.free();
  assert.deepEqual(other.find("x.com a@b.org").map((l) => l.text), ["a@b.org"]);
  const stream = new LinkFinder().stream();
  stream.finish();
  assert.throws(() => stream.feed("x"), /finished or freed/);
});

test("streams give each link once, as in the whole text, with offsets from the start", () => {
  const text = "😀 see https://example.com/a, then アルベルト@example.com and www.x.org/日本。 end";
  const whole = new LinkFinder().find(text);
  for (const size of [1, 2, 3, 7, 50]) {
    const stream = new LinkFinder().stream();
    const links = [];
    // Cut at code units: pieces may split a surrogate pair (TextEncoder
    // would make each half U+FFFD), so cut only between code points.
    const points = [...text];
    for (let i = 0; i < points.length; i += size) links.push(...stream.feed(points.slice(i, i + size).join("")));
    links.push(...stream.finish());
    assert.deepEqual(links, whole, `pieces of ${size}`);
  }
});

test("linkifyHtml: safe HTML with attributes; never a script URL", () => {
  assert.equal(linkifyHtml("x.com <b>", { rel: "nofollow" }), '<a href="https://x.com" rel="nofollow">x.com</a> &lt;b&gt;');
  assert.equal(linkifyHtml("www.x.org", { dialect: "gfm", className: "l", target: "_blank" }),
    '<a href="http://www.x.org" target="_blank" class="l">www.x.org</a>');
  const finder = new LinkFinder({ kinds: "email" });
  assert.equal(linkifyHtml("x.com a@b.org", { finder }), 'x.com <a href="mailto:a@b.org">a@b.org</a>');
  assert.equal(linkifyHtml('javascript:alert(1) "x.com"'), 'javascript:alert(1) &quot;<a href="https://x.com">x.com</a>&quot;');
  assert.throws(() => linkifyHtml("x", { finder, dialect: "gfm" }), /not both/);
  assert.throws(() => linkifyHtml("x", { finder: {} }), TypeError);
});

test("displayUrl and displayEmail", () => {
  assert.equal(displayUrl("https://en.wikipedia.org/wiki/Anton%C3%ADn_Dvo%C5%99%C3%A1k"), "https://en.wikipedia.org/wiki/Antonín_Dvořák");
  assert.equal(displayEmail("a b@c.org"), '"a b"@c.org');
  assert.equal(displayEmail("アルベルト@example.com"), "アルベルト@example.com");
});

test("markdownToHtml: autolinks of each dialect, safe unless asked", () => {
  assert.equal(markdownToHtml("Visit www.commonmark.org/a.b."),
    '<p>Visit <a href="http://www.commonmark.org/a.b">www.commonmark.org/a.b</a>.</p>\n');
  assert.match(markdownToHtml("see x.com", { dialect: "uts58" }), /<a href="https:\/\/x.com">/);
  assert.doesNotMatch(markdownToHtml("see x.com", { dialect: "md4c" }), /<a/);
  assert.equal(markdownToHtml("a <script>x</script>"), "<p>a <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n");
  assert.equal(markdownToHtml("[a](javascript:alert(1))"), '<p><a href="">a</a></p>\n');
  assert.match(markdownToHtml("<b>x</b>", { unsafe: true }), /<b>x<\/b>/);
  assert.equal(markdownToHtml("| a |\n|---|\n| b |").includes("<table>"), true);
  assert.throws(() => markdownToHtml("x", { dialect: "commonmark" }), RangeError);
  assert.throws(() => markdownToHtml(null), TypeError);
});

test("linkscan/comrak: GitHub's blocks and HTML, the same autolinks, safe unless asked", () => {
  // comrak writes a task list's checkbox as cmark-gfm does (pulldown-cmark writes its own).
  assert.equal(comrakToHtml("- [x] ~~www.x.org~~"),
    '<ul>\n<li><input type="checkbox" checked="" disabled="" /> <del><a href="http://www.x.org">www.x.org</a></del></li>\n</ul>\n');
  assert.notEqual(markdownToHtml("- [x] a"), comrakToHtml("- [x] a"));
  assert.equal(comrakToHtml("HTTP://www.example.com/"), '<p><a href="HTTP://www.example.com/">HTTP://www.example.com/</a></p>\n');
  assert.equal(comrakToHtml("a x@y.org", { dialect: "md4c" }), '<p>a <a href="mailto:x@y.org">x@y.org</a></p>\n');
  assert.match(comrakToHtml("see x.com", { dialect: "uts58" }), /<a href="https:\/\/x.com">/);
  assert.equal(comrakToHtml("a <script>x</script>"), "<p>a <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n");
  assert.equal(comrakToHtml("[a](javascript:alert(1))"), '<p><a href="">a</a></p>\n');
  assert.match(comrakToHtml("<b>x</b>", { unsafe: true }), /<b>x<\/b>/);
  assert.throws(() => comrakToHtml("x", { dialect: "commonmark" }), RangeError);
  assert.throws(() => comrakToHtml("x", { unsafe: 1 }), TypeError);
  assert.throws(() => comrakToHtml(null), TypeError);
});

test("a LinkFinder made per request and never freed costs no memory of its own", () => {
  // Finders with the same options share one in the module (counted, freed
  // with the last): 400,000 left to the garbage collector once grew the
  // WebAssembly memory by 69 MB.
  new LinkFinder({ profile: "chat" }).find("warm up example.com");
  const before = process.memoryUsage().arrayBuffers;
  for (let i = 0; i < 400_000; i++) {
    const finder = new LinkFinder({ profile: "chat" });
    if (i % 100_000 === 0) assert.equal(finder.find("see example.com")[0].href, "https://example.com");
  }
  const grown = process.memoryUsage().arrayBuffers - before;
  assert.ok(grown < 4 << 20, `the module's memory grew by ${grown} bytes`);
  // Freeing one leaves the others working.
  const [a, b] = [new LinkFinder({ profile: "strict" }), new LinkFinder({ profile: "strict" })];
  a.free();
  a.free();
  assert.equal(b.find("x.org")[0].href, "https://x.org");
});

test("explain: links with the rules of their ends, near-misses with the rule that refused them", () => {
  const text = "😀 See https://en.wikipedia.org/wiki/Rust_(language)). 東京 x.notatld www.a.org/x? a@b.org!";
  for (const dialect of ["uts58", "gfm", "md4c"]) {
    const finder = new LinkFinder({ dialect });
    const candidates = explain(text, { dialect });
    assert.deepEqual(candidates.filter((c) => c.link !== null).map((c) => c.link), finder.find(text), dialect);
    for (const c of candidates) {
      assert.equal(text.slice(c.start, c.end), c.text);
      assert.ok(c.decisions.length > 0);
      for (const d of c.decisions) {
        assert.equal(text.slice(d.start, d.end), d.text);
        assert.equal(d.refuses, c.link === null, `${dialect}: ${d.rule}`);
        assert.match(d.rule, /^[a-z0-9-]+$/);
      }
    }
  }
  const [wiki, refused] = explain(text).slice(0, 2);
  assert.deepEqual(wiki.decisions.map((d) => d.rule), ["scheme", "bracket-closed", "unmatched-close"]);
  assert.equal(wiki.decisions[0].reference, "UTS #58 §3.2");
  assert.deepEqual([refused.text, refused.decisions.map((d) => d.rule)], ["notatld", ["tld-not-accepted"]]);
  assert.throws(() => explain(5), TypeError);
  assert.throws(() => explain("x", { dialect: "commonmark" }), /^RangeError: dialect: /);
  assert.deepEqual(explain("ann@example.com", { kinds: ["url", "www"] }).map((c) => c.decisions.map((d) => d.rule)), [["kind-not-wanted"]]);
});
