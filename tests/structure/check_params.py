#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
# Counts the parameters of every function declared or defined in src/ and
# fails on any with more than 10, listing them. Exported entry points
# (MR2D_API) are exempt: their signatures are ScaLAPACK's, PBLAS's and
# include/'s, fixed by the ABI. A light parser: comments and strings are
# dropped, a declaration is a name after a type, its parameter list followed
# by a body, `;`, `:` (initializers) or qualifiers.
#   check_params.py <repository>
import pathlib
import re
import sys

LIMIT = 10
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "static_assert", "decltype", "alignof", "catch",
            "defined", "else", "do", "case", "throw", "new", "delete", "alignas", "noexcept"}


def strip(text):
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"'(\\.|[^'\\])'", "' '", text)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def parameters(inner):
    depth = angle = 0
    commas = 0
    for c in inner:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "<":
            angle += 1
        elif c == ">":
            angle = max(0, angle - 1)
        elif c == "," and depth == 0 and angle == 0:
            commas += 1
    return 0 if inner.strip() in ("", "void") else commas + 1


def functions(text):
    for m in re.finditer(r"\b([A-Za-z_][A-Za-z_0-9:~]*)\s*\(", text):
        name = m.group(1).split("::")[-1]
        if name in KEYWORDS:
            continue
        depth, j = 1, m.end()
        while j < len(text) and depth > 0:
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        if not re.match(r"\s*(const\s*)?(noexcept\s*)?(override\s*)?(->[^{;]*)?\s*[{;:]", text[j:j + 200]):
            continue
        # The statement before the name: empty for a call, a type for a declaration.
        start = max(text.rfind(";", 0, m.start()), text.rfind("{", 0, m.start()), text.rfind("}", 0, m.start()))
        before = text[start + 1:m.start()].replace("\\\n", " ").strip()
        if not before or not re.search(r"[A-Za-z_0-9*&>]$", before) or re.search(r"(=|return|\(|,)\s*$", before):
            continue
        if before.endswith(("else", "return", "new", "delete", "throw", "case")):
            continue
        yield name, parameters(text[m.end():j - 1]), "MR2D_API" in before


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    over = []
    for path in sorted((root / "src").rglob("*")):
        if path.suffix not in (".cpp", ".hpp", ".h"):
            continue
        for name, count, exported in functions(strip(path.read_text())):
            if count > LIMIT and not exported:
                over.append(f"{path.relative_to(root)}: {name} takes {count} parameters")
    if over:
        print(f"{len(over)} function(s) in src/ take more than {LIMIT} parameters:")
        print("\n".join("  " + line for line in sorted(set(over))))
        return 1
    print(f"every function of src/ but the exported entry points takes at most {LIMIT} parameters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
