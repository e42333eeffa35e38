"""markdown-it-py rendering with linkify on: linkify-it-py against
linkscan's LinkifyIt, in one run, on 1 MB of generated Markdown (3,000
paragraphs with three links each, and as many without any). Prints a
Markdown table (the best of three renders; most of the time is
markdown-it-py's own).

    bash crates/linkscan-py/benches/run.sh      # installs what it needs, then runs this too
"""

import time

import linkify_it
from markdown_it import MarkdownIt

import linkscan.linkify_it

LINKS = "\n\n".join(
    f"Paragraph {i}: see https://example.com/page/{i}?q=1 and www.site{i}.org, mail user{i}@example.net. "
    "Plain words follow here without any link at all, and then more words."
    for i in range(3000)
)
PROSE = "\n\n".join("Plain words follow here without any link at all, and then more words. " * 3 for _ in range(3000))


def best_render(make, text):
    md = MarkdownIt().enable("linkify")
    md.options["linkify"] = True
    md.linkify = make()
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        html = md.render(text)
        best = min(best, time.perf_counter() - start)
    return best, html.count("<a ")


print("| text | linkify-it-py | linkscan `LinkifyIt` | |")
print("|---|---:|---:|---:|")
for name, text in [("three links a paragraph", LINKS), ("no links", PROSE)]:
    (peer, peer_links), (ours, our_links) = (best_render(m, text) for m in (linkify_it.LinkifyIt, linkscan.linkify_it.LinkifyIt))
    assert peer_links == our_links, (name, peer_links, our_links)
    print(f"| {name} | {peer * 1000:,.0f} ms | {ours * 1000:,.0f} ms | {peer / ours:.1f}× |")
