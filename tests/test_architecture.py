"""The shape of the code base: no import cycles, the CLI imported by nobody but itself, the
search engine below none of kb's lower layers, and every package installed. (A module is sized by
what it is about, not by a line count: there is no cap.)"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kb", "indexer")


def module_files() -> dict[str, Path]:
    """Dotted module name -> file, for every module of kb and indexer."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported_modules(name: str, path: Path, known: set[str]) -> set[str]:
    """The project modules ``name`` imports anywhere in its file (in functions too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            # `from pkg import sub` imports the submodule when there is one
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    known = set(files)
    return {name: imported_modules(name, path, known) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules, or None. A package's own ``__init__`` importing
    its submodules is not a cycle when the submodule imports a sibling, only when it imports
    the package itself back."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        state[node] = 2
        stack.pop()
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_no_import_cycles():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def package_of(module: str) -> str:
    """The package a module belongs to: ``kb.align.rules`` -> ``kb.align``; a module directly in ``kb``
    or ``indexer`` (``kb.text``, ``kb.matching``) is a layer of its own."""
    parts = module.split(".")
    return ".".join(parts[:2])


def package_graph() -> dict[str, set[str]]:
    """Package -> the other packages its modules import (``kb.align`` -> ``kb.vocabulary``, ...)."""
    graph: dict[str, set[str]] = {}
    for name, targets in import_graph().items():
        here = package_of(name)
        graph.setdefault(here, set()).update(package_of(t) for t in targets if package_of(t) != here)
    return graph


def test_no_import_cycles_between_packages():
    """Packages import in one direction (docs/architecture.md): no package reaches itself back through
    others, as kb.align -> kb.vocabulary -> kb.align once did."""
    cycle = find_cycle({p: {t for t in targets if t != "kb"} for p, targets in package_graph().items() if p != "kb"})
    assert cycle is None, "package import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_only_the_cli_imports_the_cli():
    offenders = [name for name, targets in import_graph().items()
                 if not name.startswith("kb.cli") and any(t == "kb.cli" or t.startswith("kb.cli.") for t in targets)]
    assert offenders == []


def test_only_pipeline_cli_and_web_import_the_search_engine():
    allowed = ("kb.pipeline", "kb.cli", "kb.web")
    offenders = [name for name, targets in import_graph().items()
                 if name.startswith("kb") and not name.startswith(allowed)
                 and any(t.startswith("indexer") for t in targets)]
    assert offenders == []


def test_every_package_is_installed():
    """Each folder of kb and indexer that holds modules is listed in pyproject.toml, so a
    non-editable install carries it."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    folders = {".".join(p.parent.relative_to(ROOT).parts) for package in PACKAGES
               for p in (ROOT / package).rglob("*.py")}
    assert folders - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert "mtgkb_corpus" in listed


# The search engine builds on the store, the vocabulary and kb's base modules (docs/architecture.md);
# it never reaches the parsers, the alignment, the exporters, the releases, the pipeline or the CLI.
INDEXER_MAY_IMPORT = {"kb.store", "kb.vocabulary", "kb.corpus", "kb.digests", "kb.errors", "kb.numbering",
                      "kb.refs", "kb.text", "kb.tsv", "kb.model", "kb.matching", "kb.curated"}


def test_the_search_engine_imports_only_the_store_the_vocabulary_and_kb_base_modules():
    offenders = sorted(f"{name} -> {target}" for name, targets in import_graph().items() if name.startswith("indexer")
                       for target in targets if target.startswith("kb") and package_of(target) not in INDEXER_MAY_IMPORT)
    assert offenders == []
