"""INTEROP-1 with caldav-server-tester: the python-caldav project's own probe of a server's features, run once against
`doable serve` (through server_tester.py, which sends the tester's VEVENT probes as VTODOs: see there why). Every
feature it finds short of "full" must be listed in docs/caldav.md's deviation table at the level found (so a new
deviation fails here until it is fixed or explained), a row not marked "fixed" must still be a deviation, and the
features task clients rely on must be full."""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

from conftest import HERE, ROOT, make_account

DOC = ROOT / "docs" / "caldav.md"
ROW = re.compile(r"^\|\s*`(?P<feature>[a-z0-9.\-]+)`\s*\|\s*(?P<level>[a-z]+)\s*\|\s*(?P<status>.+?)\s*\|\s*$")

# What Thunderbird, DAVx5 with tasks.org, Apple Reminders and vdirsyncer with todoman need of a task server.
CORE_FEATURES = [
    "get-current-user-principal",
    "create-calendar",
    "delete-calendar",
    "save-load.todo",
    "save-load.get-by-url",
    "save-load.todo.uncomplete",
    "save-load.mutable",
    "save.etag",
    "save.if-none-match",
    "save.no-uid-conflict",
    "save-load.icalendar.related-to",
    "search.comp-type",
    "search.time-range.todo",
    "search.text.category",
    "search.text.substring",
    "search.text.case-insensitive",
    "search.combined-is-logical-and",
    "sync-token",
    "sync-token.delete",
    "sync-token.invalid-token",
]


@dataclass
class CheckerRun:
    features: dict
    returncode: int
    stderr: str


@pytest.fixture(scope="session")
def tester_run(base_url, tmp_path_factory) -> CheckerRun:
    """caldav-server-tester's findings for every feature it probed (its `hints` output, a Python dict literal, which
    it prints even when a check stops the run)."""
    account = make_account(base_url)
    home = tmp_path_factory.mktemp("caldav-server-tester")
    done = subprocess.run(
        [sys.executable, str(HERE / "server_tester.py"), "--caldav-url", base_url + "/dav/",
         "--caldav-username", account.username, "--caldav-password", account.app_password, "--format", "hints"],
        capture_output=True, text=True, timeout=240, stdin=subprocess.DEVNULL,
        env={**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config")})
    assert "{" in done.stdout, f"caldav-server-tester printed no report ({done.returncode}):\n{done.stderr[-5000:]}"
    report = done.stdout[done.stdout.index("{"):done.stdout.rindex("}") + 1]
    return CheckerRun(ast.literal_eval(report), done.returncode, done.stderr)


@pytest.fixture(scope="session")
def tester_report(tester_run) -> dict:
    return tester_run.features


def documented_deviations() -> dict[str, tuple[str, str]]:
    """feature → (level, status) from the table under docs/caldav.md's caldav-server-tester heading."""
    text = DOC.read_text()
    section = text[text.index("## caldav-server-tester"):]
    next_heading = section.find("\n## ", 1)
    section = section if next_heading < 0 else section[:next_heading]
    rows = {}
    for line in section.splitlines():
        match = ROW.match(line)
        if match:
            assert match["feature"] not in rows, f"{match['feature']} is listed twice in {DOC}"
            rows[match["feature"]] = (match["level"], match["status"])
    assert rows, f"no deviation table found in {DOC}"
    return rows


def deviations(report: dict) -> dict[str, dict]:
    return {feature: info for feature, info in report.items()
            if "support" in info and info["support"] != "full"}


def test_interop1_server_tester_runs_to_the_end(tester_run):
    """The tester stops early (exit 1) when a step it cannot do without fails, such as making its test calendar. (A
    check that fails on its own marks its features unknown, which the deviation table must then list.)"""
    problems = [line for line in tester_run.stderr.splitlines()
                if line.startswith(("Traceback", "RuntimeError", "AssertionError"))]
    last = tester_run.stderr.strip().splitlines()[-1:] if tester_run.stderr.strip() else []
    assert tester_run.returncode == 0 and problems == [], "\n".join(problems + last)


def test_interop1_server_tester_core_features_are_full(tester_report):
    short = {feature: tester_report.get(feature, "not probed") for feature in CORE_FEATURES
             if tester_report.get(feature, {}).get("support") != "full"}
    assert short == {}


def test_interop1_server_tester_deviations_are_documented(tester_report):
    documented = documented_deviations()
    undocumented = {feature: info for feature, info in deviations(tester_report).items()
                    if feature not in documented or documented[feature][0] != info["support"]
                    or documented[feature][1].lower().startswith("fixed")}
    assert undocumented == {}, (
        f"caldav-server-tester found deviations that {DOC.relative_to(ROOT)} does not list at this level "
        f"(fix them, or add a row: | `feature` | level | clients affected and why |): {undocumented}")


def test_interop1_documented_deviations_are_still_there(tester_report):
    """A row that is not marked fixed must still be a deviation: when the server improves, the table says so."""
    found = deviations(tester_report)
    stale = {feature: level for feature, (level, status) in documented_deviations().items()
             if not status.lower().startswith("fixed")
             and tester_report.get(feature, {}).get("support") == "full"}
    fixed_but_failing = {feature: found[feature] for feature, (_, status) in documented_deviations().items()
                         if status.lower().startswith("fixed") and feature in found}
    assert stale == {}, f"listed as deviations in docs/caldav.md but now full (mark them fixed): {stale}"
    assert fixed_but_failing == {}
