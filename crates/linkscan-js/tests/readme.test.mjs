// The README's JavaScript, run as written against the installed package: a
// line followed by a `// <value>` comment must give that value (as
// util.inspect writes it on one line), or, for `console.log(…)`, print it
// (a string as it is, less its final newline).
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { inspect } from "node:util";
import { repoFile } from "./common.mjs";

/** The ```js blocks of a Markdown file's section `heading`. */
function blocks(markdown, heading) {
  const section = markdown.split(/^## /m).find((s) => s.startsWith(heading + "\n"));
  assert.ok(section, `no section ${heading}`);
  return [...section.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

/** A module that runs `block` and checks each value a comment gives. */
function checked(block) {
  const lines = block.split("\n");
  const out = [
    "const __checks = [];",
    "const __printed = (v) => { console.log(v); return typeof v === 'string' ? { printed: v.replace(/\\n$/, '') } : v; };",
  ];
  lines.forEach((line, i) => {
    if (line.startsWith("//") || !line.trim()) return;
    const code = line.split(/\s{2,}\/\/ /)[0];
    const next = lines[i + 1] ?? "";
    if (next.startsWith("// ")) {
      const expected = next.slice(3).split(/\s{2,}/)[0];
      const printed = /^console\.log\((.*)\);?$/.exec(code);
      const value = printed ? `__printed(${printed[1]})` : code.replace(/;$/, "");
      out.push(`__checks.push([${JSON.stringify(code)}, ${value}, ${JSON.stringify(expected)}]);`);
    } else {
      out.push(code);
    }
  });
  out.push("export default __checks;");
  return out.join("\n");
}

for (const [file, heading] of [["README.md", "JavaScript"], ["docs/javascript.md", "The API"]]) {
  test(`${file}, ${heading}: the JavaScript blocks as written`, async () => {
    const found = blocks(repoFile(file), heading);
    assert.ok(found.length > 0);
    let count = 0;
    for (const [k, block] of found.entries()) {
      const path = new URL(`./documented-${file.replace(/\W/g, "-")}-${k}.mjs`, import.meta.url);
      writeFileSync(path, checked(block));
      for (const [code, value, expected] of (await import(path)).default) {
        const shown = typeof value?.printed === "string" ? value.printed : inspect(value, { breakLength: Infinity });
        assert.equal(shown, expected, code);
        count++;
      }
    }
    assert.ok(count > 0, "no value was checked");
  });
}
