// Real Markdown rendered by stock markdown-it with its linkify-it and by
// markdown-it with linkscan's plugin: the Markdown files of the packages
// installed beside the tests, and those of the Rust crates the workspace
// builds where cargo's registry is on this machine (CI's is). markdown-it
// 15 with linkify-it 6's defaults renders every file the same; markdown-it
// 14 with linkify-it 5's fuzzy links differs only where UTS #58 chooses
// otherwise, each difference given its cause below.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join } from "node:path";
import { homedir } from "node:os";
import markdownIt15 from "markdown-it";
import markdownIt14 from "markdown-it-14";
import { linkscanLinkify } from "linkscan/linkify-it";
import { LinkFinder } from "linkscan";

/** The Markdown files (over 1 KiB) under `dir`, to `depth` levels. */
function markdownFiles(dir, depth) {
  const found = [];
  for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory() && depth > 0) found.push(...markdownFiles(path, depth - 1));
    else if (stat?.isFile() && name.endsWith(".md") && stat.size > 1024) found.push(path);
  }
  return found;
}

const registry = join(process.env.CARGO_HOME ?? join(homedir(), ".cargo"), "registry", "src");
const FILES = [...markdownFiles(new URL("./node_modules", import.meta.url).pathname, 3), ...markdownFiles(registry, 4)];
const anchors = (html) => [...html.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => m[2]);

/** The items of `a` that `b` lacks, as many times as it lacks them. */
function without(a, b) {
  const left = [...b];
  return a.filter((item) => {
    const at = left.indexOf(item);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}

/** Why a link is only stock markdown-it's, or only the plugin's. */
function cause(text, onlyStock, source, stock) {
  const found = (finder) => finder.find(text).map((l) => l.text);
  if (onlyStock && found(new LinkFinder()).length === 0 && found(new LinkFinder({ skipFileNames: false }))[0] === text) {
    return "a file name is no link (UTS #58 §8's helpers.py; `skipFileNames: false` links it)";
  }
  if (!onlyStock && !stock.test(`x ${text.split("/")[0].replace(/.*\./, "a.")} y`)) {
    return "linkify-it's fuzzy links take its short TLD list; UTS #58 the IANA list";
  }
  if (!onlyStock && source.includes(`/${text}`)) return "UTS #58 finds a host right after `/` (linkify-it: not after `/` or `:`)";
  return null;
}

test("stock markdown-it and the plugin render real Markdown the same, or differ for a listed cause", () => {
  assert.ok(FILES.length >= 30, `only ${FILES.length} Markdown files found`);
  const versions = [["15", markdownIt15, undefined], ["14", markdownIt14, { fuzzyLink: true }]];
  for (const [version, markdownIt, options] of versions) {
    const stock = markdownIt({ linkify: true });
    const plugin = markdownIt({ linkify: true }).use(linkscanLinkify, options);
    const causes = new Map();
    let same = 0;
    for (const file of FILES) {
      const source = readFileSync(file, "utf8");
      const [theirs, ours] = [stock.render(source), plugin.render(source)];
      if (theirs === ours) {
        same++;
        continue;
      }
      const [a, b] = [anchors(theirs), anchors(ours)];
      const differing = [...without(a, b).map((t) => [t, true]), ...without(b, a).map((t) => [t, false])];
      assert.ok(differing.length > 0, `markdown-it ${version}: ${file}: the HTML differs, not in its links`);
      for (const [text, onlyStock] of differing) {
        const why = cause(text, onlyStock, source, stock.linkify);
        assert.ok(why, `markdown-it ${version}: ${file}: ${JSON.stringify(text)} only ${onlyStock ? "stock" : "the plugin's"}, for no listed cause`);
        causes.set(why, (causes.get(why) ?? 0) + 1);
      }
    }
    if (version === "15") assert.equal(same, FILES.length, "markdown-it 15: every file renders the same");
    console.log(`markdown-it ${version}: ${FILES.length} files, ${same} the same;`, Object.fromEntries(causes));
  }
});
