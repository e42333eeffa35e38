"""The cost of one call on a chat message: `Finder.find` on 5,000 messages
of about 95 bytes, without a link and with one, next to
`re.findall(r"https?://\\S+")` in the same run (the best of 40 rounds,
microseconds per message).

    python benches/bench_message.py
"""

import re
import time

import linkscan


def per_message(fn, messages, rounds=40):
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for message in messages:
            fn(message)
        best = min(best, (time.perf_counter() - start) / len(messages))
    return best * 1e6


def main():
    plain = [f"hey there, did you see the news about item {i}? it was posted earlier today by someone at work ok"
             for i in range(5000)]
    linked = [f"hey there, did you see example.com/{i}? it was posted earlier today by someone at work, ok"
              for i in range(5000)]
    finder, pattern = linkscan.Finder(), re.compile(r"https?://\S+")
    print("| message | Finder.find | re.findall |")
    print("|---|---:|---:|")
    for name, messages in [("no link", plain), ("one link", linked)]:
        print(f"| {name} | {per_message(finder.find, messages):.2f} µs | {per_message(pattern.findall, messages):.2f} µs |")


if __name__ == "__main__":
    main()
