// Serves the playground on http://127.0.0.1:PORT/ (PORT: the first argument,
// default 8058), with the linkscan package under /linkscan/: the installed
// one (node_modules/linkscan beside the working directory) or, in a clone,
// crates/linkscan-js/npm after `cargo xtask wasm`.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const installed = resolve("node_modules/linkscan");
const packageDir = await stat(installed).then(() => installed, () => join(here, "../npm"));
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm", ".png": "image/png" };

export function serve(port = 8058) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    const file = path.startsWith("/linkscan/")
      ? join(packageDir, path.slice("/linkscan/".length))
      : join(here, path === "/" ? "index.html" : path);
    if (!file.startsWith(packageDir) && !file.startsWith(here)) return response.writeHead(403).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((done) => server.listen(port, "127.0.0.1", () => done(server)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await serve(Number(process.argv[2] ?? 8058));
  console.log(`linkscan playground: http://127.0.0.1:${server.address().port}/ (package: ${packageDir})`);
}
