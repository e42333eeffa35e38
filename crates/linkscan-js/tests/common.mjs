// What the tests share: the repository's files and a fixture parser.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The repository (test.sh sets LINKSCAN_REPO; the tests run in a scratch project). */
export const REPO = process.env.LINKSCAN_REPO ?? new URL("../../..", import.meta.url).pathname;

export function repoFile(...path) {
  return readFileSync(join(REPO, ...path), "utf8");
}

/** markdown-it's fixture format: a title, then `.`-separated source and expected HTML. */
export function fixtures(text) {
  const lines = text.split("\n");
  const cases = [];
  let title = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== ".") {
      if (lines[i].trim()) title.push(lines[i]);
      continue;
    }
    const block = () => {
      const start = ++i;
      while (lines[i] !== ".") i++;
      return lines.slice(start, i).join("\n") + "\n";
    };
    const line = i + 1;
    const source = block();
    const expected = block();
    cases.push({ title: title.join(" "), line, source, expected });
    title = [];
  }
  return cases;
}
