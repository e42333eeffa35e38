"""Finder.explain: each candidate with the rules that decided it."""

import json
import os
import pathlib
import random
import subprocess

import pytest

import linkscan

TEXT = "See https://en.wikipedia.org/wiki/Rust_(language)). 東京 x.notatld www.a.org/x? a@b.org!"


def test_explain_gives_links_and_refusals_with_their_rules():
    candidates = linkscan.Finder().explain(TEXT)
    links = [c["link"] for c in candidates if c["link"] is not None]
    assert links == linkscan.Finder().find(TEXT)
    first = candidates[0]
    assert first["text"] == "https://en.wikipedia.org/wiki/Rust_(language)"
    assert [d["rule"] for d in first["decisions"]] == ["scheme", "bracket-closed", "unmatched-close"]
    assert first["decisions"][0]["reference"] == "UTS #58 §3.2"
    refused = [c for c in candidates if c["link"] is None]
    assert [(c["text"], [d["rule"] for d in c["decisions"]]) for c in refused] == [("notatld", ["tld-not-accepted"])]
    # Offsets are Python string indices (the finder's unit), as find's.
    for c in candidates:
        assert TEXT[c["start"] : c["end"]] == c["text"]
        for d in c["decisions"]:
            assert TEXT[d["start"] : d["end"]] == d["text"]
            assert d["refuses"] == (c["link"] is None)


@pytest.mark.parametrize("offsets", ["utf8", "utf16"])
def test_explain_offsets_follow_the_finder(offsets):
    encoded = TEXT.encode("utf-8" if offsets == "utf8" else "utf-16-le")
    width = 1 if offsets == "utf8" else 2
    for c in linkscan.Finder(offsets=offsets).explain(TEXT):
        assert encoded[c["start"] * width : c["end"] * width].decode("utf-8" if width == 1 else "utf-16-le") == c["text"]


@pytest.mark.parametrize("dialect", ["uts58", "gfm", "md4c"])
def test_explain_agrees_with_the_cli(dialect):
    """The binding and `linkscan explain --format jsonl` (its own writer)
    give the same candidates, rules and byte ranges."""
    binary = os.environ.get("LINKSCAN_BIN")
    if not binary:
        pytest.skip("LINKSCAN_BIN is not set")
    rng = random.Random(58)
    pieces = ["www.", "a", ".org", ".com", "(", ")", "?", ".", " ", "@", "x", "http://", "é", "/p", "&amp;", ":"]
    for _ in range(40):
        text = "".join(rng.choice(pieces) for _ in range(30))
        out = subprocess.run(
            [binary, "explain", "--format", "jsonl", "--dialect", dialect, "-f", "-"],
            input=text.encode(), capture_output=True, check=False,
        )
        assert out.returncode in (0, 1), out.stderr
        cli = [json.loads(line) for line in out.stdout.decode().splitlines()]
        ours = linkscan.Finder(dialect, offsets="utf8").explain(text)
        assert [(c["start"], c["end"], [(d["rule"], d["start"], d["end"]) for d in c["decisions"]]) for c in ours] == [
            (c["start"], c["end"], [(d["rule"], d["start"], d["end"]) for d in c["decisions"]]) for c in cli
        ], text


def test_the_guides_explain_block_runs_as_written():
    from documented import run_as_written

    guide = (pathlib.Path(__file__).parents[3] / "docs" / "python.md").read_text(encoding="utf-8")
    block = guide.split("### Why a link ends here")[1].split("```python\n")[1].split("```")[0]
    assert run_as_written(block) == 2
