/** Options of a LinkFinder; each one left out keeps what the dialect and the profile choose. */
export interface LinkFinderOptions {
  /** The rule set: UTS #58 (the default), GitHub's (`gfm`) or MD4C's autolinks. */
  dialect?: "uts58" | "gfm" | "md4c";
  /** UTS #58: a named set of options, which the others change after it. */
  profile?: "default" | "strict" | "chat" | "docs" | "mail";
  /** The kinds of link: `"url,www,email"` or an array (`handle` is UTS #58's only). */
  kinds?: string | Array<"url" | "www" | "email" | "handle">;
  /** URLs need a scheme (`https://…`). */
  requireScheme?: boolean;
  /** UTS #58: which TLDs count: the IANA list, any well-formed one, or these. */
  tlds?: "iana" | "any" | string[];
  /** The scheme put before links found without one (never a script scheme). */
  defaultScheme?: string;
  /** UTS #58: IP hosts after an explicit scheme. */
  ipHosts?: boolean;
  /** GFM: URLs end by the UTS #58 rules. */
  unicodeEnds?: boolean;
  /** UTS #58: any well-formed host after an explicit scheme (`http://intranet/`). */
  localHosts?: boolean;
  /** UTS #58: no scheme-less names that read as code: file names (`README.md`, `main.rs:12`) and calls (`Date.now()`). Default: the profile's (on but in `"strict"`). */
  skipFileNames?: boolean;
  /** UTS #58: a URL wrapped across lines inside `<…>` or `<URL:…>` (mail, quoted replies) is one link, its href joined. Default: on in `"mail"` only. */
  wrappedUrls?: boolean;
  /** UTS #58: the schemes a `scheme://` URL may have; `"web"` stands for the built-in list. */
  schemes?: string[];
}

/** A link found. */
export interface Link {
  /** Where it starts: a JavaScript string index (UTF-16 code units). */
  start: number;
  /** Where it ends (exclusive). */
  end: number;
  /** `url` (with or without a scheme), `email`, or `handle` (`@user@host`). */
  kind: "url" | "email" | "handle";
  /** The link as written: `text.slice(start, end)` (a wrapped URL with its line breaks). */
  text: string;
  /** Its target: `https://` or `mailto:` added where it has no scheme; a wrapped URL joined. */
  href: string;
}

/** Finds links; built once with its options, used for any number of texts. Throws RangeError for options that cannot be used, TypeError for values of the wrong type. */
export class LinkFinder {
  constructor(options?: LinkFinderOptions);
  /** The links of `text`, in order. */
  find(text: string): Link[];
  /** Whether `text` has a link. */
  test(text: string): boolean;
  /** A stream of text fed a piece at a time. */
  stream(): LinkStream;
  /** Frees the finder now (the garbage collector does it otherwise). */
  free(): void;
}

/** Text that arrives a piece at a time: each link once it is final, exactly as in the whole text; offsets from the stream's start. */
export class LinkStream {
  /** Adds `chunk`; the links it made final. */
  feed(chunk: string): Link[];
  /** Ends the text; its last links. */
  finish(): Link[];
  /** Frees the stream now. */
  free(): void;
}

/** Options of linkifyHtml: a finder or a finder's options, and attributes for each `<a>`. */
export interface LinkifyHtmlOptions extends LinkFinderOptions {
  finder?: LinkFinder;
  rel?: string;
  target?: string;
  className?: string;
}

/** `text` as HTML: escaped, with `<a href>` around each link; never a script URL. */
export function linkifyHtml(text: string, options?: LinkifyHtmlOptions): string;
/** The form of a URL people read: escapes decoded where safe, escaped minimally (UTS #58 §4). */
export function displayUrl(url: string): string;
/** An email address with its local part quoted where UTS #58 §5.3 requires it; RangeError if it cannot be written. */
export function displayEmail(address: string): string;
/** The Unicode version of the character data. */
export const UNICODE_VERSION: string;
/** The date of the IANA TLD list built in. */
export const TLD_LIST_VERSION: string;
