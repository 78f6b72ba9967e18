#!/usr/bin/env python3
# Every rule id that GetCatalog's known gaps and rule options cite exists in
# the rules reference (ctest docs_known_gap_rule_ids): each gap's rule_id, each
# option's rule_ids, and every id named in their descriptions, checked against
# tests/docs/rule_ids.txt (the ids shared/rules/**.md defines, copied into the
# repository by scripts/gen-rule-ids, since a fresh clone has no ../shared).
# When ../shared/rules is there and the copy is out of date, it says so (the
# check itself still reads the copy).
#
#   check_rule_ids.py --server build/service/carcassonne_referee --source-dir .
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from referee_server import ReferenceServer, get_catalog  # noqa: E402

CITED = re.compile(r"\b([A-Z][A-Z0-9]*(?:-[A-Za-z0-9]+)+)\b")
# A family named as a whole ("TT-nn", "BC-xx"), not an id.
PLACEHOLDER = re.compile(r"-(nn|xx|NN|XX)$")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--source-dir", required=True)
    args = parser.parse_args()
    source_dir = os.path.abspath(args.source_dir)

    ids_file = os.path.join(source_dir, "tests", "docs", "rule_ids.txt")
    valid = {line.strip() for line in open(ids_file) if line.strip() and not line.startswith("#")}
    prefixes = {i.split("-")[0] for i in valid}

    with ReferenceServer(os.path.abspath(args.server)) as server:
        catalog = get_catalog(source_dir, server.port)

    problems = []
    checked = 0

    def check(where, rule_id):
        nonlocal checked
        checked += 1
        if rule_id not in valid:
            problems.append(f"{where}: {rule_id} is no rule id of shared/rules")

    def check_text(where, text):
        for rule_id in CITED.findall(text):
            if rule_id.split("-")[0] in prefixes and not PLACEHOLDER.search(rule_id):
                check(f"{where} (description)", rule_id)

    gaps = catalog.get("knownGaps", [])
    options = catalog.get("ruleOptions", [])
    if not gaps or not options:
        problems.append("GetCatalog lists no known gaps or no rule options")
    for gap in gaps:
        where = f"known gap {gap.get('ruleId', '?')!r}"
        check(where, gap.get("ruleId", ""))
        check_text(where, gap.get("description", ""))
    for option in options:
        where = f"option {option['name']}"
        for rule_id in option.get("ruleIds", []):
            check(where, rule_id)
        check_text(where, option.get("description", ""))

    generator = os.path.join(source_dir, "scripts", "gen-rule-ids")
    rules = os.path.join(source_dir, "..", "shared", "rules")
    if os.path.isdir(rules):
        stale = subprocess.run([sys.executable, generator, "--check", "--rules", rules],
                               capture_output=True, text=True)
        if stale.returncode != 0:
            print("note: " + stale.stderr.strip() + " (the check used the committed copy)")

    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{checked} rule ids cited by {len(gaps)} known gaps and {len(options)} options; "
          f"{len(problems)} unknown")
    if problems:
        print("Fix the gap or option in engine/rule_options.cc; if the rules reference gained the "
              "id, run scripts/gen-rule-ids and commit tests/docs/rule_ids.txt.", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
