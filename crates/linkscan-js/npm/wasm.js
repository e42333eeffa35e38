// The WebAssembly modules, how strings cross into them and back (the ABI is
// described in crates/linkscan-js/src/lib.rs), and the finder options they
// read.

const encoder = new TextEncoder();
// (ignoreBOM: a U+FEFF the module writes is text, not a byte order mark.)
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** The compiled module at `url` (a file in Node, fetched elsewhere). */
export async function load(url) {
  let bytes;
  if (url.protocol === "file:") {
    const fs = "node:fs/promises";
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ fs);
    bytes = await readFile(url);
  } else {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`linkscan: cannot load ${url}: HTTP ${response.status}`);
    bytes = await response.arrayBuffer();
  }
  return new Wasm(await WebAssembly.compile(bytes));
}

/** The module compiled from `bytes`, synchronously (the CommonJS entries' way). */
export function loadSync(bytes) {
  return new Wasm(new WebAssembly.Module(bytes));
}

/** An instance of the module; started again, with a new generation, after a trap. */
export class Wasm {
  constructor(module) {
    this.module = module;
    this.generation = 0;
    this.start();
  }

  start() {
    this.exports = new WebAssembly.Instance(this.module, {}).exports;
    this.generation += 1;
    this.buffer = null;
    this.input = null;
    this.lastPrefix = { bytes: new Uint8Array(0), string: "" };
  }

  /** Byte view of the memory (made again when the memory has grown). */
  get u8() {
    if (this.exports.memory.buffer !== this.buffer) this.views();
    return this.bytesView;
  }

  get u32() {
    if (this.exports.memory.buffer !== this.buffer) this.views();
    return this.intsView;
  }

  views() {
    this.buffer = this.exports.memory.buffer;
    this.bytesView = new Uint8Array(this.buffer);
    this.intsView = new Uint32Array(this.buffer);
  }

  /**
   * Runs `f` with the exports. A trap (a bug, or memory the module could
   * not get) starts a new instance, so the next call works, and throws.
   */
  call(f) {
    try {
      return f(this.exports);
    } catch (error) {
      throw this.failed(error);
    }
  }

  /** The error to throw for `error`, thrown in a call; a new instance after a trap. */
  failed(error) {
    if (!(error instanceof WebAssembly.RuntimeError)) return error;
    this.start();
    return new Error(`linkscan: the WebAssembly module stopped (${error.message}); ` +
      "it was out of memory for this input, or this is a bug to report", { cause: error });
  }

  /**
   * Writes `text` into the input buffer as UTF-8; its length in bytes
   * (equal to `text.length` when it is ASCII). The view of the buffer is
   * kept while the buffer stays where it is: the usual call makes no object.
   */
  encode(text) {
    const room = text.length * 3;
    const at = this.exports.ls_input(room);
    let view = this.input;
    if (view === null || view.byteOffset !== at || view.length < room || view.buffer !== this.exports.memory.buffer) {
      view = this.input = new Uint8Array(this.exports.memory.buffer, at, this.exports.ls_input_len());
    }
    return encoder.encodeInto(text, view).written;
  }

  /**
   * Writes `strings` one after another into the input buffer as UTF-8;
   * the byte length of each.
   */
  write(...strings) {
    let room = 0;
    for (const s of strings) room += s.length * 3;
    const start = this.exports.ls_input(room);
    const u8 = this.u8;
    const lengths = [];
    let at = start;
    for (const s of strings) {
      const { written } = encoder.encodeInto(s, u8.subarray(at, start + room));
      lengths.push(written);
      at += written;
    }
    return lengths;
  }

  /** The numbers of the last call, `count` of them. */
  ints(count) {
    const at = this.exports.ls_ints() >>> 2;
    return this.u32.subarray(at, at + count);
  }

  /** The UTF-8 result of the last call, as a string. */
  text() {
    const at = this.exports.ls_bytes();
    return decoder.decode(this.u8.subarray(at, at + this.exports.ls_bytes_len()));
  }

  /** `length` bytes of the last call's UTF-8 result from `from`, as a string. */
  slice(from, length) {
    const at = this.exports.ls_bytes() + from;
    return decoder.decode(this.u8.subarray(at, at + length));
  }

  /**
   * The `length` bytes at address `at` as a string: an href's prefix, which
   * is most often the one before it (`https://`, `mailto:`), so the last
   * one is kept and compared instead of decoded again.
   */
  prefix(at, length) {
    const u8 = this.u8;
    const last = this.lastPrefix;
    if (last.bytes.length === length) {
      let i = 0;
      while (i < length && u8[at + i] === last.bytes[i]) i++;
      if (i === length) return last.string;
    }
    const bytes = u8.slice(at, at + length);
    this.lastPrefix = { bytes, string: decoder.decode(bytes) };
    return this.lastPrefix.string;
  }
}

/** `value` if it is a string; a TypeError naming `what` otherwise. */
export function string(value, what) {
  if (typeof value !== "string") {
    throw new TypeError(`linkscan: ${what} must be a string, not ${value === null ? "null" : typeof value}`);
  }
  return value;
}

const DIALECTS = { gfm: 0, md4c: 1, uts58: 2 };

/**
 * `markdownToHtml` of linkscan/markdown and of linkscan/comrak: the
 * options checked, then the module's `entry` (`ls_markdown`,
 * `ls_markdown_comrak`) on `markdown`.
 */
export function markdownToHtmlWith(wasm, entry, markdown, { dialect = "gfm", unsafe = false } = {}) {
  string(markdown, "markdown");
  const code = DIALECTS[dialect];
  if (code === undefined) throw new RangeError(`dialect: ${JSON.stringify(dialect)} is not "gfm", "md4c" or "uts58"`);
  if (typeof unsafe !== "boolean") throw new TypeError("unsafe: expected true or false");
  return wasm.call((ex) => {
    ex[entry](wasm.encode(markdown), code, unsafe ? 1 : 0);
    return wasm.text();
  });
}

export const KINDS = ["url", "email", "handle"];
/** The flag of a kind's number from the module: its prefix is the whole href (a handle, a wrapped URL). */
export const WHOLE_HREF = 4;

/** Each option's name in JavaScript and in the module. */
const OPTIONS = {
  dialect: "dialect",
  profile: "profile",
  kinds: "kinds",
  requireScheme: "require_scheme",
  tlds: "tlds",
  defaultScheme: "default_scheme",
  ipHosts: "ip_hosts",
  unicodeEnds: "unicode_ends",
  localHosts: "local_hosts",
  skipFileNames: "skip_file_names",
  wrappedUrls: "wrapped_urls",
  schemes: "schemes",
};
const JS_NAMES = Object.fromEntries(Object.entries(OPTIONS).map(([js, rust]) => [rust, js]));
const FLAGS = new Set(["requireScheme", "ipHosts", "unicodeEnds", "localHosts", "skipFileNames", "wrappedUrls"]);

/** The options as the module reads them (`name=value` lines), checked for type. */
export function optionSpec(options) {
  if (options === undefined || options === null) return "";
  if (typeof options !== "object") throw new TypeError("linkscan: options must be an object");
  const lines = [];
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    const rust = OPTIONS[name];
    if (rust === undefined) {
      throw new RangeError(`${name}: not an option (${Object.keys(OPTIONS).join(", ")})`);
    }
    lines.push(`${rust}=${optionValue(name, value)}`);
  }
  return lines.join("\n");
}

function optionValue(name, value) {
  const word = (s) => {
    string(s, name);
    if (/[\n,]/.test(s)) throw new RangeError(`${name}: ${JSON.stringify(s)} holds a comma or a line break`);
    return s;
  };
  const list = (v) => {
    if (!Array.isArray(v)) throw new TypeError(`${name}: expected an array of strings`);
    return v.map(word).join(",");
  };
  if (FLAGS.has(name)) {
    if (typeof value !== "boolean") throw new TypeError(`${name}: expected true or false`);
    return String(value);
  }
  switch (name) {
    case "kinds":
      return Array.isArray(value) ? list(value) : string(value, name);
    case "schemes":
      return list(value);
    case "tlds":
      if (Array.isArray(value)) return `list:${list(value)}`;
      if (value === "iana" || value === "any") return value;
      throw new RangeError(`tlds: expected "iana", "any" or an array of TLDs`);
    default:
      return word(value);
  }
}

/** An error of the module about an option, with the option's JavaScript name. */
export function optionError(message) {
  const name = message.slice(0, message.indexOf(":"));
  return new RangeError(JS_NAMES[name] ? JS_NAMES[name] + message.slice(name.length) : message);
}
