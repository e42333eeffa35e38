// linkscan/linkify-it: linkify-it's API over a linkscan LinkFinder, for
// markdown-it 14 and 15, which call `test`, `match`, `pretest` and
// `matchAtStart` of `md.linkify`:
//
//   import markdownit from "markdown-it";
//   import linkifyIt from "linkscan/linkify-it";
//   const md = markdownit({ linkify: true });
//   md.linkify = linkifyIt();
//
// Its links are UTS #58's: CJK punctuation and full-width brackets end
// them, hosts may be in any script.

import { LinkFinder } from "./linkscan.js";

// A link has a label separator in its host, or a `:` (IPv6 hosts, local
// hosts after a scheme) or `@`: text with none of them has none.
const MAY_LINK = /[.:@\u3002\uff0e\uff61]/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const SPACE = /\s/;

/** A link found, as linkify-it gives it. */
export class Match {
  constructor(schema, index, lastIndex, raw, url) {
    /** `""` for a link written without a scheme, `"mailto:"` for an address, else its scheme. */
    this.schema = schema;
    /** Where the link starts (a string index). */
    this.index = index;
    /** Where it ends. */
    this.lastIndex = lastIndex;
    /** The link as written. */
    this.raw = raw;
    /** The link's text (as written). */
    this.text = raw;
    /** Its target. */
    this.url = url;
  }
}

/**
 * linkify-it's `LinkifyIt` over a linkscan `LinkFinder`. `options` take
 * linkify-it's names: `fuzzyLink` (links without a scheme), `fuzzyEmail`
 * (addresses), `fuzzyIP` (IP hosts). `finder` (a LinkFinder) decides
 * instead, with its own options: then `set`, `add` and `tlds` throw.
 */
export class LinkifyIt {
  constructor(schemas, options, { finder } = {}) {
    this.options = { defaultScheme: "http://" };
    this.extraSchemes = [];
    this.finder = finder;
    this.finderGiven = finder !== undefined;
    this.last = { text: null, matches: [] };
    for (const [name, definition] of Object.entries(schemas ?? {})) this.add(name, definition);
    if (options) this.set(options);
    if (finder === undefined) this.rebuild();
  }

  rebuild() {
    if (this.finderGiven) {
      throw new Error("this LinkifyIt uses the LinkFinder it was given: make that finder with these options");
    }
    const options = { ...this.options };
    if (this.extraSchemes.length > 0) options.schemes = ["web", ...this.extraSchemes];
    this.finder?.free();
    this.finder = new LinkFinder(options);
    this.last = { text: null, matches: [] };
  }

  /** linkify-it's options: `fuzzyLink`, `fuzzyEmail`, `fuzzyIP`; others throw. */
  set(options) {
    for (const [name, value] of Object.entries(options)) {
      if (name === "fuzzyLink") this.options.requireScheme = !value;
      else if (name === "fuzzyEmail") this.options.kinds = value ? "url,www,email" : "url,www";
      else if (name === "fuzzyIP") this.options.ipHosts = Boolean(value);
      else throw new RangeError(`${name}: not an option linkscan's LinkifyIt takes (fuzzyLink, fuzzyEmail, fuzzyIP)`);
    }
    this.rebuild();
    return this;
  }

  /**
   * Allows `schema` (`"git:"`) in `scheme://` links (any definition but
   * `null`, which leaves it out again). The scheme is checked as every
   * scheme is (never a script scheme).
   */
  add(schema, definition) {
    const name = schema.replace(/[:/]+$/, "").toLowerCase();
    this.extraSchemes = this.extraSchemes.filter((s) => s !== name);
    if (definition !== null && definition !== undefined) this.extraSchemes.push(name);
    this.rebuild();
    return this;
  }

  /**
   * The TLDs that make a link: a list of them (or one) instead of the
   * built-in IANA list. `keepOld` (add them to it) throws: pass the whole
   * list, or a finder with `tlds: "any"`.
   */
  tlds(list, keepOld = false) {
    if (keepOld) {
      throw new RangeError("tlds: keepOld is not supported; pass the whole list, or a LinkFinder with tlds: \"any\"");
    }
    this.options.tlds = typeof list === "string" ? [list] : [...list];
    this.rebuild();
    return this;
  }

  /** Whether `text` may hold a link (a quick test: no false "no"). */
  pretest(text) {
    return MAY_LINK.test(text);
  }

  /** Whether `text` holds a link. */
  test(text) {
    return this.matches(text).length > 0;
  }

  /** The links of `text`, or `null`. */
  match(text) {
    const found = this.matches(text);
    return found.length > 0 ? found : null;
  }

  /**
   * The link with a scheme that starts `text`, or `null`. Only the text
   * before the first white space is read (no link goes past it), so
   * markdown-it's call at each `://` costs its word, not the document.
   */
  matchAtStart(text) {
    if (!SCHEME.test(text)) return null;
    const space = text.search(SPACE);
    const found = this.matches(space < 0 ? text : text.slice(0, space));
    return found.length > 0 && found[0].index === 0 && found[0].schema ? found[0] : null;
  }

  /** The length of the link after `schema` at `pos`, or 0. */
  testSchemaAt(text, schema, pos) {
    const found = this.matchAtStart(schema + text.slice(pos));
    return found ? found.lastIndex - schema.length : 0;
  }

  /** linkify-it's hook to change a match; linkscan's are final. */
  normalize() {}

  matches(text) {
    if (this.last.text === text) return this.last.matches;
    const matches = this.pretest(text) ? this.finder.find(text).map(toMatch) : [];
    this.last = { text, matches };
    return matches;
  }
}

function toMatch(link) {
  let schema = "";
  if (link.kind === "email") {
    schema = "mailto:";
  } else {
    const scheme = SCHEME.exec(link.text);
    if (scheme && link.href.toLowerCase().startsWith(scheme[0].toLowerCase())) schema = scheme[0].toLowerCase();
  }
  return new Match(schema, link.start, link.end, link.text, link.href);
}

/** A new LinkifyIt (`linkifyIt()` or `new LinkifyIt()`, as linkify-it allows both). */
export default function linkifyIt(schemas, options, extra) {
  return new LinkifyIt(schemas, options, extra);
}
