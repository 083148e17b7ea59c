#!/usr/bin/env python3
"""Replaces a shared library in an unpacked `make dist` tree by a stub of the same SONAME that
defines only the symbols the tree's other libraries import from it (functions that abort, data
zeroed), for a transfer that cannot carry the whole tree (the many-core measurement's 64 MiB): only
for libraries the measured work never calls (libcodec2, FFmpeg's codec2 codec, 17 MB; libicudata,
ICU's data, which libxml2 loads for encodings no Reel source uses).

    python3 bench/stub_library.py TREE/lib/libcodec2.so.1.0

Needs binutils (nm, readelf) and gcc.
"""

import os
import subprocess
import sys
import tempfile


def symbols(path, flag):
    out = subprocess.run(["nm", "-D", "-S", flag, path], stdout=subprocess.PIPE, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        parts = line.split()
        if flag == "--undefined-only" and len(parts) == 2:
            found[parts[1].split("@")[0]] = None
        elif flag == "--defined-only" and len(parts) == 4:
            found[parts[3].split("@")[0]] = (parts[2], int(parts[1], 16))
    return found


def main():
    lib = sys.argv[1]
    folder = os.path.dirname(lib)
    soname = next(l.split("[")[1].split("]")[0] for l in subprocess.run(["readelf", "-d", lib], stdout=subprocess.PIPE, text=True,
                                                                        check=True).stdout.splitlines() if "SONAME" in l)
    defined = symbols(lib, "--defined-only")
    wanted = {}
    for other in os.listdir(folder):
        path = os.path.join(folder, other)
        if path != lib and os.path.isfile(path):
            for name in symbols(path, "--undefined-only"):
                if name in defined:
                    wanted[name] = defined[name]
    lines = ["#include <stdlib.h>"]
    for name, (kind, size) in sorted(wanted.items()):
        if kind.upper() in ("T", "W", "I"):
            lines.append(f"void {name}(void) {{ abort(); }}")
        else:
            lines.append(f"__attribute__((aligned(16))) unsigned char {name}[{max(size, 1)}];")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "stub.c")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        subprocess.run(["gcc", "-shared", "-fPIC", f"-Wl,-soname,{soname}", "-o", lib + ".stub", src], check=True)
    os.replace(lib + ".stub", lib)
    print(f"stub_library: {os.path.basename(lib)} ({soname}) now defines {len(wanted)} symbols: {', '.join(sorted(wanted))}")


if __name__ == "__main__":
    main()
