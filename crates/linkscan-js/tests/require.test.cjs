// The CommonJS entries (generated from the ES modules when the package is
// packed): require() gives what import gives, for Jest and other CommonJS
// code.
const { test } = require("node:test");
const assert = require("node:assert/strict");
const { LinkFinder, LinkStream, linkifyHtml, displayUrl, UNICODE_VERSION } = require("linkscan");
const linkifyIt = require("linkscan/linkify-it");
const { markdownToHtml } = require("linkscan/markdown");
const comrak = require("linkscan/comrak");
const { explain } = require("linkscan/explain");

test("require() gives the API import gives", async () => {
  const esm = await import("linkscan");
  const text = "See example.com/a. Mail アルベルト@example.com! https://例子.中国/路。";
  const links = (finder) => finder.find(text).map((l) => [l.kind, l.start, l.end, l.text, l.href]);
  assert.deepEqual(links(new LinkFinder()), links(new esm.LinkFinder()));
  assert.equal(linkifyHtml("x.com <b>"), esm.linkifyHtml("x.com <b>"));
  assert.equal(displayUrl("https://a.org/%E6%9D%B1"), "https://a.org/東");
  assert.equal(UNICODE_VERSION, esm.UNICODE_VERSION);
  const stream = new LinkFinder().stream();
  assert.deepEqual([...stream.feed("a example."), ...stream.feed("com b")].map((l) => l.text), ["example.com"]);
  assert.ok(stream instanceof LinkStream);
  assert.equal(linkifyIt.default().match("https://a.org/x")[0].url, "https://a.org/x");
  assert.equal(typeof linkifyIt.linkscanLinkify, "function");
  assert.equal(markdownToHtml("www.a.org"), (await import("linkscan/markdown")).markdownToHtml("www.a.org"));
  assert.equal(comrak.markdownToHtml("- [x] www.a.org"), (await import("linkscan/comrak")).markdownToHtml("- [x] www.a.org"));
  assert.deepEqual(explain(text), (await import("linkscan/explain")).explain(text));
});
