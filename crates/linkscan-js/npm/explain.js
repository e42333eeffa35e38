// linkscan/explain: why each link starts and ends where it does, and why a
// near-miss is no link, in a module of its own: the walk that keeps the
// scan's decisions is a second copy of the scan, a fifth of linkscan's size.

import { load, string, optionSpec, optionError, KINDS } from "./wasm.js";

const wasm = await load(new URL("./linkscan-explain.wasm", import.meta.url));

/** Every rule, `{rule, reason, reference, refuses}`, read from the module once. */
let ruleTable = null;
function rules() {
  if (ruleTable === null) {
    ruleTable = wasm.call((ex) => {
      ex.ls_rules();
      return JSON.parse(wasm.text()).map(([rule, reason, reference, refuses]) => ({ rule, reason, reference, refuses }));
    });
  }
  return ruleTable;
}

/**
 * Each candidate the scan of `text` considers with a finder of `options`
 * (LinkFinder's), in order: a link with the rules that made its start and
 * end, or a near-miss (`link` null) with the rule that refused it.
 */
export function explain(text, options) {
  string(text, "text");
  const spec = optionSpec(options);
  const all = rules();
  return wasm.call((ex) => {
    const slot = ex.ls_finder_new(wasm.encode(spec));
    if (slot < 0) throw optionError(wasm.text());
    try {
      const length = wasm.encode(text);
      ex.ls_explain(slot, length, length === text.length ? 1 : 0);
      return JSON.parse(wasm.text()).map(([start, end, kind, href, decisions]) => ({
        link: kind === null ? null : { start, end, kind: KINDS[kind & 3], text: text.slice(start, end), href },
        start,
        end,
        text: text.slice(start, end),
        decisions: decisions.map(([rule, from, to]) => ({ ...all[rule], start: from, end: to, text: text.slice(from, to) })),
      }));
    } finally {
      ex.ls_finder_free(slot);
    }
  });
}
