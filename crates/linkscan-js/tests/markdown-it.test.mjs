// linkscan/linkify-it as markdown-it's linkifier: markdown-it 14 and 15
// from npm render markdown-it's own linkify fixtures with it. Every case
// gives the fixture's HTML, or the output listed below with its cause.
import { test } from "node:test";
import assert from "node:assert/strict";
import markdownIt14 from "markdown-it-14";
import markdownIt15 from "markdown-it";
import linkifyIt, { LinkifyIt, linkifyit, linkscanLinkify } from "linkscan/linkify-it";
import { LinkFinder } from "linkscan";
import { fixtures } from "./common.mjs";
import { readFileSync } from "node:fs";

const CASES = fixtures(readFileSync(new URL("./fixtures/markdown-it/linkify.txt", import.meta.url), "utf8"));

// UTS #58 finds a host right after `/` or `:/`; linkify-it finds a link
// written without a scheme only where no `/` or `:` is before it.
// markdown-it hands the linkifier the text after a backslash escape on its
// own, so an escaped scheme leaves `//example.com` to it.
const AFTER_SLASH = "UTS #58 finds a host right after `/` (linkify-it: not after `/` or `:`)";
/** Fixture title → [what linkscan gives, why it differs]. */
const DIVERGENCES = new Map([
  ["escapes not allowed at comma", ['<p>https://<a href="http://example.com">example.com</a></p>\n', AFTER_SLASH]],
  ["escapes not allowed at slashes",
    ['<p>https://<a href="http://aa.org">aa.org</a> <a href="https://bb.org">https://bb.org</a></p>\n', AFTER_SLASH]],
  ["coverage, prefix not valid", ['<p>http:/<a href="http://example.com/">example.com/</a></p>\n', AFTER_SLASH]],
]);

// Each markdown-it with its linkify-it's defaults: 15 has linkify-it 6's
// (no fuzzy links), 14 has linkify-it 5's.
for (const [version, markdownIt, options] of [["14", markdownIt14, { fuzzyLink: true }], ["15", markdownIt15, {}]]) {
  const md = markdownIt({ html: true, langPrefix: "", typographer: true, linkify: true }); // as markdown-it's own tests
  md.use(linkscanLinkify, options);
  for (const { title, line, source, expected } of CASES) {
    test(`markdown-it ${version}: line ${line}: ${title}`, () => {
      const rendered = md.render(source);
      // (Only links without a scheme differ: with fuzzy links.)
      const divergence = options.fuzzyLink && DIVERGENCES.get(title);
      if (divergence) {
        assert.equal(rendered, divergence[0], `a listed difference changed (${divergence[1]})`);
        assert.notEqual(rendered, expected, "no longer differs: remove it from the list");
      } else {
        assert.equal(rendered, expected);
      }
    });
  }
}

test("every fixture was read, and every listed difference is a fixture", () => {
  assert.equal(CASES.length, 19);
  for (const title of DIVERGENCES.keys()) assert.ok(CASES.some((c) => c.title === title), title);
});

test("the defaults of the linkify-it each markdown-it has", () => {
  const text = "see example.com, https://a.org/x or mail a@b.org; edit build.rs";
  for (const [markdownIt, options] of [[markdownIt15, undefined], [markdownIt14, { fuzzyLink: true }]]) {
    const stock = markdownIt({ linkify: true });
    const dropIn = markdownIt({ linkify: true }).use(linkscanLinkify, options);
    // One difference, a UTS #58 reader's choice: a file name is no link.
    const asStock = options ? stock.render(text).replace('<a href="http://build.rs">build.rs</a>', "build.rs") : stock.render(text);
    assert.equal(dropIn.render(text), asStock);
  }
  // Made as linkify-it 6 makes it, or as 5 does.
  assert.deepEqual(new LinkifyIt().__opts__, { fuzzyLink: false, fuzzyEmail: true, fuzzyIP: false });
  assert.equal(linkifyit({ fuzzyLink: true }).__opts__.fuzzyLink, true);
  assert.equal(new LinkifyIt(null, { fuzzyLink: true }).match("x.org")[0].url, "http://x.org");
  assert.equal(new LinkifyIt({ "git:": "http:" }).match("git://a.org/x")[0].schema, "git:");
  assert.equal(linkifyIt().match("x.org"), null);
});

test("UTS #58 links in markdown-it", () => {
  const md = markdownIt15({ linkify: true }).use(linkscanLinkify, { fuzzyLink: true });
  assert.equal(md.render("見て https://example.com/日本。"),
    '<p>見て <a href="https://example.com/%E6%97%A5%E6%9C%AC">https://example.com/日本</a>。</p>\n');
  assert.equal(md.render("（例子.中国）と www.example.com。"),
    '<p>（<a href="http://xn--fsqu00a.xn--fiqs8s">例子.中国</a>）と <a href="http://www.example.com">www.example.com</a>。</p>\n');
});

test("the API markdown-it calls", () => {
  const linkify = new LinkifyIt({ fuzzyLink: true });
  assert.ok(!linkify.pretest("no separator here"));
  assert.equal(linkify.match("no separator here"), null);
  const text = "see example.com, https://b.org/x and c@d.net";
  assert.ok(linkify.pretest(text) && linkify.test(text));
  const found = linkify.match(text).map((m) => [m.schema, m.index, m.lastIndex, m.raw, m.text, m.url]);
  assert.deepEqual(found, [
    ["", 4, 15, "example.com", "example.com", "http://example.com"],
    ["https:", 17, 32, "https://b.org/x", "https://b.org/x", "https://b.org/x"],
    ["mailto:", 37, 44, "c@d.net", "c@d.net", "mailto:c@d.net"],
  ]);
  // matchAtStart: a link with a scheme at the very start, read up to white space.
  assert.equal(linkify.matchAtStart("https://a.org/x rest of the document").url, "https://a.org/x");
  assert.equal(linkify.matchAtStart("see https://a.org"), null);
  assert.equal(linkify.matchAtStart("a.org"), null);
  assert.equal(linkify.testSchemaAt("xx//a.org/b c", "https:", 2), 9);
});

test("linkify-it's options, schemas and TLDs", () => {
  const l = new LinkifyIt();
  assert.equal(l.match("a.com https://b.com").length, 1);
  assert.equal(l.set({ fuzzyLink: true }).match("a.com https://b.com").length, 2);
  assert.equal(l.set({ fuzzyLink: false }).match("a.com https://b.com").length, 1);
  assert.deepEqual(l.set({ fuzzyLink: true, fuzzyEmail: false }).match("a@b.com x.org").map((m) => m.raw), ["x.org"]);
  assert.equal(new LinkifyIt().match("a@b.com")[0].schema, "mailto:");
  assert.equal(new LinkifyIt().set({ fuzzyIP: true }).match("http://10.0.0.1/")[0].url, "http://10.0.0.1/");
  assert.equal(new LinkifyIt().match("foo://a.com/x"), null);
  assert.equal(new LinkifyIt().add("foo:", "http:").match("foo://a.com/x")[0].schema, "foo:");
  assert.equal(new LinkifyIt().add("foo:", "http:").add("foo:", null).match("foo://a.com/x"), null);
  assert.throws(() => new LinkifyIt().add("javascript:", "http:"), /script scheme/);
  assert.equal(new LinkifyIt({ fuzzyLink: true }).tlds(["test"]).match("a.test a.com").length, 1);
  assert.throws(() => new LinkifyIt().tlds("test", true), /keepOld/);
  assert.throws(() => new LinkifyIt().set({ "---": true }), /not an option/);
  const given = new LinkifyIt(undefined, undefined, { finder: new LinkFinder({ dialect: "gfm" }) });
  assert.equal(given.match("www.a.org")[0].url, "http://www.a.org");
  assert.throws(() => given.set({ fuzzyLink: false }), /LinkFinder it was given/);
});
