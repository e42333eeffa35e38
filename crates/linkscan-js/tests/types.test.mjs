// The TypeScript declarations against the package: types-check.ts (and
// types-check-cjs.cts, through require) uses
// every export as documented and must compile with `tsc --strict`, and
// its two wrong uses must be errors (`@ts-expect-error`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";

// (The ES module's declarations, and the CommonJS entries' from a .cts
// file; and the markdown-it plugin against markdown-it 14's types, which
// tsconfig-md14.json maps to the name the tests give markdown-it 14 — their
// own files are not checked: they name linkify-it 5's types, and linkify-it
// 6 is the one installed.)
const compilations = [
  ["types-check.ts", ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
    "--target", "es2022", "--skipLibCheck", "false", "types-check.ts"]],
  ["types-check-cjs.cts", ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
    "--target", "es2022", "--skipLibCheck", "false", "types-check-cjs.cts"]],
  ["types-check-md14.ts", ["-p", "tsconfig-md14.json"]],
];
for (const [file, args] of compilations) {
  test(`the declarations compile with tsc --strict: ${file}`, () => {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    try {
      execFileSync(process.execPath, [tsc, ...args], { cwd: new URL(".", import.meta.url), encoding: "utf8" });
    } catch (error) {
      assert.fail(`tsc: ${error.stdout}${error.stderr}`);
    }
  });
}
