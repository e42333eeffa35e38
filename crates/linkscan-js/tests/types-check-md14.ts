// Compiled by types.test.mjs (tsconfig-md14.json): the README's markdown-it
// line against markdown-it 14's types (@types/markdown-it, mapped to the
// name the tests give markdown-it 14).
import markdownit from "markdown-it-14";
import { linkscanLinkify } from "linkscan/linkify-it";

const md = markdownit({ linkify: true }).use(linkscanLinkify).use(linkscanLinkify, { fuzzyLink: true });
const html: string = md.render("x");
void html;
