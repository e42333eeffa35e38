// The Node benchmark: linkscan (the installed package, the copy into
// WebAssembly memory included) against linkify-it 5 and 6 (fuzzy links on
// and off) and linkifyjs, in the same run, on the repository's corpora
// (written by `cargo run --release -p linkscan-checks --bin corpora -- DIR`,
// DIR in LINKSCAN_CORPORA) and on chat-sized messages. Prints Markdown
// tables: MB/s per corpus, µs per message, and the package sizes.
//
//   bash crates/linkscan-js/test.sh bench
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { createRequire } from "node:module";
import { LinkFinder } from "linkscan";
import LinkifyIt5 from "linkify-it-5";
import { LinkifyIt as LinkifyIt6 } from "linkify-it-6";
import * as linkifyjs from "linkifyjs";

const dir = process.env.LINKSCAN_CORPORA;
if (!dir) throw new Error("LINKSCAN_CORPORA: the directory of the corpora");
// One call of a peer on one corpus may take longer than this; its result is
// then reported as a lower bound (`< x MB/s`) after that single call.
const BUDGET_MS = 1500;

const linkscan = new LinkFinder();
const linkscanScheme = new LinkFinder({ requireScheme: true });
const fuzzy = (L, on) => new L().set({ fuzzyLink: on, fuzzyEmail: on });
const peers = [
  ["linkscan", (t) => linkscan.find(t).length],
  ["linkscan, scheme required", (t) => linkscanScheme.find(t).length],
  ["linkify-it 5, fuzzy", ((l) => (t) => l.match(t)?.length ?? 0)(fuzzy(LinkifyIt5, true))],
  ["linkify-it 6, fuzzy", ((l) => (t) => l.match(t)?.length ?? 0)(fuzzy(LinkifyIt6, true))],
  ["linkify-it 5, not fuzzy", ((l) => (t) => l.match(t)?.length ?? 0)(fuzzy(LinkifyIt5, false))],
  ["linkify-it 6, not fuzzy", ((l) => (t) => l.match(t)?.length ?? 0)(fuzzy(LinkifyIt6, false))],
  ["linkifyjs 4", (t) => linkifyjs.find(t).length],
];

/** The median time of `run` in ms (runs until ~BUDGET_MS has passed, at least 3 times). */
function time(run) {
  const first = performance.now();
  run();
  const once = performance.now() - first;
  if (once > BUDGET_MS) return { ms: once, bound: true };
  const times = [];
  const end = performance.now() + BUDGET_MS;
  while (times.length < 3 || (performance.now() < end && times.length < 50)) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], bound: false };
}

const names = readdirSync(dir).filter((f) => f.endsWith(".txt")).sort();
const rows = [];
for (const file of names) {
  const text = readFileSync(`${dir}/${file}`, "utf8");
  const mb = Buffer.byteLength(text) / 1e6;
  const row = [file.replace(/\.txt$/, "")];
  for (const [, find] of peers) {
    const { ms, bound } = time(() => find(text));
    row.push({ rate: mb / (ms / 1000), bound, links: find(text) });
  }
  rows.push(row);
  process.stderr.write(`${row[0]} `);
}

// Chat-sized messages: the prose with links cut at white space into pieces of about 100 bytes.
const prose = readFileSync(`${dir}/prose-with-links.txt`, "utf8");
const messages = [];
for (let at = 0; messages.length < 5000 && at < prose.length;) {
  let end = Math.min(prose.length, at + 100);
  while (end < prose.length && !/\s/.test(prose[end])) end++;
  messages.push(prose.slice(at, end));
  at = end + 1;
}
const chat = ["messages of ~100 bytes (5,000)"];
for (const [, find] of peers) {
  const all = () => { let n = 0; for (const m of messages) n += find(m); return n; };
  const { ms } = time(all);
  chat.push({ us: (ms * 1000) / messages.length, links: all() });
}

const fuzzyBest = (row) => Math.max(row[3].rate ?? 0, row[4].rate ?? 0);
console.log(`\n| corpus | ${peers.map(([n]) => n).join(" | ")} | linkscan ÷ faster linkify-it (fuzzy) |`);
console.log(`|---|${peers.map(() => "---:").join("|")}|---:|`);
for (const row of rows) {
  const cells = row.slice(1).map((c) => `${c.bound ? "< " : ""}${c.rate.toFixed(c.rate < 10 ? 2 : 1)} MB/s (${c.links})`);
  console.log(`| ${row[0]} | ${cells.join(" | ")} | ${(row[1].rate / fuzzyBest(row)).toFixed(1)}× |`);
}
const cells = chat.slice(1).map((c) => `${c.us.toFixed(2)} µs (${c.links})`);
const chatRatio = Math.min(chat[3].us, chat[4].us) / chat[1].us;
console.log(`| ${chat[0]} | ${cells.join(" | ")} | ${chatRatio.toFixed(1)}× |`);

// Sizes: the WebAssembly module, and each peer's code with its dependencies.
const require = createRequire(import.meta.url);
const size = (files) => {
  const bytes = Buffer.concat(files.map((f) => readFileSync(f)));
  return `${(bytes.length / 1024).toFixed(0)} KiB (${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(0)} KiB gzipped)`;
};
const pkg = (name, file) => require.resolve(`${name}/package.json`).replace(/package\.json$/, file);
const linkscanFiles = ["linkscan.wasm", "linkscan.js", "wasm.js"].map((f) => pkg("linkscan", f));
console.log("\n| package | code |\n|---|---:|");
console.log(`| linkscan (linkscan.wasm + glue) | ${size(linkscanFiles)} |`);
console.log(`| linkscan/markdown (linkscan-markdown.wasm) | ${size([pkg("linkscan", "linkscan-markdown.wasm")])} |`);
console.log(`| linkscan/comrak (linkscan-comrak.wasm + glue) | ${size([pkg("linkscan", "linkscan-comrak.wasm"), pkg("linkscan", "comrak.js")])} |`);
console.log(`| linkscan/explain (linkscan-explain.wasm + glue) | ${size([pkg("linkscan", "linkscan-explain.wasm"), pkg("linkscan", "explain.js")])} |`);
// linkify-it's code and the uc.micro (Unicode classes) it requires.
const withUcMicro = (name) => [pkg(name, "build/index.cjs.js"), createRequire(pkg(name, "package.json")).resolve("uc.micro")];
console.log(`| linkify-it 5 (with uc.micro) | ${size(withUcMicro("linkify-it-5"))} |`);
console.log(`| linkify-it 6 (with uc.micro) | ${size(withUcMicro("linkify-it-6"))} |`);
console.log(`| linkifyjs 4 (dist/linkify.min.js) | ${size([pkg("linkifyjs", "dist/linkify.min.js")])} |`);
