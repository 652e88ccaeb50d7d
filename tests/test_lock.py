"""constraints.txt, the tested set that `make venv`, CI and binder/ install, pins every dependency of pyproject.toml.

A dependency added to pyproject.toml without `make lock` fails here, so CI and Binder never install an untested,
unpinned release of it. The pin must also lie in the range pyproject.toml allows (a range raised without a new lock
fails too).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

REPO = Path(__file__).resolve().parents[1]
LOCK = REPO / "constraints.txt"


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in LOCK.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep, f"constraints.txt: {line!r} is not pinned with =="
        pins[_norm(name.split(";")[0])] = Version(version.split(";")[0].strip())
    return pins


def _requirements() -> list[Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        lines += extra
    return [Requirement(line) for line in lines]


@pytest.mark.parametrize("requirement", _requirements(), ids=str)
def test_every_dependency_is_pinned_in_its_range(requirement: Requirement) -> None:
    pins = _pins()
    name = _norm(requirement.name)
    assert name in pins, f"{requirement.name} is in pyproject.toml but not pinned in constraints.txt: run `make lock`"
    assert requirement.specifier.contains(pins[name], prereleases=True), (
        f"constraints.txt pins {requirement.name}=={pins[name]}, outside pyproject.toml's {requirement}: "
        "run `make lock`"
    )


def test_the_lock_installs_everywhere_it_is_used() -> None:
    """make venv, binder/ and the lock's own header agree on the file."""
    makefile = (REPO / "Makefile").read_text()
    assert "-c constraints.txt" in makefile.replace("$(LOCK)", "constraints.txt")
    binder = (REPO / "binder" / "requirements.txt").read_text().splitlines()
    assert "-c ../constraints.txt" in binder
    assert "make lock" in LOCK.read_text().splitlines()[1]
