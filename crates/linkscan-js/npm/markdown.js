// linkscan/markdown: Markdown to HTML with autolinks (pulldown-cmark), in a
// module of its own, which is twice the size of linkscan's.

import { load, string } from "./wasm.js";

const wasm = await load(new URL("./linkscan-markdown.wasm", import.meta.url));
const DIALECTS = { gfm: 0, md4c: 1, uts58: 2 };

/**
 * `markdown` as HTML with the autolinks of `dialect`: "gfm" (with GitHub's
 * tables, strikethrough, task lists and footnotes), "md4c" or "uts58".
 * Safe by default: raw HTML is omitted and script link targets emptied;
 * `unsafe: true` keeps both (only for documents you trust).
 */
export function markdownToHtml(markdown, { dialect = "gfm", unsafe = false } = {}) {
  string(markdown, "markdown");
  const code = DIALECTS[dialect];
  if (code === undefined) throw new RangeError(`dialect: ${JSON.stringify(dialect)} is not "gfm", "md4c" or "uts58"`);
  if (typeof unsafe !== "boolean") throw new TypeError("unsafe: expected true or false");
  return wasm.call((ex) => {
    ex.ls_markdown(wasm.encode(markdown), code, unsafe ? 1 : 0);
    return wasm.text();
  });
}
