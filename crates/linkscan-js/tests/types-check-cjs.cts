// Compiled by types.test.mjs: the CommonJS entries' declarations.
import linkscan = require("linkscan");
import linkify = require("linkscan/linkify-it");
import markdown = require("linkscan/markdown");

const links: linkscan.Link[] = new linkscan.LinkFinder({ profile: "chat" }).find("see example.com");
const li: linkify.LinkifyIt = linkify.default({ fuzzyLink: true });
const html: string = markdown.markdownToHtml("x") + linkscan.linkifyHtml("x.com");
void [links, li, html];
