#!/usr/bin/env python3
"""Atomic read-modify-write operations per operation of one benchmark case, counted by callgrind.

Instructions per operation (`Benchmarks instructions`) weigh every instruction alike. An atomic
read-modify-write (an x86 `lock`-prefixed instruction or an `xchg` with memory: every retain and
release of a Swift object, every mutex taken or given back) costs 20 to 60 plain instructions on
this machine kind, and more on a busy host. Two engines with the same instruction count can then
differ in time by their count of atomics: this script counts them.

It runs `Benchmarks profile CONTENDER SCENARIO n` under `valgrind --tool=callgrind --dump-instr=yes`
with n and 2n iterations (on a stripped copy of the binary, as `Benchmarks instructions` does), finds
the atomic instructions of every object that ran (with `objdump`), and divides the difference of
their executions by n. With --by-caller it splits them by the function that called the runtime
(`swift_retain` called by a step's build, say).

    swift build -c release --package-path Benchmarks
    python3 Benchmarks/Scripts/atomic-operations.py ours runtimeArgument
    python3 Benchmarks/Scripts/atomic-operations.py ours oneDep --by-caller

Python 3 standard library only; needs valgrind, strip and objdump.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

NAME = re.compile(r"(c?(?:ob|fn))=\((\d+)\)(?: (.*))?")


def run_callgrind(binary, contender, scenario, iterations, output, by_caller):
    command = ["valgrind", "--tool=callgrind", "--dump-instr=yes", f"--callgrind-out-file={output}"]
    if by_caller:
        command.append("--separate-callers=2")
    command += [binary, "profile", contender, scenario, str(iterations)]
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    result = subprocess.run(command, env=environment, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"callgrind failed ({result.returncode}): {result.stderr[-2000:]}")


def executions(path):
    """Executions of each instruction, by (object, function, address)."""
    names = {"ob": {}, "fn": {}}
    costs = collections.Counter()
    obj = function = None
    address = 0
    after_call = False
    with open(path, errors="replace") as lines:
        for line in lines:
            line = line.rstrip("\n")
            match = NAME.match(line)
            if match:
                kind, number, name = match.groups()
                table = names[kind.lstrip("c")]
                if name:
                    table[number] = name
                if kind == "ob":
                    obj = table[number]
                elif kind == "fn":
                    function = table[number]
                continue
            if line.startswith("calls="):
                after_call = True  # the next line is the call's inclusive cost, not an execution
                continue
            if not line or line[0] not in "+-*0123456789":
                continue
            fields = line.split()
            position = fields[0]
            if position == "*":
                pass
            elif position[0] == "+":
                address += int(position[1:], 0)
            elif position[0] == "-":
                address -= int(position[1:], 0)
            else:
                address = int(position, 0)
            if after_call:
                after_call = False
                continue
            if len(fields) >= 3:
                costs[(obj, function, address)] += int(fields[2])
    return costs


def atomic_addresses(path):
    """The addresses of the atomic read-modify-write instructions in an object file."""
    try:
        listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", path], capture_output=True, text=True).stdout
    except OSError:
        return set()
    found = set()
    for line in listing.splitlines():
        match = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
        if match and (match.group(2).startswith("lock ") or (match.group(2).startswith("xchg") and "(" in match.group(2))):
            found.add(int(match.group(1), 16))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("contender")
    parser.add_argument("scenario")
    parser.add_argument("--binary", default="Benchmarks/.build/release/Benchmarks")
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--by-caller", action="store_true")
    options = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        binary = os.path.join(scratch, "Benchmarks")
        subprocess.run(["strip", "--strip-debug", "-o", binary, options.binary], check=True)
        runs = []
        for factor in (1, 2):
            output = os.path.join(scratch, f"run{factor}.cg")
            run_callgrind(binary, options.contender, options.scenario, factor * options.iterations, output, options.by_caller)
            runs.append(executions(output))
    short, long = runs
    n = options.iterations

    instructions = (sum(long.values()) - sum(short.values())) / n
    by_function = collections.Counter()
    addresses = collections.defaultdict(set)
    for obj, _, address in long:
        addresses[obj].add(address)
    for obj, seen in addresses.items():
        atomic = atomic_addresses(obj)
        if not atomic:
            continue
        # A position-independent executable may be loaded at an offset: take the one that fits.
        bias = max((0, 0x108000, 0x400000), key=lambda offset: sum(1 for a in seen if a - offset in atomic))
        for (o, function, address), count in long.items():
            if o == obj and address - bias in atomic:
                by_function[function] += count - short.get((o, function, address), 0)

    print(f"{options.contender} {options.scenario}: {instructions:,.0f} instructions, "
          f"{sum(by_function.values()) / n:.1f} atomic read-modify-writes per operation")
    if options.by_caller:
        for function, count in by_function.most_common():
            if count / n >= 0.05:
                print(f"{count / n:7.2f}  {function[:140]}")


if __name__ == "__main__":
    main()
