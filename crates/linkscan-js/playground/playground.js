// The playground: every change of the text or the options shows the links
// found, marked in the text, in a table, as HTML and as Markdown's HTML.
// Only DOM text nodes carry what the user typed.
import { LinkFinder, linkifyHtml, displayUrl, UNICODE_VERSION } from "linkscan";

const $ = (id) => document.getElementById(id);
let markdownToHtml = null;
import("linkscan/markdown").then((m) => { markdownToHtml = m.markdownToHtml; update(); });

function element(tag, text, className) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (className) e.className = className;
  return e;
}

function update() {
  const text = $("input").value;
  const dialect = $("dialect").value;
  $("profile").disabled = dialect !== "uts58";
  const options = dialect === "uts58" ? { profile: $("profile").value } : { dialect };
  let finder;
  try {
    finder = new LinkFinder(options);
    const started = performance.now();
    const links = finder.find(text);
    const took = performance.now() - started;
    const marked = $("marked");
    marked.replaceChildren();
    let at = 0;
    const rows = [];
    for (const link of links) {
      marked.append(text.slice(at, link.start), element("mark", link.text, link.kind));
      at = link.end;
      const row = element("tr");
      const shown = link.kind === "url" ? displayUrl(link.href) : link.href;
      for (const cell of [link.kind, link.text, link.href, shown, `${link.start}–${link.end}`]) row.append(element("td", cell));
      rows.push(row);
    }
    marked.append(text.slice(at));
    $("links").replaceChildren(...rows);
    $("html").textContent = linkifyHtml(text, { finder });
    $("markdown").textContent = markdownToHtml ? markdownToHtml(text, { dialect }) : "loading…";
    $("status").className = "";
    $("status").textContent = `${links.length} link${links.length === 1 ? "" : "s"} in ${took < 0.1 ? "< 0.1" : took.toFixed(1)} ms · Unicode ${UNICODE_VERSION}`;
  } catch (error) {
    $("status").className = "error";
    $("status").textContent = error.message;
  } finally {
    finder?.free();
  }
}

for (const id of ["input", "dialect", "profile"]) $(id).addEventListener("input", update);
update();
