"""The Python package against the Python link finders people use, on the
Rust benchmark's 1 MiB corpora split into lines (records), in one run:
linkscan `Finder.find` per string and `Finder.find_arrow` per batch,
linkify-it-py (fuzzy links on and off) and urlextract; and the Rust
library's own time on the same records. Prints a Markdown table (MB/s).

    bash crates/linkscan-py/benches/run.sh      # installs what it needs, then runs this
"""

import argparse
import multiprocessing
import os
import pathlib
import time

import pyarrow as pa

import linkscan

BUDGET = 3.0  # seconds a peer may spend on one corpus; its rate is measured on what it did
# (a single call longer than 20 s is killed: see rate_or_timeout)


def rate(fn, lines, budget=BUDGET, repeat=3):
    """MB/s of `fn` over the records (best of `repeat`), stopping a slow run
    after `budget` seconds and counting the bytes it covered."""
    sizes = [len(line.encode("utf-8")) + 1 for line in lines]  # not timed
    best = 0.0
    for _ in range(repeat):
        done, start = 0, time.perf_counter()
        for line, size in zip(lines, sizes):
            fn(line)
            done += size
            if time.perf_counter() - start > budget:
                break
        elapsed = time.perf_counter() - start
        best = max(best, done / elapsed / 1e6)
        if elapsed > budget:
            break
    return best


def rate_or_timeout(fn, lines, limit=20.0):
    """`rate` in a child process, ended after `limit` seconds: a peer that
    is super-linear on one long line never returns from that one call.
    None when it timed out."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=lambda: queue.put(rate(fn, lines)))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.kill()
        child.join()
        return None
    return queue.get()


def shown(value, digits=2):
    return f"> {20.0:.0f} s (killed)" if value is None else f"{value:.{digits}f}"


def batch_rate(fn, total_bytes, rounds=10, round_seconds=0.05):
    """MB/s of one call of `fn` over all records: as the Rust baseline is
    timed (the `corpora` binary), the mean of the calls of a round of at
    least `round_seconds`, best of `rounds`."""
    best = float("inf")
    for _ in range(rounds):
        calls, start = 0, time.perf_counter()
        while True:
            fn()
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= round_seconds:
                break
        best = min(best, elapsed / calls)
    return total_bytes / best / 1e6


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpora", help="the directory `corpora` wrote")
    parser.add_argument("rust_times", help="the `corpora` binary's output: NAME SECONDS LINKS per line")
    args = parser.parse_args()

    from linkify_it import LinkifyIt
    from urlextract import URLExtract

    fuzzy = LinkifyIt().set({"fuzzy_link": True, "fuzzy_email": True})
    strict = LinkifyIt().set({"fuzzy_link": False, "fuzzy_email": True})
    extractor = URLExtract()
    finder = linkscan.Finder()
    rust = {}
    for line in pathlib.Path(args.rust_times).read_text().splitlines():
        name, seconds, _ = line.split()
        rust[name] = float(seconds)

    threads = os.cpu_count()
    print("| corpus | linkscan find | find_arrow, 1 thread | find_arrow, default threads | Rust library (1 thread) | "
          "find_arrow time ÷ Rust time (1 thread) | (default threads) | "
          "linkify-it-py fuzzy | linkify-it-py | urlextract | find ÷ linkify-it-py fuzzy | find_arrow ÷ linkify-it-py fuzzy |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for path in sorted(pathlib.Path(args.corpora).glob("*.txt")):
        name = path.stem
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        size = len(text.encode("utf-8"))
        array = pa.array(lines)
        ours = rate(finder.find, lines)
        arrow_one = batch_rate(lambda: finder.find_arrow(array, threads=1), size)
        arrow = batch_rate(lambda: finder.find_arrow(array), size)
        rust_rate = size / rust[name] / 1e6
        peer_fuzzy = rate_or_timeout(fuzzy.match, lines)
        peer_strict = rate_or_timeout(strict.match, lines)
        peer_extract = rate_or_timeout(extractor.find_urls, lines)
        ratio = lambda x: "∞" if peer_fuzzy is None else f"{x / peer_fuzzy:.0f}×"
        print(f"| {name} | {ours:.1f} | {arrow_one:.1f} | {arrow:.1f} | {rust_rate:.1f} | "
              f"{rust_rate / arrow_one:.2f} | {rust_rate / arrow:.2f} | "
              f"{shown(peer_fuzzy)} | {shown(peer_strict)} | {shown(peer_extract)} | "
              f"{ratio(ours)} | {ratio(arrow)} |", flush=True)
    print(f"\n(default threads: {min(threads, 8)} on this machine's {threads} CPUs; parts of at least 256 KiB)")

if __name__ == "__main__":
    main()
