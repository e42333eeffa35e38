"""bleach.linkify against linkscan.bleach.linkify, in one run, on 1 MB of
generated HTML (3,000 paragraphs with markup and three links each, and as
many without any), and on 5,000 chat-sized fragments. Prints a Markdown
table (the median of five runs).

    bash crates/linkscan-py/benches/run.sh      # installs what it needs, then runs this too
"""

import statistics
import time

import bleach

import linkscan.bleach

LINKS = "\n".join(
    f'<p class="c{i}">Paragraph <b>{i}</b>: see https://example.com/page/{i}?q=1&amp;r=2 and '
    f"<i>www.site{i}.org</i>, mail user{i}@example.net. <code>not.linked.org</code> "
    "Plain words follow here without any link at all, and then more words.</p>"
    for i in range(3000)
)
PROSE = "\n".join(
    f'<p class="c{i}">Plain words <b>follow</b> here without any link at all, and then more words. ' * 3 + "</p>"
    for i in range(3000)
)
CHAT = [f"<span>hey, is it at example.com/{i}?</span> <em>thanks</em>" for i in range(5000)]


def median_run(linkify, texts):
    times = []
    for _ in range(5):
        start = time.perf_counter()
        out = [linkify(t, parse_email=True) for t in texts]
        times.append(time.perf_counter() - start)
    return statistics.median(times), sum(o.count("<a ") for o in out)


print("| HTML | bleach.linkify | linkscan.bleach.linkify | |")
print("|---|---:|---:|---:|")
for name, texts in [
    ("1 MB, three links a paragraph", [LINKS]),
    ("1 MB, no links", [PROSE]),
    ("5,000 chat messages", CHAT),
]:
    (peer, peer_links), (ours, our_links) = (median_run(f, texts) for f in (bleach.linkify, linkscan.bleach.linkify))
    assert peer_links == our_links, (name, peer_links, our_links)
    print(f"| {name} | {peer * 1000:,.0f} ms | {ours * 1000:,.1f} ms | {peer / ours:,.0f}× |")
