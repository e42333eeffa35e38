// linkscan/markdown: Markdown to HTML with autolinks (pulldown-cmark), in a
// module of its own, which is twice the size of linkscan's.

import { load, markdownToHtmlWith } from "./wasm.js";

const wasm = await load(new URL("./linkscan-markdown.wasm", import.meta.url));

/**
 * `markdown` as HTML with the autolinks of `dialect`: "gfm" (with GitHub's
 * tables, strikethrough, task lists and footnotes), "md4c" or "uts58".
 * Safe by default: raw HTML is omitted and script link targets emptied;
 * `unsafe: true` keeps both (only for documents you trust).
 */
export function markdownToHtml(markdown, options) {
  return markdownToHtmlWith(wasm, "ls_markdown", markdown, options);
}
