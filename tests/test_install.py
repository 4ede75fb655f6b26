"""Reproducible installs: the README, .ci/run and constraints.txt agree with each other and with pyproject.toml."""

from __future__ import annotations

import re
import tomllib

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import ROOT

VENV = "python3 -m venv .venv && "
# the main job installs what mtgkb needs (the web extra for `mtgkb serve`), the tests add their tools
MAIN_INSTALL = VENV + ".venv/bin/pip install -q -e '.[web]' -c constraints.txt && "
TEST_INSTALL = VENV + ".venv/bin/pip install -q -e '.[test,web]' -c constraints.txt && "


def readme_sh_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [line for block in re.findall(r"^```sh\n(.*?)^```", text, re.M | re.S) for line in block.splitlines()]


def test_the_readme_commands_and_ci_install_the_same_way_with_the_constraints() -> None:
    set_up, tests = readme_sh_lines()[:2]
    assert set_up.startswith(MAIN_INSTALL) and tests.startswith(TEST_INSTALL)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == tests  # .ci/run runs exactly the README's test command


def pinned() -> dict[str, str]:
    """Package -> version of constraints.txt."""
    lines = (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    pairs = [line.split("==") for line in lines if line.strip() and not line.startswith("#")]
    return {canonicalize_name(name): version for name, version in pairs}


def test_every_pinned_version_is_within_the_ranges_of_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"], *(r for extra in project["optional-dependencies"].values() for r in extra)]
    versions = pinned()
    assert "mtgkb" not in versions
    outside = []
    for requirement in map(Requirement, wanted):
        version = versions.get(canonicalize_name(requirement.name))
        if version is not None and not requirement.specifier.contains(version, prereleases=True):
            outside.append(f"{requirement} but constraints.txt has {version}")
    assert outside == []
    missing = [r for r in project["dependencies"] if canonicalize_name(Requirement(r).name) not in versions]
    assert missing == []


def installed_closure(name: str, extras: frozenset[str] = frozenset()) -> set[str]:
    """The packages installing ``name`` with ``extras`` brings in, read from the installed metadata."""
    from importlib.metadata import PackageNotFoundError, distribution

    found: set[str] = set()
    pending = [(name, extras)]
    while pending:
        current, wanted = pending.pop()
        try:
            requires = distribution(current).requires or []
        except PackageNotFoundError:
            continue
        for requirement in map(Requirement, requires):
            marker = requirement.marker
            if marker is not None and not any(marker.evaluate({"extra": e}) for e in {"", *wanted}):
                continue
            key = canonicalize_name(requirement.name)
            if key not in found:
                found.add(key)
                pending.append((requirement.name, frozenset(requirement.extras)))
            elif requirement.extras:
                pending.append((requirement.name, frozenset(requirement.extras)))
    return found


def test_the_constraints_pin_exactly_what_the_tests_command_installs() -> None:
    """constraints.txt is `pip freeze` of the README's test install (docs/development.md): every
    package that install brings, and nothing else."""
    wanted = installed_closure("mtgkb", frozenset({"test", "web"})) - {"mtgkb"}
    pins = set(pinned())
    assert sorted(pins - wanted) == [] and sorted(wanted - pins) == []
