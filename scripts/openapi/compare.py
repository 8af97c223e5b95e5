#!/usr/bin/env python3
"""Compares two OpenAPI documents semantically: the committed one (built by build_openapi.py) and the one the Swift
target `doable-openapi` prints. Key order does not matter; types do (1 is not 1.0, true is not 1).

    swift build --product doable-openapi && .build/debug/doable-openapi > /tmp/openapi-swift.json
    scripts/openapi/compare.py [EXPECTED] /tmp/openapi-swift.json

Exits 0 and prints EQUAL when they agree; otherwise prints the first differing paths and exits 1.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "Sources" / "DoableServer" / "Resources" / "openapi.json"
SHOWN = 20


def differences(expected, actual, path="$"):
    """Yields (path, expected, actual) for every place the two differ."""
    if type(expected) is not type(actual):
        yield path, expected, actual
    elif isinstance(expected, dict):
        for key in sorted(expected.keys() | actual.keys()):
            if key not in actual:
                yield f"{path}/{key}", expected[key], "<missing>"
            elif key not in expected:
                yield f"{path}/{key}", "<missing>", actual[key]
            else:
                yield from differences(expected[key], actual[key], f"{path}/{key}")
    elif isinstance(expected, list):
        if len(expected) != len(actual):
            yield f"{path} (length {len(expected)} vs {len(actual)})", expected, actual
        else:
            for index, (left, right) in enumerate(zip(expected, actual)):
                yield from differences(left, right, f"{path}[{index}]")
    elif expected != actual:
        yield path, expected, actual


def short(value):
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 300 else text[:300] + "…"


def main(argv):
    if len(argv) == 1:
        expected_path, actual_path = COMMITTED, pathlib.Path(argv[0])
    elif len(argv) == 2:
        expected_path, actual_path = map(pathlib.Path, argv)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    actual = json.loads(actual_path.read_text(encoding="utf-8"))
    found = list(differences(expected, actual))
    if not found:
        print(f"EQUAL: {expected_path} and {actual_path}")
        return 0
    print(f"DIFFERENT: {len(found)} places; the first {min(len(found), SHOWN)}:")
    for path, left, right in found[:SHOWN]:
        print(f"  {path}\n    expected {short(left)}\n    actual   {short(right)}")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
