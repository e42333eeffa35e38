// Compiled by types.test.mjs with `tsc --noEmit --strict`: the package's
// declarations describe what its JavaScript does.
import { LinkFinder, LinkStream, linkifyHtml, displayUrl, displayEmail, UNICODE_VERSION, type Link } from "linkscan";
import { explain, type Candidate } from "linkscan/explain";
import linkifyIt, { LinkifyIt, linkifyit, linkscanLinkify, type Match } from "linkscan/linkify-it";
import markdownit from "markdown-it";
import { markdownToHtml } from "linkscan/markdown";
import { markdownToHtml as comrakToHtml } from "linkscan/comrak";

const finder = new LinkFinder({ dialect: "uts58", profile: "chat", kinds: ["url", "www", "email", "handle"], tlds: ["com"] });
const links: Link[] = finder.find("see example.com");
const starts: number[] = links.map((l) => l.start);
const kinds: Array<"url" | "email" | "handle"> = links.map((l) => l.kind);
const explained: Candidate[] = explain("see example.com", { dialect: "gfm", kinds: ["url"] });
const rules: string[] = explained.flatMap((c) => c.decisions.map((d) => (d.refuses ? "no " : "") + d.rule + d.reason + d.text));
const explainedLinks: Array<Link | null> = explained.map((c) => c.link);
void [rules, explainedLinks];
const stream: LinkStream = finder.stream();
const fed: Link[] = [...stream.feed("a"), ...stream.finish()];
const html: string = linkifyHtml("x.com", { rel: "nofollow", className: "l", finder });
const shown: string = displayUrl("https://x.org/%C3%A9") + displayEmail("a@b.org") + UNICODE_VERSION;
const md: string = markdownToHtml("x", { dialect: "gfm", unsafe: false }) + comrakToHtml("x", { dialect: "md4c" });
const li: LinkifyIt = linkifyIt().set({ fuzzyLink: false }).tlds(["com"]).add("foo:", "http:");
// The README's markdown-it line, against markdown-it 15's own types.
const mdIt = markdownit({ linkify: true }).use(linkscanLinkify).use(linkscanLinkify, { fuzzyLink: true });
const fuzzy: boolean = linkifyit({ fuzzyLink: true }).__opts__.fuzzyLink && new LinkifyIt(null, { fuzzyIP: true }).test("x");
void [mdIt.render("x"), fuzzy];
const matches: Match[] | null = li.match("https://x.com");
const first: Match | null = li.matchAtStart("https://x.com");
void [starts, kinds, fed, html, shown, md, matches, first?.lastIndex, new LinkifyIt().test("x")];

// @ts-expect-error: a dialect that does not exist
new LinkFinder({ dialect: "commonmark" });
// @ts-expect-error: a flag is a boolean
new LinkFinder({ ipHosts: "yes" });
