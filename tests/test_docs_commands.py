"""Every command of the README and of docs/*.md runs: the lines of their fenced ``sh`` blocks.

Each document's commands run in order, as a shell runs them, on its own copy of the knowledge base
of the embedded corpus (``mtgkb build``'s, made once per test run: ``product_kb`` in tests/conftest.py) named by
``MTGKB_HOME``, in a scratch folder laid out as the project is (``corpus/``, ``tests/fixtures/``, and
``../shared`` beside it; a part that reads ``../shared`` is skipped where it is absent, except under
``CI=true``). ``.venv/bin/mtgkb`` is this interpreter's entry point, run as a process; a plain
``mtgkb`` command runs the same CLI (:data:`kb.cli.main`) in this process, in that folder with that
``MTGKB_HOME``, unless the line needs a shell (a pipe, a redirection), where it is the entry point too.
A line chained with ``&&`` runs part by part. Each part must exit 0, except the few of :data:`REFUSED`, which show a
refusal; a part is skipped only for a reason listed in :data:`SKIPPED`.

A fenced ``text`` block that shows a command's output is a transcript: each ``$ command`` line, run in
document order among the ``sh`` lines, must print what the lines under it say. A line that is only
``…`` (or ``...``) stands for any number of lines the document leaves out, and a shown line ending in
``…`` for the rest of that line; every other line is compared as it is (trailing spaces aside). The
few transcripts that show a state no copy of the embedded corpus's build has (a conflict between two
translators, a release that is not the embedded one) say so on the line before their fence,
``<!-- output not checked: why -->``, and :func:`test_unchecked_transcripts_say_why` lists them."""

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


@dataclass(frozen=True)
class Transcript:
    """A ``$ command`` line of a ``text`` block and the output lines the document shows under it."""

    document: Path
    line: int
    text: str
    expected: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.document.relative_to(ROOT)}:{self.line}: $ {self.text}"


UNCHECKED = re.compile(r"<!-- output not checked: (.+?) -->")
ELLIPSIS = ("…", "...")


def steps(document: Path) -> list[Command | Transcript]:
    """The command lines of ``document``'s ``sh`` blocks and the transcripts of its ``text`` blocks,
    in document order (the transcripts of a block marked ``output not checked`` left out)."""
    found: list[Command | Transcript] = []
    fence, previous, checked = None, "", True
    current: list | None = None
    for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("```"):
            if fence is None:
                fence, checked = line.strip()[3:], not UNCHECKED.search(previous)
            else:
                fence, current = None, None
        elif fence == "sh" and line.strip() and not line.lstrip().startswith("#"):
            found.append(Command(document, number, line.strip()))
        elif fence == "text" and checked and line.startswith("$ "):
            current = [document, number, line[2:].strip(), []]
            found.append(current)  # type: ignore[arg-type]
        elif fence == "text" and current is not None:
            current[3].append(line)
        if line.strip():
            previous = line
    return [Transcript(s[0], s[1], s[2], tuple(s[3])) if isinstance(s, list) else s for s in found]


def commands(document: Path) -> list[Command]:
    """The command lines of ``document``'s fenced ``sh`` blocks, with their line numbers."""
    return [step for step in steps(document) if isinstance(step, Command)]


def shows(expected: tuple[str, ...] | list[str], actual: list[str]) -> bool:
    """Whether the ``actual`` output lines are what the ``expected`` lines of a transcript show
    (an ``…`` line: any lines; a line ending in ``…``: that line's start)."""
    if not expected:
        return not actual
    head, rest = expected[0].rstrip(), expected[1:]
    if head.strip() in ELLIPSIS:
        return any(shows(rest, actual[skip:]) for skip in range(len(actual) + 1))
    if not actual:
        return False
    line = actual[0].rstrip()
    same = line == head or (head.endswith(ELLIPSIS) and line.startswith(head.rstrip(".…").rstrip()))
    return same and shows(rest, actual[1:])


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
    for command in steps(document):
        if isinstance(command, Transcript):
            if (problem := transcript_problem(command, cwd, kb_dir)) is not None:
                problems.append(problem)
            continue
        for part in command.parts():
            if skip_reason(part) or needs_absent_data(part):
                continue
            done = run_part(part, cwd, kb_dir)
            if (problem := failure(command, part, done)) is not None:
                problems.append(problem)
                break  # the rest of a chain depends on this part
    assert problems == []


def transcript_problem(transcript: Transcript, cwd: Path, kb_dir: Path) -> str | None:
    """How ``transcript``'s command, run now, differs from what the document shows (None: it does not)."""
    if needs_absent_data(transcript.text):
        return None
    done = run_part(transcript.text, cwd, kb_dir)
    actual = done.stdout.rstrip("\n").splitlines()
    if done.returncode == 0 and shows(transcript.expected, actual):
        return None
    shown = "\n".join(actual[:40]) + (f"\n… ({len(actual)} lines)" if len(actual) > 40 else "")
    return f"{transcript} -> exit {done.returncode}, printed:\n{shown}\n{done.stderr.strip()[-300:]}"


def test_a_transcript_is_compared_line_by_line_with_ellipses_standing_for_the_rest() -> None:
    out = ["Rules (2)", "  1. 306.8", "    en: Damage dealt to a planeswalker results in loss.", "  2. 120.3c"]
    assert shows(["Rules (2)", "  1. 306.8", "    en: Damage dealt to a …", "…"], out)
    assert shows(["Rules (2)", "…", "  2. 120.3c"], out)
    assert not shows(["Rules (2)", "  1. 306.8"], out)  # two lines left out without saying so
    assert not shows(["Rules (2)", "  1. 120.3c", "…"], out)  # another rule first
    assert not shows(["Rules (3)", "…"], out)


def test_the_text_blocks_give_transcripts_in_document_order(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```sh\nmtgkb build\n```\n\n```text\n$ mtgkb rule 400.7\n400.7\n…\n$ mtgkb rule 1\n1. Game\n```\n"
                    "<!-- output not checked: another release -->\n```text\n$ mtgkb status\nstale\n```\n"
                    "```text\nmsgid \"x\"\n```\n", encoding="utf-8")
    found = steps(page)
    assert [type(s).__name__ for s in found] == ["Command", "Transcript", "Transcript"]
    assert (found[1].text, found[1].expected) == ("mtgkb rule 400.7", ("400.7", "…"))
    assert (found[2].line, found[2].expected) == (9, ("1. Game",))


def test_unchecked_transcripts_say_why() -> None:
    """The transcripts left unchecked, each with its reason: few, and each for a state the embedded build lacks."""
    marked = [(document.name, UNCHECKED.search(line).group(1)) for document in DOCUMENTS
              for line in document.read_text(encoding="utf-8").splitlines() if UNCHECKED.search(line)]
    assert all(len(why) > 20 for _, why in marked), marked
    assert len(marked) <= 4, marked


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
