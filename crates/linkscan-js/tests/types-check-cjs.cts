// Compiled by types.test.mjs: the CommonJS entries' declarations.
import linkscan = require("linkscan");
import linkify = require("linkscan/linkify-it");
import markdown = require("linkscan/markdown");
import explainer = require("linkscan/explain");

const links: linkscan.Link[] = new linkscan.LinkFinder({ profile: "chat" }).find("see example.com");
const li: linkify.LinkifyIt = linkify.default({ fuzzyLink: true });
const html: string = markdown.markdownToHtml("x") + linkscan.linkifyHtml("x.com");
const rules: string[] = explainer.explain("x.com").flatMap((c) => c.decisions.map((d) => d.rule));
void rules;
void [links, li, html];
