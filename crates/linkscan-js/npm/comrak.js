// linkscan/comrak: linkscan/markdown's markdownToHtml through comrak, a
// port of cmark-gfm (GitHub's blocks and HTML exactly), in a module of its
// own: comrak nearly doubles the Markdown module's size.

import { load, markdownToHtmlWith } from "./wasm.js";

const wasm = await load(new URL("./linkscan-comrak.wasm", import.meta.url));

/**
 * `markdown` as HTML with the autolinks of `dialect`, parsed and written
 * by comrak as cmark-gfm (GitHub) does: "gfm" (with GitHub's tables,
 * strikethrough, task lists and footnotes), "md4c" or "uts58". Safe by
 * default: raw HTML is omitted and script link targets emptied;
 * `unsafe: true` keeps both (only for documents you trust).
 */
export function markdownToHtml(markdown, options) {
  return markdownToHtmlWith(wasm, "ls_markdown_comrak", markdown, options);
}
