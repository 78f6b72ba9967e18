#!/usr/bin/env python3
"""Checks carcassonne_render on one snapshot: the SVG's structure against the
snapshot, that rsvg-convert turns it into a PNG (so it is valid SVG), and that
it equals the golden file byte for byte.

  check_render.py --renderer BIN --snapshot FILE.json --golden GOLDEN.svg
                  --png OUT.png [--update-golden]

--update-golden (or CARCASSONNE_UPDATE_GOLDEN=1 in the environment) rewrites
the golden file from the renderer's output instead of comparing; the
structural and PNG checks still run. Exit status 0 = every check passed.
"""
import argparse
import difflib
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

SVG = "{http://www.w3.org/2000/svg}"
# The renderer's seat colours (render/palette.h), in seating order.
SEAT_COLOURS = ["#d62728", "#1f5fd6", "#f2c500", "#222222", "#e377c2", "#9e9e9e"]
MAGE_COLOUR = "#7b2cbf"
WITCH_COLOUR = "#f28e1c"
DRAGON_COLOUR = "#8c1c13"
FAIRY_COLOUR = "#7fd8be"
KIND_WORDS = {
    "FIGURE_KIND_FOLLOWER": "follower",
    "FIGURE_KIND_BIG_FOLLOWER": "big follower",
    "FIGURE_KIND_BUILDER": "builder",
    "FIGURE_KIND_PIG": "pig",
    "FIGURE_KIND_MAYOR": "mayor",
    "FIGURE_KIND_WAGON": "wagon",
}
QUARTER_WORDS = {
    "QUARTER_CASTLE": "castle",
    "QUARTER_MARKET": "market",
    "QUARTER_BLACKSMITH": "blacksmith",
    "QUARTER_CATHEDRAL": "cathedral",
}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def classes(element):
    return element.get("class", "").split()


def groups_with_class(root, name):
    return [g for g in root.iter(SVG + "g") if name in classes(g)]


def all_text(element):
    return "".join(element.itertext())


def check_structure(svg_text, state):
    try:
        root = ElementTree.fromstring(svg_text.encode("utf-8"))
    except ElementTree.ParseError as error:
        check(False, f"the SVG is not well-formed XML: {error}")
        return
    check(root.tag == SVG + "svg", f"the root element is {root.tag}, not svg")
    view_box = [float(v) for v in root.get("viewBox", "").split()]
    if not check(len(view_box) == 4, f"viewBox {root.get('viewBox')!r} is not 4 numbers"):
        return
    left, top, width, height = view_box

    # Tiles: one group per placed tile, with its type, cell and rotation,
    # inside the viewBox.
    tiles = state.get("tiles", [])
    tile_groups = groups_with_class(root, "tile")
    check(len(tile_groups) == len(tiles),
          f"{len(tile_groups)} tile groups for {len(tiles)} tiles in the snapshot")
    by_id = {g.get("id"): g for g in tile_groups}
    for i, tile in enumerate(tiles):
        group = by_id.get(f"tile-{i}")
        if not check(group is not None, f"no group tile-{i}"):
            continue
        expected = (tile["tileType"], str(tile.get("x", 0)), str(tile.get("y", 0)),
                    str(tile.get("rotation", 0)))
        found = (group.get("data-tile-type"), group.get("data-x"), group.get("data-y"),
                 group.get("data-rotation"))
        check(found == expected, f"tile-{i} is {found}, the snapshot says {expected}")
        x, y = 100 * tile.get("x", 0), 100 * tile.get("y", 0)
        check(left <= x and x + 100 <= left + width and top <= y and y + 100 <= top + height,
              f"tile-{i} at ({x}, {y}) lies outside the viewBox {view_box}")

    # Figures in their owner's colour: on the board, waiting to move, in the
    # Count's quarters, barns.
    expected_figures = []
    for figure in state.get("figures", []):
        expected_figures.append((KIND_WORDS[figure["kind"]], figure.get("owner", 0), "board"))
    for wagon in state.get("wagonsToMove", []):
        expected_figures.append((KIND_WORDS[wagon["kind"]], wagon.get("owner", 0), "waiting"))
    for follower in state.get("count", {}).get("followers", []):
        expected_figures.append((KIND_WORDS[follower["kind"]], follower.get("owner", 0),
                                 "quarter"))
    for barn in state.get("barns", []):
        expected_figures.append(("barn", barn.get("owner", 0), "corner"))
    found_figures = []
    for group in groups_with_class(root, "figure"):
        owner = int(group.get("data-owner"))
        check(group.get("fill") == SEAT_COLOURS[owner],
              f"a {group.get('data-kind')} of player {owner} is drawn in {group.get('fill')}, "
              f"not {SEAT_COLOURS[owner]}")
        found_figures.append((group.get("data-kind"), owner, group.get("data-place")))
    check(sorted(found_figures) == sorted(expected_figures),
          f"figures drawn {sorted(found_figures)}, the snapshot has {sorted(expected_figures)}")

    magic = state.get("magicFigures", {})
    drawn_magic = {g.get("data-kind"): g.get("fill") for g in groups_with_class(root, "magic-figure")}
    expected_magic = {}
    if "mage" in magic:
        expected_magic["mage"] = MAGE_COLOUR
    if "witch" in magic:
        expected_magic["witch"] = WITCH_COLOUR
    check(drawn_magic == expected_magic,
          f"magic figures drawn {drawn_magic}, the snapshot has {expected_magic}")

    # The Princess & the Dragon: the dragon and the fairy, each once in its
    # colour; the flight as one dashed path through its cells' points.
    drawn_neutral = {g.get("data-kind"): g.get("fill")
                     for g in groups_with_class(root, "neutral-figure")}
    expected_neutral = {}
    if "dragon" in state:
        expected_neutral["dragon"] = DRAGON_COLOUR
    if "fairy" in state:
        expected_neutral["fairy"] = FAIRY_COLOUR
    check(drawn_neutral == expected_neutral,
          f"dragon and fairy drawn {drawn_neutral}, the snapshot has {expected_neutral}")
    flights = [p for p in root.iter(SVG + "path") if "dragon-flight" in classes(p)]
    flight = state.get("dragonFlight", [])
    if flight:
        if check(len(flights) == 1, f"{len(flights)} dragon flight paths for one flight"):
            steps = flights[0].get("d", "").count("L") + flights[0].get("d", "").count("M")
            check(steps == len(flight),
                  f"the flight path has {steps} points, the snapshot's flight {len(flight)}")
    else:
        check(not flights, "a dragon flight is drawn, the snapshot has none")

    castles = state.get("castles", [])
    castle_groups = groups_with_class(root, "castle")
    check(sorted(g.get("fill") for g in castle_groups)
          == sorted(SEAT_COLOURS[c.get("owner", 0)] for c in castles),
          f"{len(castle_groups)} castles drawn for {len(castles)} in the snapshot, or wrong colours")

    # The last placed tile's frame: the last tile unless only set-up tiles lie.
    frames = [r for r in root.iter(SVG + "rect") if "last-tile" in classes(r)]
    set_up_only = len(tiles) <= 1 or tiles[-1]["tileType"].startswith("count:")
    if set_up_only:
        check(not frames, "a last-tile frame although only set-up tiles lie on the board")
    elif check(len(frames) == 1, f"{len(frames)} last-tile frames, expected 1"):
        check(frames[0].get("data-tile-index") == str(len(tiles) - 1),
              f"the frame is on tile {frames[0].get('data-tile-index')}, not {len(tiles) - 1}")

    # The Count in his quarter (unset = the castle quarter).
    count_groups = groups_with_class(root, "count")
    if "count" in state or any(t["tileType"] == "count:7" for t in tiles):
        quarter = QUARTER_WORDS[state.get("count", {}).get("countQuarter", "QUARTER_CASTLE")]
        check(len(count_groups) == 1, f"{len(count_groups)} Counts drawn, expected 1")
        holding = [q.get("data-quarter") for q in groups_with_class(root, "quarter")
                   if any("count" in classes(g) for g in q.iter(SVG + "g"))]
        check(holding == [quarter], f"the Count stands in {holding}, the snapshot says {quarter}")
    else:
        check(not count_groups, "a Count drawn without the Count in the snapshot")

    # The legend: each player with their colour, name and score.
    players = state.get("players", [])
    player_groups = groups_with_class(root, "player")
    check(len(player_groups) == len(players),
          f"{len(player_groups)} players in the legend, {len(players)} in the snapshot")
    for i, (player, group) in enumerate(zip(players, player_groups)):
        check(group.get("data-colour") == SEAT_COLOURS[i],
              f"player {i} has colour {group.get('data-colour')} in the legend")
        text = all_text(group)
        check(player.get("name", "") in text and f"{player.get('score', 0)} point" in text,
              f"the legend's line for player {i} ({text!r}) lacks the name or the score")


def render_png(svg_path, png_path):
    converter = shutil.which("rsvg-convert")
    if not check(converter is not None,
                 "rsvg-convert not found: install librsvg2-bin (scripts/install-deps.sh)"):
        return
    result = subprocess.run([converter, "--format", "png", "--output", png_path, svg_path],
                            capture_output=True, text=True)
    check(result.returncode == 0 and not result.stderr.strip(),
          f"rsvg-convert failed ({result.returncode}): {result.stderr.strip()}")
    if result.returncode == 0:
        with open(png_path, "rb") as png:
            check(png.read(8) == b"\x89PNG\r\n\x1a\n", f"{png_path} is not a PNG")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--renderer", required=True)
    parser.add_argument("--snapshot", required=True)
    parser.add_argument("--golden", required=True)
    parser.add_argument("--png", required=True)
    parser.add_argument("--update-golden", action="store_true")
    args = parser.parse_args()
    update = args.update_golden or os.environ.get("CARCASSONNE_UPDATE_GOLDEN") == "1"

    result = subprocess.run([args.renderer, args.snapshot], capture_output=True)
    if result.returncode != 0:
        print(f"FAIL: the renderer exited {result.returncode}: "
              f"{result.stderr.decode(errors='replace')}")
        return 1
    svg_text = result.stdout.decode("utf-8")

    with open(args.snapshot, encoding="utf-8") as file:
        document = json.load(file)
    state = document.get("state", document)
    check_structure(svg_text, state)

    os.makedirs(os.path.dirname(os.path.abspath(args.png)), exist_ok=True)
    svg_path = os.path.splitext(args.png)[0] + ".svg"
    with open(svg_path, "w", encoding="utf-8") as file:
        file.write(svg_text)
    render_png(svg_path, args.png)

    if update:
        os.makedirs(os.path.dirname(os.path.abspath(args.golden)), exist_ok=True)
        with open(args.golden, "w", encoding="utf-8") as file:
            file.write(svg_text)
        print(f"updated {args.golden}")
    elif check(os.path.exists(args.golden),
               f"no golden file {args.golden} (create it with --update-golden)"):
        with open(args.golden, encoding="utf-8") as file:
            golden = file.read()
        if golden != svg_text:
            diff = list(difflib.unified_diff(golden.splitlines(), svg_text.splitlines(),
                                             "golden", "rendered", lineterm="", n=1))
            check(False, "the SVG differs from the golden file "
                  "(CARCASSONNE_UPDATE_GOLDEN=1 ctest -R render/ rewrites it):\n  "
                  + "\n  ".join(line[:160] for line in diff[:30]))

    for failure in failures:
        print(f"FAIL: {failure}")
    print(f"{args.snapshot}: {'FAILED' if failures else 'ok'} "
          f"(SVG {len(svg_text)} bytes, PNG {args.png})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
