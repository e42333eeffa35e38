// linkscan/explain: why each link starts and ends where it does.
import type { Link, LinkFinderOptions } from "./linkscan.js";

/** A decision of the scan: the rule that made it and the text it looked at. */
export interface Decision {
  /** The rule's stable id (`trailing-soft`); docs/detection.md lists them. */
  rule: string;
  /** Where the text it looked at starts (UTF-16 code units). */
  start: number;
  /** Where it ends (exclusive). */
  end: number;
  /** That text: `text.slice(start, end)`. */
  text: string;
  /** What the rule decides, in one line. */
  reason: string;
  /** The specification section or reference behaviour it follows. */
  reference: string;
  /** Whether it refuses the candidate. */
  refuses: boolean;
}

/** A candidate the scan considered: a link, or a candidate refused (`link` null). */
export interface Candidate {
  link: Link | null;
  start: number;
  end: number;
  text: string;
  /** The decisions about it, in the order the scan made them. */
  decisions: Decision[];
}

/**
 * Each candidate the scan of `text` considers with a finder of `options`,
 * in order: a link with the rules that made its start and end, or a
 * near-miss (`link` null) with the rule that refused it.
 */
export function explain(text: string, options?: LinkFinderOptions): Candidate[];
