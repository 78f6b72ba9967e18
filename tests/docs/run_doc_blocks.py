#!/usr/bin/env python3
# Runs every command block of README.md and docs/*.md marked runnable against a
# real server, so that the documented commands cannot drift from the code
# (ctest docs_runnable_blocks; the convention is in docs/testing.md):
#
#   * a runnable block is a fenced block whose info string is `sh runnable`;
#   * the built server is started on free loopback ports; in each block
#     `localhost:50051` (the gRPC port) and `localhost:9464` (metrics) are
#     replaced by the ports it got, and `localhost:8080` (HTTP) too;
#   * the blocks of one file run in order, in one scratch directory of their
#     own (a block may use the files an earlier block of the same file wrote),
#     under `bash -e -o pipefail`; the scratch directory links the
#     repository's top-level entries (node_modules, tests, ...) and `build` to
#     the build tree, so that paths read as in the repository root;
#   * a block fails on a non-zero exit status, and when a line `# => TEXT` of
#     the block names a TEXT that its output does not contain.
#
#   run_doc_blocks.py --server build/service/carcassonne_referee \
#       --source-dir . --build-dir build [--list] [--verbose] [FILE.md ...]
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from referee_server import ReferenceServer, buf_path  # noqa: E402

FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*(.*)$")
# A hang guard only: every documented block answers in well under a second.
BLOCK_TIMEOUT_SECONDS = 300


def runnable_blocks(path):
    """(line number, text) of each `sh runnable` block of a Markdown file."""
    blocks = []
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        fence, info, start = match.group(2), match.group(3).split(), i + 1
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        i += 1  # the closing fence
        if info[:2] == ["sh", "runnable"]:
            blocks.append((start, "\n".join(body) + "\n"))
    return blocks


def documentation_files(source_dir):
    files = [os.path.join(source_dir, "README.md")]
    docs = os.path.join(source_dir, "docs")
    if os.path.isdir(docs):
        files += sorted(os.path.join(docs, name) for name in os.listdir(docs) if name.endswith(".md"))
    return files


def scratch_directory(source_dir, build_dir):
    work = tempfile.mkdtemp(prefix="doc-blocks-")
    for name in os.listdir(source_dir):
        if name == "build" or name.startswith(".") or name.startswith("build-"):
            continue
        os.symlink(os.path.join(source_dir, name), os.path.join(work, name))
    os.symlink(build_dir, os.path.join(work, "build"))
    return work


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--server", required=True, help="the carcassonne_referee binary")
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--list", action="store_true", help="list the runnable blocks, run nothing")
    parser.add_argument("--verbose", action="store_true", help="print every block's output")
    parser.add_argument("files", nargs="*", help="Markdown files (default: README.md, docs/*.md)")
    args = parser.parse_args()
    source_dir = os.path.abspath(args.source_dir)
    build_dir = os.path.abspath(args.build_dir)
    files = [os.path.abspath(f) for f in args.files] or documentation_files(source_dir)

    found = [(path, line, text) for path in files for line, text in runnable_blocks(path)]
    if args.list:
        for path, line, _ in found:
            print(f"{os.path.relpath(path, source_dir)}:{line}")
        return 0
    if not found:
        print("run_doc_blocks: no runnable block found", file=sys.stderr)
        return 1
    buf_path(source_dir)  # fails early, with the remedy, when buf is missing

    failures = 0
    with ReferenceServer(os.path.abspath(args.server)) as server:
        work = None
        current = None
        for path, line, text in found:
            where = f"{os.path.relpath(path, source_dir)}:{line}"
            if path != current:
                if work:
                    shutil.rmtree(work)
                work, current = scratch_directory(source_dir, build_dir), path
            script = (text.replace("localhost:50051", f"127.0.0.1:{server.port}")
                      .replace("localhost:9464", f"127.0.0.1:{server.metrics_port}")
                      .replace("localhost:8080", f"127.0.0.1:{server.http_port}"))
            try:
                result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script], cwd=work,
                                        capture_output=True, text=True,
                                        timeout=BLOCK_TIMEOUT_SECONDS)
                status, output, errors = result.returncode, result.stdout, result.stderr
            except subprocess.TimeoutExpired as e:
                status, output, errors = "timeout", e.stdout or "", e.stderr or ""
                output = output.decode() if isinstance(output, bytes) else output
                errors = errors.decode() if isinstance(errors, bytes) else errors
            missing = [expected for expected in re.findall(r"^\s*# => (.+?)\s*$", text, re.M)
                       if expected not in output]
            if status == 0 and not missing:
                print(f"PASS {where}")
                if args.verbose:
                    print(output + errors)
                continue
            failures += 1
            print(f"FAIL {where}: " + (f"exit status {status}" if status != 0 else
                                      "output lacks " + "; ".join(repr(m) for m in missing)))
            print("---- block\n" + script + "---- stdout\n" + output + "---- stderr\n" + errors)
        if work:
            shutil.rmtree(work)
    print(f"{len(found) - failures} of {len(found)} runnable blocks passed")
    if failures:
        print("A runnable block of the documentation no longer runs: fix the block, or the code "
              "it documents (docs/testing.md, \"Runnable blocks\").")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
