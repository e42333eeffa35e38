// The WebAssembly module and how strings cross into it and back (the ABI is
// described in crates/linkscan-js/src/lib.rs).

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
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      this.start();
      throw new Error(`linkscan: the WebAssembly module stopped (${error.message}); ` +
        "it was out of memory for this input, or this is a bug to report", { cause: error });
    }
  }

  /**
   * Writes `strings` one after another into the input buffer as UTF-8;
   * returns the byte length of each and whether all were ASCII.
   */
  write(...strings) {
    let room = 0;
    for (const s of strings) room += s.length * 3;
    const start = this.exports.ls_input(room);
    const u8 = this.u8;
    const lengths = [];
    let at = start;
    let ascii = true;
    for (const s of strings) {
      const { written } = encoder.encodeInto(s, u8.subarray(at, start + room));
      if (written !== s.length) ascii = false;
      lengths.push(written);
      at += written;
    }
    return { lengths, ascii };
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
    const u8 = this.u8;
    if (length <= 32) {
      // Short ASCII (the usual prefix, `https://`) without a decoder call.
      let s = "";
      for (let i = at; i < at + length; i++) {
        if (u8[i] >= 0x80) return decoder.decode(u8.subarray(at, at + length));
        s += String.fromCharCode(u8[i]);
      }
      return s;
    }
    return decoder.decode(u8.subarray(at, at + length));
  }
}

/** `value` if it is a string; a TypeError naming `what` otherwise. */
export function string(value, what) {
  if (typeof value !== "string") {
    throw new TypeError(`linkscan: ${what} must be a string, not ${value === null ? "null" : typeof value}`);
  }
  return value;
}
