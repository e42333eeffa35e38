// The playground: every change of the text or the options shows the links
// found, marked in the text (near-misses too), in a table, as HTML and as
// Markdown's HTML; choosing a mark shows why it is (or is not) a link.
// Only DOM text nodes carry what the user typed.
import { LinkFinder, linkifyHtml, displayUrl, UNICODE_VERSION } from "linkscan";

const $ = (id) => document.getElementById(id);
let markdownToHtml = null;
import("linkscan/markdown").then((m) => { markdownToHtml = m.markdownToHtml; update(); });
let explain = null;
import("linkscan/explain").then((m) => { explain = m.explain; update(); });

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
    // Until linkscan/explain has loaded, the links alone.
    const candidates = explain ? explain(text, options) : links.map((link) => ({ ...link, link, decisions: [] }));
    const marked = $("marked");
    marked.replaceChildren();
    let at = 0;
    for (const candidate of candidates) {
      if (candidate.start < at || candidate.start === candidate.end) continue; // (inside one marked already)
      const mark = element("mark", candidate.text, candidate.link ? candidate.link.kind : "miss");
      mark.tabIndex = 0;
      mark.addEventListener("click", () => why(candidate, mark));
      mark.addEventListener("keydown", (e) => (e.key === "Enter" || e.key === " ") && why(candidate, mark));
      marked.append(text.slice(at, candidate.start), mark);
      at = candidate.end;
    }
    marked.append(text.slice(at));
    $("why").replaceChildren(element("p", "Choose a link, or a near-miss (underlined with dashes), to see the rules that decided it.", "hint"));
    const rows = [];
    for (const link of links) {
      const row = element("tr");
      const shown = link.kind === "url" ? displayUrl(link.href) : link.href;
      for (const cell of [link.kind, link.text, link.href, shown, `${link.start}–${link.end}`]) row.append(element("td", cell));
      rows.push(row);
    }
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

/** Shows the decisions about `candidate` (its mark: `mark`). */
function why(candidate, mark) {
  for (const m of document.querySelectorAll("#marked mark.chosen")) m.classList.remove("chosen");
  mark.classList.add("chosen");
  const head = element("p");
  head.append(element("strong", candidate.link ? `A link: ${candidate.link.href}` : "No link: "), candidate.link ? "" : element("code", candidate.text));
  const list = element("ol");
  for (const d of candidate.decisions) {
    const item = element("li");
    item.append(element("code", d.rule), ` on `, element("code", d.text || "(the end)"), `: ${d.reason} `, element("span", d.reference, "ref"));
    list.append(item);
  }
  $("why").replaceChildren(head, list);
}

for (const id of ["input", "dialect", "profile"]) $(id).addEventListener("input", update);
update();
