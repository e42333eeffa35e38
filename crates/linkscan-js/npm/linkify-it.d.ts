import type { LinkFinder } from "./linkscan.js";

/** A link found, as linkify-it gives it. */
export class Match {
  /** `""` for a link without a scheme, `"mailto:"` for an address, else its scheme. */
  schema: string;
  index: number;
  lastIndex: number;
  raw: string;
  text: string;
  url: string;
}

/** linkify-it's options that linkscan's LinkifyIt takes. */
export interface LinkifyItOptions {
  fuzzyLink?: boolean;
  fuzzyEmail?: boolean;
  fuzzyIP?: boolean;
}

/** linkify-it's API over a linkscan LinkFinder, for markdown-it (`md.linkify = linkifyIt()`). */
export class LinkifyIt {
  constructor(schemas?: Record<string, unknown>, options?: LinkifyItOptions, extra?: { finder?: LinkFinder });
  set(options: LinkifyItOptions): this;
  add(schema: string, definition: unknown): this;
  tlds(list: string | string[], keepOld?: boolean): this;
  pretest(text: string): boolean;
  test(text: string): boolean;
  match(text: string): Match[] | null;
  matchAtStart(text: string): Match | null;
  testSchemaAt(text: string, schema: string, pos: number): number;
  normalize(match: Match): void;
}

export default function linkifyIt(schemas?: Record<string, unknown>, options?: LinkifyItOptions, extra?: { finder?: LinkFinder }): LinkifyIt;
