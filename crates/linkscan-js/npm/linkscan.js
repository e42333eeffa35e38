// linkscan: links (URLs and email addresses) in text, by Unicode UTS #58,
// GFM or MD4C rules; safe HTML; URLs formatted for people to read.

import { load, string, optionSpec, optionError, KINDS, WHOLE_HREF } from "./wasm.js";

const wasm = await load(new URL("./linkscan.wasm", import.meta.url));

/** The `count` links the last `ls_find` of `text` gave, as objects. */
function links(text, count) {
  const ints = wasm.u32;
  let bytesAt = wasm.exports.ls_bytes();
  const found = new Array(count);
  for (let i = 0, k = wasm.exports.ls_ints() >>> 2; i < count; i++, k += 4) {
    const start = ints[k], end = ints[k + 1], kind = ints[k + 2], prefixLength = ints[k + 3];
    const linkText = text.slice(start, end);
    const prefix = prefixLength === 0 ? "" : wasm.prefix(bytesAt, prefixLength);
    bytesAt += prefixLength;
    found[i] = { start, end, kind: KINDS[kind & 3], text: linkText, href: kind & WHOLE_HREF ? prefix : prefix + linkText };
  }
  return found;
}

// Finders and streams the garbage collector took are freed in the module.
const slots = new FinalizationRegistry(({ generation, slot, free }) => {
  if (wasm.generation === generation) wasm.exports[free](slot);
});

/**
 * Finds links in text. Built once with its options and used for any number
 * of texts; `find` gives each link with JavaScript string offsets.
 */
export class LinkFinder {
  /** @param {object} [options] see linkscan.d.ts */
  constructor(options) {
    this.spec = optionSpec(options);
    this.freed = false;
    this.generation = 0;
    this.slot = -1;
    this.handle();
  }

  /** The finder's number in the current instance (made again after a restart). */
  handle() {
    if (this.freed) throw new Error("linkscan: this LinkFinder was freed");
    if (this.generation !== wasm.generation) {
      const slot = wasm.call((ex) => ex.ls_finder_new(wasm.encode(this.spec)));
      if (slot < 0) throw optionError(wasm.text());
      this.generation = wasm.generation;
      this.slot = slot;
      slots.register(this, { generation: this.generation, slot, free: "ls_finder_free" }, this);
    }
    return this.slot;
  }

  /** The links of `text`, in order: `{start, end, kind, text, href}`. */
  find(text) {
    if (typeof text !== "string") string(text, "text");
    const slot = this.handle();
    try {
      const length = wasm.encode(text);
      const count = wasm.exports.ls_find(slot, length, length === text.length ? 1 : 0);
      return count === 0 ? [] : links(text, count);
    } catch (error) {
      throw wasm.failed(error);
    }
  }

  /** Whether `text` has a link. */
  test(text) {
    return this.find(text).length > 0;
  }

  /** A stream of text, fed a piece at a time, whose links come out once final. */
  stream() {
    return new LinkStream(this);
  }

  /** Frees the finder now (the garbage collector does it otherwise). */
  free() {
    if (this.freed) return;
    if (this.slot >= 0 && this.generation === wasm.generation) wasm.exports.ls_finder_free(this.slot);
    slots.unregister(this);
    this.freed = true;
  }
}

/**
 * Text that arrives a piece at a time (a chat answer, a log): `feed` gives
 * the links each piece made final, exactly as the whole text would have
 * them, offsets counted from the stream's start; `finish` the rest.
 */
export class LinkStream {
  constructor(finder) {
    this.generation = wasm.generation;
    this.slot = wasm.call((ex) => ex.ls_stream_new(finder.handle()));
    slots.register(this, { generation: this.generation, slot: this.slot, free: "ls_stream_free" }, this);
  }

  /** Adds `chunk`; the links it made final. */
  feed(chunk) {
    return this.take(string(chunk, "chunk"), false);
  }

  /** Ends the text; its last links. The stream is freed. */
  finish() {
    const links = this.take("", true);
    this.free();
    return links;
  }

  take(chunk, finish) {
    if (this.slot < 0 || this.generation !== wasm.generation) {
      throw new Error("linkscan: this LinkStream was finished or freed");
    }
    return wasm.call((ex) => {
      const count = ex.ls_stream_feed(this.slot, wasm.encode(chunk), finish ? 1 : 0);
      const ints = wasm.ints(count * 5);
      const links = new Array(count);
      let at = 0;
      for (let i = 0, k = 0; i < count; i++, k += 5) {
        const kind = ints[k + 2], prefixLength = ints[k + 3], textLength = ints[k + 4];
        const prefix = wasm.slice(at, prefixLength);
        const text = wasm.slice(at + prefixLength, textLength);
        at += prefixLength + textLength;
        links[i] = { start: ints[k], end: ints[k + 1], kind: KINDS[kind & 3], text, href: kind & WHOLE_HREF ? prefix : prefix + text };
      }
      return links;
    });
  }

  /** Frees the stream now (the garbage collector does it otherwise). */
  free() {
    if (this.slot >= 0 && this.generation === wasm.generation) wasm.exports.ls_stream_free(this.slot);
    slots.unregister(this);
    this.slot = -1;
  }
}

let defaultFinder;

/**
 * `text` as HTML: escaped, with `<a href>` around each link, never a
 * script URL. Options: `finder` (a LinkFinder) or the finder's options,
 * and `rel`, `target`, `className` for each `<a>`.
 */
export function linkifyHtml(text, options = {}) {
  string(text, "text");
  const { finder, rel, target, className, ...finderOptions } = options ?? {};
  let use = finder;
  if (use !== undefined && !(use instanceof LinkFinder)) throw new TypeError("finder: expected a LinkFinder");
  if (use !== undefined && Object.keys(finderOptions).length > 0) {
    throw new TypeError("linkscan: give a finder or its options, not both");
  }
  const own = use === undefined && Object.keys(finderOptions).length > 0;
  if (own) use = new LinkFinder(finderOptions);
  if (use === undefined) use = defaultFinder ??= new LinkFinder();
  try {
    const attributes = [rel, target, className].map((v, i) =>
      v === undefined || v === null ? undefined : string(v, ["rel", "target", "className"][i]));
    const slot = use.handle();
    return wasm.call((ex) => {
      const given = attributes.filter((v) => v !== undefined);
      const lengths = wasm.write(text, ...given);
      let next = 1;
      const length = (v) => (v === undefined ? 0xffffffff : lengths[next++]);
      ex.ls_linkify_html(slot, lengths[0], ...attributes.map(length));
      return wasm.text();
    });
  } finally {
    if (own) use.free();
  }
}

/**
 * The form of a URL people read: percent-escapes decoded where that is
 * safe, escaped minimally (UTS #58 §4).
 */
export function displayUrl(url) {
  string(url, "url");
  return wasm.call((ex) => {
    ex.ls_display_url(wasm.encode(url));
    return wasm.text();
  });
}

/**
 * An email address with its local part quoted where UTS #58 §5.3 requires
 * it; a RangeError when it cannot be written at all.
 */
export function displayEmail(address) {
  string(address, "address");
  const [result, text] = wasm.call((ex) => [ex.ls_display_email(wasm.encode(address)), wasm.text()]);
  if (result < 0) throw new RangeError(`linkscan: ${text}`);
  return text;
}

const [unicode, tlds] = wasm.call((ex) => (ex.ls_versions(), wasm.text().split(" ")));

/** The Unicode version of the character data (`"18.0.0"`). */
export const UNICODE_VERSION = unicode;
/** The date of the IANA TLD list built in. */
export const TLD_LIST_VERSION = tlds;
