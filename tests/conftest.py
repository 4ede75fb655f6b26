"""Shared test fixtures: paths to the embedded corpus and to the shared real data.

Tests that need ``../shared/corpus`` use the ``shared_corpus`` fixture: it skips
with a clear reason when the folder is absent (a user's fresh clone) and fails
when it is absent under ``CI=true``, where it must be there.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED = ROOT.parent / "shared"
SHARED_CORPUS = SHARED / "corpus"
# The three seed documents the product started from (the embedded corpus also holds an English
# release and five MTGJSON sets: tests that mean "the seeds" name these files, not the folder).
SEEDS = tuple(CORPUS / name for name in ("000_a6d3485c321a44a0.txt", "001_c70b93c6d7c03b3c.txt",
                                         "004_033ca0c87611b1e4.txt"))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """The longest tests first (:mod:`tests.scheduling`)."""
    from tests.scheduling import make_scheduler

    return make_scheduler(config, log)


def pytest_configure(config) -> None:
    """Each test process collects garbage as the ``mtgkb`` command does (:mod:`kb.collector`)."""
    from kb.collector import tune_collector

    tune_collector()


def pytest_runtest_logreport(report) -> None:
    from tests.scheduling import record

    record(report)


def pytest_sessionfinish(session) -> None:
    from tests.scheduling import save

    save(session.config)


@pytest.fixture(autouse=True)
def roomy_answer_deadline(request, monkeypatch) -> None:
    """The web tests' searches get 30 wall seconds, not the server's 3 (``kb.web.handling.ANSWER_DEADLINE``):
    two xdist workers on two cores once made a first search late, and the page said the server was busy.
    A test of the deadline sets its own after this one."""
    if request.module.__name__.rpartition(".")[2].startswith("test_web"):
        from kb.web import handling

        monkeypatch.setattr(handling, "ANSWER_DEADLINE", 30.0)


def require_shared(path: Path = SHARED_CORPUS) -> Path:
    """``path`` inside the shared data, or skip (fail under CI) if it is absent."""
    if path.exists():
        return path
    message = f"shared data not found at {path} (the real-data tests need ../shared beside the project)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " and CI=true requires it")
    pytest.skip(message)


@pytest.fixture(scope="session")
def shared_corpus() -> Path:
    return require_shared(SHARED_CORPUS)


def cr_release(date: str) -> Path:
    """The shared English release with effective date ``YYYYMMDD``."""
    return require_shared(SHARED_CORPUS / "cr-en" / f"MagicCompRules {date}.txt")


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    return CORPUS


@functools.lru_cache(maxsize=None)
def parsed_release(date: str):
    """The shared English release ``YYYYMMDD`` parsed once per test session (a Document)."""
    from kb.parsers import parse_source
    from kb.sources import read_source

    return parse_source(read_source(cr_release(date)))


def two_releases() -> list[Path]:
    """The English releases of 2025-04-04 and 2025-06-06 and a hand-made Italian excerpt: the sources of
    the knowledge base the tests of several releases share."""
    return [cr_release("20250404"), cr_release("20250606"), FIXTURES / "releases" / "it_cr_excerpt.txt"]


SHARED_RELEASES = ("20120701", "20160826", "20180713", "20221118", "20231013", "20241108",
                   "20250404", "20250606", "20251114")


def source_digest(path: Path) -> str:
    """The sha256 of a source file, or of a folder's files (each one's relative name and bytes)."""
    path = Path(path)
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    digest = hashlib.sha256()
    for file in files:
        digest.update(str(file.relative_to(path) if file != path else file.name).encode() + b"\0")
        digest.update(_file_digest(file, file.stat().st_size, file.stat().st_mtime_ns).encode())
    return digest.hexdigest()


@functools.lru_cache(maxsize=None)
def _file_digest(path: Path, size: int, mtime_ns: int) -> str:
    """One file's sha256, remembered while its size and modification time stay the same."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


@dataclass(frozen=True)
class CommandBuild:
    """A knowledge base ``mtgkb build`` made, with what the command printed."""

    kb_dir: Path
    exit_code: int
    stdout: str
    output: str


class KBCache:
    """Knowledge bases built once per test run, keyed by their sources' hashes and the build's options.

    ``shared(sources)`` is the one build (:func:`kb.pipeline.build_kb`), for tests that only read it;
    ``copy(sources, dest)`` gives a test its own copy to change (a copied folder is a complete knowledge
    base: CURRENT names its build folder relative to it); ``derived(sources, recipe, make)`` is a copy of
that build changed once by ``make``, for the tests that start from the same changes; ``command(args)`` is one run of ``mtgkb build``
    through the CLI, with what it printed. Under pytest-xdist the workers share ``root``: the first to
    need a build makes it under a file lock, and the others wait for it and read it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def shared(self, sources, **options) -> Path:
        """The knowledge base of ``build_kb(dir, sources, **options)``, built on first use."""
        from kb.pipeline import build_kb

        paths = [Path(s) for s in sources]
        key = self.key(paths, {"build_kb": options})
        return self._entry(key, lambda directory: build_kb(directory, paths, **options))

    def copy(self, sources, dest: Path, **options) -> Path:
        """``dest``: a copy of :meth:`shared`, for a test that changes its knowledge base."""
        return copy_kb(self.shared(sources, **options), dest)

    def derived(self, sources, recipe: str, make: Callable[[Path], object]) -> Path:
        """The knowledge base ``make(folder)`` leaves in ``folder``, a copy of :meth:`shared`'s of
        ``sources``, made on first use (``recipe`` names what ``make`` does), for tests that only read it."""
        key = self.key([Path(s) for s in sources], {"build_kb": {}, "derived": recipe})
        return self._entry(key, lambda directory: make(self.copy(sources, directory)))

    def command(self, args: list[str], sources=()) -> CommandBuild:
        """``mtgkb build --kb DIR *args`` run once through the CLI; ``sources`` are the files it reads
        that ``args`` do not name (the embedded corpus when there is no ``--corpus``)."""
        key = self.key([*corpus_arguments(args), *map(Path, sources)], {"command": args})
        directory = self._entry(key, lambda directory: self._run_build(directory, args, self._printed(key)))
        printed = json.loads(self._printed(key).read_text(encoding="utf-8"))
        return CommandBuild(directory, printed["exit_code"], printed["stdout"], printed["output"])

    @staticmethod
    def key(sources: list[Path], options: dict) -> str:
        """The cache key: each source's resolved path and content hash, and the options."""
        parts = [(str(s.resolve()), source_digest(s)) for s in sources]
        return hashlib.sha256(json.dumps([parts, options], sort_keys=True, default=str).encode()).hexdigest()[:16]

    def _printed(self, key: str) -> Path:
        return self.root / f"kb-{key}.printed.json"

    def _entry(self, key: str, make: Callable[[Path], object]) -> Path:
        """The folder of ``key``, made by ``make(folder)`` unless a finished one is there (the lock
        keeps two workers from making it at once; a folder without its done mark is begun again)."""
        from filelock import FileLock

        directory, done = self.root / f"kb-{key}", self.root / f"kb-{key}.done"
        with FileLock(str(self.root / f"kb-{key}.lock")):
            if not done.exists():
                shutil.rmtree(directory, ignore_errors=True)
                make(directory)
                done.touch()
        return directory

    @staticmethod
    def _run_build(directory: Path, args: list[str], printed: Path) -> None:
        """Run ``mtgkb build`` into ``directory`` and keep what it printed in ``printed``."""
        from click.testing import CliRunner

        from kb.cli import main

        result = CliRunner().invoke(main, ["build", "--kb", str(directory), *args])
        printed.write_text(json.dumps({"exit_code": result.exit_code, "stdout": result.stdout,
                                       "output": result.output}), encoding="utf-8")


def corpus_arguments(args: list[str]) -> list[Path]:
    """The sources a ``mtgkb build`` command line names, each after a ``--corpus``."""
    return [Path(value) for option, value in zip(args, args[1:]) if option == "--corpus"]


def copy_kb(source: Path, dest: Path) -> Path:
    """A test's own copy of the knowledge base folder ``source``."""
    shutil.copytree(source, dest, symlinks=True)
    return dest


def cache_root(tmp_path_factory) -> Path:
    """Where the knowledge-base cache lives: this run's temporary folder, the one all xdist workers share."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "kb-cache"


@pytest.fixture(scope="session")
def kb_cache(tmp_path_factory) -> KBCache:
    return KBCache(cache_root(tmp_path_factory))


@pytest.fixture(scope="session")
def readme_build(kb_cache) -> CommandBuild:
    """The README's ``mtgkb build --json`` on the embedded corpus, run once per test run through the CLI."""
    from kb.corpus import embedded_corpus

    return kb_cache.command(["--json"], sources=[embedded_corpus()])


@pytest.fixture(scope="session")
def product_kb(readme_build) -> Path:
    """The knowledge base of the embedded corpus (what ``mtgkb build`` makes), built once per test run."""
    assert readme_build.exit_code == 0, readme_build.output
    return readme_build.kb_dir


@pytest.fixture(scope="session")
def search_kb(kb_cache):
    """The knowledge base the search tests share, built once per test run with ``build_kb``:
    the embedded seeds, the shared MTGJSON set files, the English release of 2024-11-08
    and the hand-made French excerpt ``fixtures/search_fr_zones.txt``."""
    from kb.store import KnowledgeBase

    sources = [*SEEDS, require_shared(SHARED_CORPUS / "mtgjson"), cr_release("20241108"),
               FIXTURES / "search_fr_zones.txt"]
    return KnowledgeBase.open(kb_cache.shared(sources))


@pytest.fixture(scope="session")
def search_kb_dir(search_kb) -> Path:
    return search_kb.build_dir.parent.parent
