/** Markdown as HTML with the autolinks of `dialect`, parsed and written by comrak (a port of cmark-gfm: GitHub's blocks and HTML exactly); safe unless `unsafe` (raw HTML omitted, script targets emptied). */
export function markdownToHtml(markdown: string, options?: { dialect?: "gfm" | "md4c" | "uts58"; unsafe?: boolean }): string;
