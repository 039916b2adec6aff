# SPDX-License-Identifier: BSD-3-Clause
"""Checks `mr2d plan` on an N-D redistribution against a count element by
element: runs the command with --json and --draw-slice, computes from the
N-D distributions themselves (block-cyclic per dimension, grid positions in
C or Fortran order, rank maps, windows, the permutation) which rank holds
each element of A's window in A and in B, and compares every pair's bytes,
the totals, each process's share and local shape, and the owner of every
cell of the slice picture. Exits 1 with what differs.

    python3 nd_count.py MR2D [plan options with --nd-a, --nd-b, --perm, --type]
"""
import itertools
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

ELEM_SIZE = {"s": 4, "d": 8, "c": 8, "z": 16, "i": 4}


class Side:
    """One array as written: key=value words, lists split on ',' or 'x'."""

    def __init__(self, text):
        words = dict(w.split("=", 1) for w in text.split())
        lists = {k: re.split("[,x]", v) for k, v in words.items() if k not in ("order", "grid-order")}
        self.sizes = [int(v) for v in lists["sizes"]]
        self.grid = [int(v) for v in lists["grid"]]
        n = len(self.sizes)
        blocks = lists.get("blocks", ["b"] * n)
        self.blocks = []
        for size, procs, b in zip(self.sizes, self.grid, blocks):
            if b == "b":
                self.blocks.append(max(1, -(-size // procs)))
            elif b == "*":
                self.blocks.append(max(1, size))
            else:
                self.blocks.append(int(b))
        self.sources = [int(v) for v in lists.get("sources", ["0"] * n)]
        self.starts = [int(v) for v in lists.get("starts", ["0"] * n)]
        self.counts = [int(v) for v in lists["counts"]] if "counts" in lists else [
            s - t for s, t in zip(self.sizes, self.starts)]
        positions = math.prod(self.grid)
        self.ranks = [int(v) for v in lists["ranks"]] if "ranks" in lists else list(range(positions))
        self.grid_c_order = words.get("grid-order", "C") == "C"

    def coord(self, d, i):
        return (i // self.blocks[d] + self.sources[d]) % self.grid[d]

    def position(self, coords):
        pos = 0
        dims = range(len(self.grid)) if self.grid_c_order else reversed(range(len(self.grid)))
        for d in dims:
            pos = pos * self.grid[d] + coords[d]
        return pos

    def owner(self, index):
        return self.ranks[self.position([self.coord(d, i) for d, i in enumerate(index)])]

    def shape_of(self, rank):
        """Local counts per dimension of `rank` (zeros off the grid)."""
        if rank not in self.ranks:
            return [0] * len(self.sizes)
        pos = self.ranks.index(rank)
        coords = []
        dims = list(range(len(self.grid)))
        for d in (reversed(dims) if self.grid_c_order else dims):
            coords.append((d, pos % self.grid[d]))
            pos //= self.grid[d]
        coords = dict(coords)
        return [sum(1 for i in range(self.sizes[d]) if self.coord(d, i) == coords[d]) for d in dims]


def fail(what):
    print("MISMATCH: " + what)
    sys.exit(1)


def main():
    prog, args = sys.argv[1], sys.argv[2:]
    opts = dict(zip(args[::2], args[1::2]))
    a, b = Side(opts["--nd-a"]), Side(opts["--nd-b"])
    n = len(a.sizes)
    perm = [int(v) for v in re.split("[,x]", opts["--perm"])] if "--perm" in opts else list(range(n))
    elem = ELEM_SIZE[opts.get("--type", "d")]

    with tempfile.TemporaryDirectory() as tmp:
        svg_path = os.path.join(tmp, "slice.svg")
        run = subprocess.run([prog, "plan"] + args + ["--json", "--draw-slice", svg_path],
                             capture_output=True, text=True, check=False)
        if run.returncode != 0:
            fail("exit %d: %s" % (run.returncode, run.stderr))
        report = json.loads(run.stdout)
        svg = ET.parse(svg_path).getroot()

    for key in ("processes", "bytes_moved", "bytes_local", "messages", "a", "b", "nd"):
        if key not in report:
            fail("no '%s' in the JSON" % key)
    for key in ("perm", "elements", "bytes", "form", "per_process", "pairs"):
        if key not in report["nd"]:
            fail("no 'nd.%s' in the JSON" % key)
    for key in ("op", "m", "n", "rows", "cols"):
        if key not in report["nd"]["form"]:
            fail("no 'nd.form.%s' in the JSON" % key)

    # Element by element: where each element of A's window is in A and in B.
    union = max(max(a.ranks), max(b.ranks)) + 1
    pairs, held_a, held_b = {}, [0] * union, [0] * union
    for g in itertools.product(*(range(s, s + c) for s, c in zip(a.starts, a.counts))):
        h = [0] * n
        for d in range(n):
            h[perm[d]] = g[d] - a.starts[d] + b.starts[perm[d]]
        src, dst = a.owner(g), b.owner(h)
        pairs[(src, dst)] = pairs.get((src, dst), 0) + elem
        held_a[src] += 1
        held_b[dst] += 1

    elements = math.prod(a.counts)
    moved = sum(v for (s, t), v in pairs.items() if s != t)
    kept = sum(v for (s, t), v in pairs.items() if s == t)
    got_pairs = {(p["from"], p["to"]): p["bytes"] for p in report["nd"]["pairs"]}
    want_pairs = {k: v for k, v in pairs.items() if k[0] != k[1]}
    checks = [
        ("pairs", got_pairs, want_pairs),
        ("bytes_moved", report["bytes_moved"], moved),
        ("bytes_local", report["bytes_local"], kept),
        ("messages", report["messages"], len(want_pairs)),
        ("processes", report["processes"], union),
        ("nd.elements", report["nd"]["elements"], elements),
        ("nd.bytes", report["nd"]["bytes"], elements * elem),
        ("nd.perm", report["nd"]["perm"], perm),
        ("form m x n", report["nd"]["form"]["m"] * report["nd"]["form"]["n"], elements),
        ("form dimensions", sorted(report["nd"]["form"]["rows"] + report["nd"]["form"]["cols"]), list(range(n))),
        ("per_process count", len(report["nd"]["per_process"]), union),
    ]
    for rank, p in enumerate(report["nd"]["per_process"]):
        out = sum(v for (s, t), v in pairs.items() if s == rank and t != rank)
        inn = sum(v for (s, t), v in pairs.items() if t == rank and s != rank)
        checks += [
            ("rank %d A elements" % rank, p["a"]["elements"], held_a[rank]),
            ("rank %d B elements" % rank, p["b"]["elements"], held_b[rank]),
            ("rank %d A shape" % rank, p["a"]["shape"], a.shape_of(rank)),
            ("rank %d B shape" % rank, p["b"]["shape"], b.shape_of(rank)),
            ("rank %d bytes out" % rank, p["bytes_out"], out),
            ("rank %d bytes in" % rank, p["bytes_in"], inn),
            ("rank %d bytes kept" % rank, p["bytes_kept"], pairs.get((rank, rank), 0)),
        ]
    for what, got, want in checks:
        if got != want:
            fail("%s: report %r, element count %r" % (what, got, want))

    # The slice: every cell names an element of A or B and the rank holding it.
    cells = 0
    for title in svg.iter("{http://www.w3.org/2000/svg}title"):
        m = re.fullmatch(r"([AB])\(([-0-9,]+)\): rank (\d+)", title.text)
        if not m:
            fail("slice cell title '%s'" % title.text)
        index = [int(v) for v in m.group(2).split(",")]
        side = a if m.group(1) == "A" else b
        if side.owner(index) != int(m.group(3)):
            fail("slice: %s is on rank %d, the picture says %s" % (m.group(1) + m.group(2), side.owner(index),
                                                                    m.group(3)))
        cells += 1
    want_cells = 0 if elements == 0 else 2 * min(a.counts[0], 128) * (min(a.counts[1], 128) if n > 1 else 1)
    if cells != want_cells:
        fail("slice has %d cells, want %d" % (cells, want_cells))
    print("nd plan: %d elements, %d pairs, %d slice cells agree with the element-by-element count"
          % (elements, len(want_pairs), cells))


if __name__ == "__main__":
    main()
