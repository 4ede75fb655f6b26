"""Every command of the README and of docs/*.md runs: the lines of their fenced ``sh`` blocks.

Each document's commands run in order, as a shell runs them, on its own copy of the knowledge base
of the embedded corpus (``mtgkb build``'s, made once per test run: ``product_kb`` in tests/conftest.py) named by
``MTGKB_HOME``, in a scratch folder laid out as the project is (``corpus/``, ``tests/fixtures/``, and
``../shared`` beside it; a part that reads ``../shared`` is skipped where it is absent, except under
``CI=true``). ``.venv/bin/mtgkb`` is this interpreter's entry point, run as a process; a plain
``mtgkb`` command runs the same CLI (:data:`kb.cli.main`) in this process, in that folder with that
``MTGKB_HOME``, unless the line needs a shell (a pipe, a redirection), where it is the entry point too.
A line chained with ``&&`` runs part by part. Each part must exit 0, except the few of :data:`REFUSED`, which show a
refusal; a part is skipped only for a reason listed in :data:`SKIPPED`."""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import subprocess
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import CORPUS, FIXTURES, ROOT, SHARED, copy_kb

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# A part of a command line (without its comment) that matches one of these is not run, for the reason given.
SKIPPED = {
    r"python3 -m venv": "makes a virtual environment: the tests run in one already",
    r"pip install": "installs packages from the network",
    r"pip freeze": "rewrites constraints.txt from another environment",
    r"-m pytest": "the test suite itself",
    r"mtgkb build$": "the embedded corpus's build: tests/test_cli.py runs it through the CLI, and every command "
                     "here runs on a copy of that build",
    r"mtgkb serve": "a server runs until stopped (tests/test_web.py serves the same application)",
    r"mtgkb update": "fetches the current release from the network (tests/test_releases_update.py, offline)",
    r"(?:benchmarks|eval)/\w+\.py": "a measurement that runs for minutes on a knowledge base it names (tests/test_eval.py "
                                   "tests its parts)",
}
# Parts whose documented outcome is a refusal: they must exit 1, their last line an error.
REFUSED = {
    "mtgkb build --strict": "the document shows --strict refusing a release with warnings",
}
# A command holding one of these outside quotes (or $ or ` anywhere) runs in a shell.
SHELL_SYNTAX = re.compile(r"[|&;<>$`()*?~\\]")
QUOTED = re.compile(r"'[^']*'|\"[^\"$`\\]*\"")
ENTRY = Path(sys.executable).with_name("mtgkb")
MTGKB = [str(ENTRY)] if ENTRY.exists() else [sys.executable, "-m", "kb.cli"]


@dataclass(frozen=True)
class Command:
    document: Path
    line: int
    text: str

    def parts(self) -> list[str]:
        return [part.strip() for part in self.text.split(" && ")]

    def __str__(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}: {self.text}"


def commands(document: Path) -> list[Command]:
    """The command lines of ``document``'s fenced ``sh`` blocks, with their line numbers."""
    found, inside = [], False
    for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            inside = line.strip() == "```sh" and not inside
        elif inside and line.strip() and not line.lstrip().startswith("#"):
            found.append(Command(document, number, line.strip()))
    return found


def skip_reason(part: str) -> str | None:
    command = part.split(" # ")[0].strip()
    return next((why for pattern, why in SKIPPED.items() if re.search(pattern, command)), None)


def runnable(part: str) -> str:
    """``part`` with ``mtgkb`` as this interpreter's entry point (and ``.venv/bin/python`` as this Python)."""
    part = re.sub(r"^(?:\.venv/bin/)?mtgkb(?= |$)", " ".join(f'"{word}"' for word in MTGKB), part)
    return re.sub(r"^\.venv/bin/python(?= )", f'"{sys.executable}"', part)


def project(folder: Path) -> Path:
    """A folder laid out like the project's in ``folder``: ``corpus/`` and ``tests/fixtures/`` inside,
    ``../shared`` beside it."""
    (folder / "project" / "tests").mkdir(parents=True)
    (folder / "project" / "corpus").symlink_to(CORPUS)
    (folder / "project" / "tests" / "fixtures").symlink_to(FIXTURES)
    if SHARED.exists():
        (folder / "shared").symlink_to(SHARED)
    return folder / "project"


def needs_absent_data(part: str) -> bool:
    """``part`` reads ``../shared`` and it is absent: skipped, but under ``CI=true`` a failure."""
    if "../shared/" not in part or SHARED.exists():
        return False
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{SHARED} not found, and CI=true requires it")
    return True


def in_process(part: str) -> list[str] | None:
    """The arguments of a plain ``mtgkb`` command that needs no shell (None: run ``part`` in a shell)."""
    command = part.split(" # ")[0].strip()
    if not command.startswith("mtgkb ") or SHELL_SYNTAX.search(QUOTED.sub("", command)):
        return None
    return shlex.split(command)[1:]


def run_part(part: str, cwd: Path, kb_dir: Path) -> subprocess.CompletedProcess:
    if (args := in_process(part)) is not None:
        return invoke(args, cwd, kb_dir)
    env = {**os.environ, "MTGKB_HOME": str(kb_dir)}
    return subprocess.run(runnable(part), shell=True, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=900)


def invoke(args: list[str], cwd: Path, kb_dir: Path) -> subprocess.CompletedProcess:
    """``mtgkb *args`` through the CLI in this process, in ``cwd`` with ``MTGKB_HOME`` set to ``kb_dir``."""
    from click.testing import CliRunner

    from kb.cli import main

    with contextlib.chdir(cwd):
        result = CliRunner(env={"MTGKB_HOME": str(kb_dir)}).invoke(main, args, prog_name="mtgkb")
    stderr = result.stderr
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        stderr += "".join(traceback.format_exception(result.exception))
    return subprocess.CompletedProcess(["mtgkb", *args], result.exit_code, result.stdout, stderr)


def failure(command: Command, part: str, done: subprocess.CompletedProcess) -> str | None:
    """What went wrong with ``part`` of ``command`` (None: it did what the document says)."""
    refused = any(what in part for what in REFUSED)
    errors = done.stderr.strip().splitlines()
    if refused and done.returncode == 1 and errors and errors[-1].startswith("Error: "):
        return None
    if not refused and done.returncode == 0:
        return None
    last = errors[-1] if errors else done.stdout.strip()[-200:]
    return f"{command} -> exit {done.returncode}: {last}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda d: d.name)
def test_every_command_of_the_document_runs(document: Path, product_kb: Path, tmp_path: Path) -> None:
    found = commands(document)
    if not found:
        pytest.skip(f"{document.name} has no sh commands")
    kb_dir = copy_kb(product_kb, tmp_path / "kb")
    cwd = project(tmp_path)
    problems = []
    for command in found:
        for part in command.parts():
            if skip_reason(part) or needs_absent_data(part):
                continue
            done = run_part(part, cwd, kb_dir)
            if (problem := failure(command, part, done)) is not None:
                problems.append(problem)
                break  # the rest of a chain depends on this part
    assert problems == []


def test_the_sh_blocks_are_read_line_by_line_and_mtgkb_is_this_python(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```sh\nmtgkb rule 400.7   # a rule\n# a comment\n```\n\n```text\nmtgkb not run\n```\n"
                    "```sh\npython3 -m venv .venv && .venv/bin/mtgkb build --kb /srv/mtgkb\n```\n", encoding="utf-8")
    found = commands(page)
    assert [(c.line, c.text) for c in found] == [
        (2, "mtgkb rule 400.7   # a rule"), (10, "python3 -m venv .venv && .venv/bin/mtgkb build --kb /srv/mtgkb")]
    first, second = found[1].parts()
    assert skip_reason(first) == SKIPPED[r"python3 -m venv"] and skip_reason(second) is None
    assert runnable(second) == " ".join(f'"{word}"' for word in MTGKB) + " build --kb /srv/mtgkb"
    assert in_process(found[0].text) == ["rule", "400.7"] and in_process(second) is None
    assert in_process('mtgkb search "una creatura?" --json  # a question') == ["search", "una creatura?", "--json"]
    assert in_process("mtgkb export 4 > zones.xlf") is None and in_process("tac a.txt > b.txt") is None


def test_every_skip_and_refusal_is_used_by_some_document() -> None:
    parts = [part for document in DOCUMENTS for command in commands(document) for part in command.parts()]
    unused = [pattern for pattern in SKIPPED if not any(skip_reason(p) == SKIPPED[pattern] for p in parts)]
    unused += [what for what in REFUSED if not any(what in p for p in parts)]
    assert unused == []
