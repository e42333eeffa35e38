// linkscan/linkify-it: linkify-it's API over a linkscan LinkFinder, for
// markdown-it 14 and 15, which call `test`, `match`, `pretest` and
// `matchAtStart` of `md.linkify`:
//
//   import markdownit from "markdown-it";
//   import { linkscanLinkify } from "linkscan/linkify-it";
//   const md = markdownit({ linkify: true }).use(linkscanLinkify);
//
// Its defaults are linkify-it 6's (markdown-it 15's): links need a scheme
// (`fuzzyLink: false`), addresses do not; `{ fuzzyLink: true }` gives
// linkify-it 5's (markdown-it 14's). Its links are UTS #58's: CJK
// punctuation and full-width brackets end them, hosts may be in any script.

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

/** The options linkify-it 6's constructor takes, and their defaults. */
const DEFAULTS = { fuzzyLink: false, fuzzyEmail: true, fuzzyIP: false };

/**
 * linkify-it's `LinkifyIt` over a linkscan `LinkFinder`, made as linkify-it
 * 6 makes it (`new LinkifyIt(options)`) or as linkify-it 5 does
 * (`new LinkifyIt(schemas, options)`). `options` take linkify-it's names:
 * `fuzzyLink` (links without a scheme; default false, as linkify-it 6),
 * `fuzzyEmail` (addresses; default true), `fuzzyIP` (IP hosts; default
 * false). `finder` (a LinkFinder) decides instead, with its own options:
 * then `set`, `add` and `tlds` throw.
 */
export class LinkifyIt {
  constructor(schemasOrOptions, options, { finder } = {}) {
    // linkify-it 6 takes the options first; 5, the schemas.
    const given = schemasOrOptions ?? {};
    const optionsFirst = options === undefined && Object.keys(given).length > 0 &&
      Object.keys(given).every((name) => name in DEFAULTS);
    const schemas = optionsFirst ? {} : given;
    this.__opts__ = { ...DEFAULTS };
    this.options = { defaultScheme: "http://" };
    this.extraSchemes = [];
    this.finder = finder;
    this.finderGiven = finder !== undefined;
    this.last = { text: null, matches: [] };
    for (const [name, definition] of Object.entries(schemas)) this.add(name, definition);
    if (finder === undefined) this.set({ ...DEFAULTS, ...(optionsFirst ? given : options) });
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
    for (const [name, value] of Object.entries(options ?? {})) {
      if (!(name in DEFAULTS)) {
        throw new RangeError(`${name}: not an option linkscan's LinkifyIt takes (fuzzyLink, fuzzyEmail, fuzzyIP)`);
      }
      this.__opts__[name] = Boolean(value);
    }
    const { fuzzyLink, fuzzyEmail, fuzzyIP } = this.__opts__;
    // Without fuzzy links, scheme-less hosts are not looked for; addresses
    // (a kind of their own) still are unless fuzzyEmail is off.
    this.options.kinds = ["url", ...(fuzzyLink ? ["www"] : []), ...(fuzzyEmail ? ["email"] : [])].join(",");
    this.options.ipHosts = fuzzyIP;
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
export default function linkifyIt(schemasOrOptions, options, extra) {
  return new LinkifyIt(schemasOrOptions, options, extra);
}

/** linkify-it 6's name for the same function. */
export { linkifyIt as linkifyit };

/**
 * A markdown-it plugin: `md.use(linkscanLinkify, options)` makes
 * `md.linkify` a LinkifyIt with these options (markdown-it's `linkify`
 * option still turns linkifying on). Type-checks with every markdown-it's
 * types, which an assignment to `md.linkify` cannot (linkify-it 6's class
 * has private members).
 */
export function linkscanLinkify(md, options) {
  md.linkify = new LinkifyIt(options ?? {});
}
