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
  /** Links without a scheme (`example.com`). Default false, as linkify-it 6 (5: true). */
  fuzzyLink?: boolean;
  /** Email addresses without `mailto:`. Default true. */
  fuzzyEmail?: boolean;
  /** IP hosts. Default false. */
  fuzzyIP?: boolean;
}

/** linkify-it's API over a linkscan LinkFinder, for markdown-it (`md.use(linkscanLinkify)`). */
export class LinkifyIt {
  /** linkify-it 6's form (`new LinkifyIt(options)`) or 5's (`new LinkifyIt(schemas, options)`). */
  constructor(options?: LinkifyItOptions);
  constructor(schemas?: Record<string, unknown> | null, options?: LinkifyItOptions | null, extra?: { finder?: LinkFinder });
  /** The options in force, as linkify-it 6 shows them. */
  __opts__: Required<LinkifyItOptions>;
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

declare function linkifyIt(options?: LinkifyItOptions): LinkifyIt;
declare function linkifyIt(schemas?: Record<string, unknown> | null, options?: LinkifyItOptions | null, extra?: { finder?: LinkFinder }): LinkifyIt;
export default linkifyIt;
/** linkify-it 6's name for the same function. */
export { linkifyIt as linkifyit };

/** A markdown-it plugin: `md.use(linkscanLinkify, options)` makes `md.linkify` a LinkifyIt with these options. */
export function linkscanLinkify(md: { linkify: unknown }, options?: LinkifyItOptions): void;
