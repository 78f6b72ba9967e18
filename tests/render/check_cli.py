#!/usr/bin/env python3
"""Checks carcassonne_render's command line: --help, bad usage and snapshots
that cannot be drawn (exit status 2 and a message naming the problem, never a
crash), the --catalogue sheet (every tile type drawn, valid SVG), --outline,
and the scripts/carcassonne wrapper.

  check_cli.py --renderer BIN --wrapper scripts/carcassonne --work-dir DIR
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

SVG = "{http://www.w3.org/2000/svg}"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def run(command, stdin=None):
    return subprocess.run(command, input=stdin, capture_output=True, timeout=60)


def base_state():
    return {
        "players": [{"name": "Ann", "score": 3}, {"name": "Bob"}],
        "tiles": [{"tileType": "base:D", "x": 0, "y": 0, "rotation": 0},
                  {"tileType": "base:E", "x": 0, "y": -1, "rotation": 180}],
        "figures": [{"kind": "FIGURE_KIND_FOLLOWER", "owner": 1,
                     "segment": {"x": 0, "y": -1, "location": "LOCATION_S"}}],
        "phase": "PHASE_PLACE_TILE",
    }


def with_change(change):
    state = base_state()
    change(state)
    return json.dumps(state)


# (name, snapshot text, words the message must contain)
BAD_SNAPSHOTS = [
    ("not JSON", "{\"tiles\": [", "not JSON"),
    ("empty input", "", "not JSON"),
    ("a JSON array", "[1, 2]", "not a JSON object"),
    ("an unknown field", with_change(lambda s: s.update(tilez=[])), "tilez"),
    ("a scenario without a snapshot", json.dumps({"name": "x", "newGame": {}}), "newGame"),
    ("an unknown tile type",
     with_change(lambda s: s["tiles"].append({"tileType": "base:Z", "x": 1, "y": 0})),
     "tiles[2].tile_type"),
    ("a rotation of 45 degrees",
     with_change(lambda s: s["tiles"][1].update(rotation=45)), "tiles[1].rotation"),
    ("two tiles on one cell",
     with_change(lambda s: s["tiles"].append({"tileType": "base:E", "x": 0, "y": 0})),
     "already holds tiles[0]"),
    ("a figure on a cell without a tile",
     with_change(lambda s: s["figures"][0]["segment"].update(x=5)), "figures[0].segment"),
    ("a figure on a segment the tile lacks",
     with_change(lambda s: s["figures"][0]["segment"].update(location="LOCATION_CENTER")),
     "has no segment at LOCATION_CENTER"),
    ("a figure on an unknown segment id",
     with_change(lambda s: s["figures"][0].update(segment={"x": 0, "y": -1, "segmentId": "zz"})),
     "segment id"),
    ("an owner who is not a player",
     with_change(lambda s: s["figures"][0].update(owner=7)), "figures[0].owner"),
    ("a negative owner",
     with_change(lambda s: s["figures"][0].update(owner=-1)), "figures[0].owner"),
    ("an unknown figure kind number",
     with_change(lambda s: s["figures"][0].update(kind=99)), "figures[0].kind"),
    ("a figure kind left unset",
     with_change(lambda s: s["figures"][0].update(kind="FIGURE_KIND_UNSPECIFIED")),
     "figures[0].kind"),
    ("a mage on a cell without a tile",
     with_change(lambda s: s.update(magicFigures={"mage": {"x": 9, "y": 9, "location": "LOCATION_N"}})),
     "magic_figures.mage"),
    ("a barn without a corner",
     with_change(lambda s: s.update(barns=[{"owner": 0, "x": 0, "y": 0}])), "barns[0].corner"),
    ("a castle of a player who does not exist",
     with_change(lambda s: s.update(castles=[{"owner": 4, "segments": [
         {"x": 0, "y": 0, "location": "LOCATION_N"}]}])), "castles[0].owner"),
    ("a quarter follower without a quarter",
     with_change(lambda s: s.update(count={"followers": [{"kind": "FIGURE_KIND_FOLLOWER"}]})),
     "count.followers[0].quarter"),
    ("seven players",
     with_change(lambda s: s.update(players=[{"name": str(i)} for i in range(7)])), "7 players"),
    ("a coordinate beyond 32 bits",
     with_change(lambda s: s["tiles"][1].update(x=4294967296)), "not a carcassonne.v1.GameState"),
]


def check_bad_snapshots(renderer, work_dir):
    for name, text, words in BAD_SNAPSHOTS:
        path = os.path.join(work_dir, "bad.json")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        result = run([renderer, path])
        stderr = result.stderr.decode(errors="replace")
        check(result.returncode == 2,
              f"{name}: exit status {result.returncode}, expected 2 ({stderr.strip()})")
        check(words in stderr, f"{name}: the message {stderr.strip()!r} lacks {words!r}")
        check(not result.stdout, f"{name}: something was written to standard output")


def check_usage(renderer, work_dir):
    result = run([renderer, "--help"])
    help_text = result.stdout.decode()
    check(result.returncode == 0, f"--help: exit status {result.returncode}")
    for words in ["Usage:", "GameState", "\"state\" field", "--outline", "--output",
                  "Exit status"]:
        check(words in help_text, f"--help does not mention {words!r}")
    for arguments, words in [([], "exactly one snapshot"),
                             (["--bogus", "x.json"], "unknown option --bogus"),
                             (["a.json", "b.json"], "exactly one snapshot"),
                             (["-o"], "needs a file name"),
                             ([os.path.join(work_dir, "missing.json")], "cannot read"),
                             (["--catalogue", "a.json"], "takes no snapshot")]:
        result = run([renderer] + arguments)
        stderr = result.stderr.decode(errors="replace")
        check(result.returncode == 2 and words in stderr,
              f"{arguments}: exit status {result.returncode}, message {stderr.strip()!r}; "
              f"expected 2 and {words!r}")
    # Standard input and --output.
    out_path = os.path.join(work_dir, "from_stdin.svg")
    result = run([renderer, "-o", out_path, "-"], stdin=json.dumps(base_state()).encode())
    check(result.returncode == 0 and os.path.getsize(out_path) > 0,
          f"- with -o: exit status {result.returncode} {result.stderr.decode(errors='replace')}")
    # A whole API response: the snapshot in its "state" field.
    response = json.dumps({"verdict": {"legal": True}, "events": [], "state": base_state()})
    result = run([renderer, "-"], stdin=response.encode())
    check(result.returncode == 0 and b"<svg" in result.stdout,
          f"a response with a state field: exit status {result.returncode}")
    # An output that cannot be written: exit status 1.
    result = run([renderer, "-o", os.path.join(work_dir, "no", "such", "dir.svg"), "-"],
                 stdin=json.dumps(base_state()).encode())
    check(result.returncode == 1, f"an unwritable output: exit status {result.returncode}")


def check_catalogue_sheet(renderer, work_dir):
    svg_path = os.path.join(work_dir, "catalogue.svg")
    result = run([renderer, "--catalogue", "--outline", "-o", svg_path])
    if not check(result.returncode == 0,
                 f"--catalogue: exit status {result.returncode} {result.stderr.decode()}"):
        return
    root = ElementTree.parse(svg_path).getroot()
    tiles = [g for g in root.iter(SVG + "g") if "tile" in g.get("class", "").split()]
    types = [g.get("data-tile-type") for g in tiles]
    check(len(types) == len(set(types)), "--catalogue draws a tile type twice")
    for prefix in ["base:", "ic:", "tb:", "river:", "kr:", "count:", "mw:", "am:", "bcb:"]:
        check(any(t.startswith(prefix) for t in types), f"--catalogue has no {prefix} tile")
    # 24 base tile types and the 8 garden twins of the garden edition (AB-01).
    check(len([t for t in types if t.startswith("base:")]) == 24 + 8,
          "--catalogue does not have the 24 base tile types and 8 garden twins")
    check("base:Eg" in types, "--catalogue has no garden twin")
    outlines = [g for g in root.iter(SVG + "g") if "outline" in g.get("class", "").split()]
    segments = sum(1 for tile in tiles for element in tile
                   if element.get("class", "").split()[:1] == ["outline"])
    check(len(outlines) == segments and len(outlines) > len(tiles),
          f"--outline drew {len(outlines)} outlines for {len(tiles)} tiles")
    converter = shutil.which("rsvg-convert")
    if check(converter is not None,
             "rsvg-convert not found: install librsvg2-bin (scripts/install-deps.sh)"):
        result = run([converter, "-o", os.path.join(work_dir, "catalogue.png"), svg_path])
        check(result.returncode == 0, f"rsvg-convert on the catalogue sheet: {result.stderr}")


def check_wrapper(wrapper, renderer):
    environment = dict(os.environ, CARCASSONNE_RENDER=renderer)
    result = subprocess.run(["bash", wrapper, "render", "--help"], capture_output=True,
                            env=environment, timeout=60)
    check(result.returncode == 0 and b"Usage:" in result.stdout,
          f"carcassonne render --help: exit status {result.returncode}")
    result = subprocess.run(["bash", wrapper, "nonsense"], capture_output=True, env=environment,
                            timeout=60)
    check(result.returncode == 2, f"carcassonne nonsense: exit status {result.returncode}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renderer", required=True)
    parser.add_argument("--wrapper", required=True)
    parser.add_argument("--work-dir", required=True)
    args = parser.parse_args()
    os.makedirs(args.work_dir, exist_ok=True)
    check_usage(args.renderer, args.work_dir)
    check_bad_snapshots(args.renderer, args.work_dir)
    check_catalogue_sheet(args.renderer, args.work_dir)
    check_wrapper(args.wrapper, args.renderer)
    for failure in failures:
        print(f"FAIL: {failure}")
    print("carcassonne_render command line: " + ("FAILED" if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
