#!/usr/bin/env python3
"""Runs commands in turn, each RUNS times, and prints a Markdown table of
their medians: CPU time (user + system, to the microsecond: GNU time's two
decimals are coarse for runs of a tenth of a second) and wall time, and

- over a tree (`--dir DIR`, output to a pipe read and thrown away): page
  faults (minor) and the time to the first line of output;
- on a file (`--stdin FILE`, output to `--stdout FILE`): throughput, peak
  memory and the lines printed.

    measure.py --dir DIR RUNS LABEL COMMAND [LABEL COMMAND ...]
    measure.py --stdin FILE --stdout FILE RUNS LABEL COMMAND [...]

COMMAND is one string, split as a shell would split it (no shell runs it).
"""

import argparse
import os
import shlex
import statistics
import subprocess
import time


# Where GNU time writes the peak memory of a run.
PEAK = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"linkscan-measure-{os.getpid()}.txt")


def run_once(command, args):
    """CPU seconds, wall seconds, minor page faults, seconds to the first
    line (over a tree) and peak memory in KiB (on a file: GNU time reads
    it, as a child this process starts would have this process's memory
    counted in its peak)."""
    actions = [(os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    actions.append((os.POSIX_SPAWN_OPEN, 0, args.stdin or os.devnull, os.O_RDONLY, 0))
    read_end = None
    if args.stdout:
        actions.append((os.POSIX_SPAWN_OPEN, 1, args.stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644))
    else:
        read_end, write_end = os.pipe()
        actions += [(os.POSIX_SPAWN_DUP2, write_end, 1), (os.POSIX_SPAWN_CLOSE, read_end)]
    if args.stdin:
        command = ["/usr/bin/time", "-f", "%M", "-o", PEAK] + command
    start = time.perf_counter()
    pid = os.posix_spawnp(command[0], command, os.environ, file_actions=actions)
    first = 0.0
    if read_end is not None:
        os.close(write_end)
        with os.fdopen(read_end, "rb") as output:
            output.readline()
            first = time.perf_counter() - start
            while output.read(1 << 16):
                pass
    _, _, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    peak = 0
    if args.stdin:
        with open(PEAK) as f:
            peak = int(f.read().split()[-1])
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_minflt, first, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir")
    parser.add_argument("--stdin")
    parser.add_argument("--stdout")
    parser.add_argument("runs", type=int)
    parser.add_argument("commands", nargs="+")
    args = parser.parse_args()
    if args.dir:
        os.chdir(args.dir)
    pairs = list(zip(args.commands[::2], args.commands[1::2]))
    results = {label: [] for label, _ in pairs}
    lines = {}
    for _ in range(args.runs):
        for label, command in pairs:
            results[label].append(run_once(shlex.split(command), args))
            if args.stdout and args.stdout != os.devnull:
                with open(args.stdout, "rb") as out:
                    lines[label] = sum(1 for _ in out)
    if args.stdout == os.devnull:
        for label, command in pairs:
            with open(args.stdin, "rb") as stdin:
                output = subprocess.run(shlex.split(command), stdin=stdin, stdout=subprocess.PIPE, check=False)
            lines[label] = output.stdout.count(b"\n")
    if args.stdin:
        size = os.path.getsize(args.stdin)
        print("| command | seconds | CPU seconds | MB/s | peak memory (MB) | links printed |")
        print("|---|---:|---:|---:|---:|---:|")
    else:
        print("| command | CPU seconds | seconds | page faults | seconds to the first line |")
        print("|---|---:|---:|---:|---:|")
    for label, _ in pairs:
        cpu, wall, faults, first, peak = (statistics.median(column) for column in zip(*results[label]))
        if args.stdin:
            print(f"| {label} | {wall:.3f} | {cpu:.3f} | {size / wall / 1e6:.0f} | {peak / 1024:.1f} | {lines[label]} |")
        else:
            print(f"| {label} | {cpu:.3f} | {wall:.3f} | {faults:.0f} | {first:.3f} |")


if __name__ == "__main__":
    main()
