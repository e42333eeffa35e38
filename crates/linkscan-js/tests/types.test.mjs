// The TypeScript declarations against the package: types-check.ts (and
// types-check-cjs.cts, through require) uses
// every export as documented and must compile with `tsc --strict`, and
// its two wrong uses must be errors (`@ts-expect-error`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";

// (The ES module's declarations, and the CommonJS entries' from a .cts file.)
for (const file of ["types-check.ts", "types-check-cjs.cts"]) {
  test(`the declarations compile with tsc --strict: ${file}`, () => {
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const args = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
      "--target", "es2022", "--skipLibCheck", "false", file];
    try {
      execFileSync(process.execPath, [tsc, ...args], { cwd: new URL(".", import.meta.url), encoding: "utf8" });
    } catch (error) {
      assert.fail(`tsc: ${error.stdout}${error.stderr}`);
    }
  });
}
