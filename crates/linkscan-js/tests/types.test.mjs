// The TypeScript declarations against the package: types-check.ts uses
// every export as documented and must compile with `tsc --strict`, and
// its two wrong uses must be errors (`@ts-expect-error`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";

test("the declarations compile with tsc --strict", () => {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const args = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
    "--target", "es2022", "--skipLibCheck", "false", "types-check.ts"];
  try {
    execFileSync(process.execPath, [tsc, ...args], { cwd: new URL(".", import.meta.url), encoding: "utf8" });
  } catch (error) {
    assert.fail(`tsc: ${error.stdout}${error.stderr}`);
  }
});
