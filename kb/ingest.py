"""Turn source files and folders into documents, reporting what each file gave.

:func:`collect` expands folders (recursively, in name order; hidden files and
the corpus manifest are skipped and reported), :func:`ingest` parses each file
with the detected format. A file named on its own that no parser recognises is
an error; inside a folder it is skipped and reported with the reason. A file whose
bytes (sha256) equal one already read is skipped: ``same content as <path>``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Callable, Iterable

from .corpus import embedded_corpus  # noqa: F401 (where the embedded corpus is: kb.corpus)
from .digests import DATA_NAMES  # curated/learned data, not sources
from .errors import KBError, SourceError, UnknownFormatError
from .forked import can_fork, in_child
from .model import Document
from .parsers import detect_format
from .sources import read_source

MANIFEST_NAMES = {"MANIFEST.json", "MANIFEST.md", "README.md"}
# what the search reads to understand questions (indexer.reading), not sources
SEARCH_DATA_NAMES = {"wordtable.tsv", "wordtable-review.tsv", "nearwords.tsv", "jargon.tsv", "rule-phrases.tsv",
                     "english-forms.tsv", "lemma-forms.tsv", "story-words.tsv", "rules-words.tsv",
                     "locutions.tsv", "card-nicknames.tsv", "chat-words.tsv", "card-names.tsv",
                     "lemmatiser-words.bloom"}


@dataclass(frozen=True)
class Skipped:
    path: str
    reason: str


@dataclass
class IngestReport:
    documents: list[Document] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        return [w for doc in self.documents for w in doc.warnings]

    @property
    def unparsed(self) -> int:
        return sum(len(doc.accounting.unparsed) for doc in self.documents)


def collect(paths: Iterable[Path]) -> tuple[list[tuple[Path, bool]], list[Skipped]]:
    """Files to ingest, each with whether it was named explicitly, and files skipped."""
    files: list[tuple[Path, bool]] = []
    skipped: list[Skipped] = []
    for path in map(Path, paths):
        if path.is_dir():
            for child in sorted(p for p in path.rglob("*") if not p.is_dir() or p.is_symlink()):
                rel = child.relative_to(path)
                if child.is_dir():  # a link to a folder: rglob does not enter it, and it is never silently passed over
                    skipped.append(Skipped(str(child), "a link to a folder, not followed (name it as a source "
                                                       "itself to read it)"))
                elif any(part.startswith((".", "__")) for part in rel.parts):
                    skipped.append(Skipped(str(child), "hidden file"))
                elif not child.is_file():
                    skipped.append(Skipped(str(child), "not a regular file (a FIFO, device, socket or broken link)"))
                elif child.name in MANIFEST_NAMES:
                    skipped.append(Skipped(str(child), "corpus manifest, not a source"))
                elif child.name in DATA_NAMES:
                    skipped.append(Skipped(str(child), "curated lexicon data (read by the alignment), not a source"))
                elif child.name in SEARCH_DATA_NAMES:
                    skipped.append(Skipped(str(child), "search data (read to understand questions), not a source"))
                else:
                    files.append((child, False))
        elif path.exists():
            files.append((path, True))
        else:
            raise KBError(f"{path}: no such file or folder")
    return files, skipped


def ingest(paths: Iterable[Path], progress: Callable[[str], None] | None = None) -> IngestReport:
    """Parse every source under ``paths``; parse errors stop the build (one line, file and line).
    Sources of :data:`FORK_BYTES` or more are parsed on two cores: the second half by a forked child
    (:mod:`kb.forked`) while this process parses the first; the outcome is the same."""
    files, skipped = collect(paths)
    report = IngestReport(skipped=skipped)
    seen_ids: dict[str, str] = {}
    seen_content: dict[str, str] = {}  # sha256 -> the first path that had it
    half, parsed_there = _second_half(files)
    for number, (path, explicit) in enumerate(files, 1):
        if progress:
            progress(f"[{number}/{len(files)}] {path}")
        outcome = parsed_there()[number - 1 - half] if number > half else ("failed",)
        if outcome[0] == "failed":  # parsed here, or again here what the child could not (to raise its error)
            outcome = _read_and_parse(path, explicit, seen_content)
        if outcome[0] == "unread":
            report.skipped.append(Skipped(str(path), outcome[1]))
            continue
        _, sha256, doc = outcome
        if sha256 in seen_content:  # the same file twice (the embedded copy and a shared one): once
            report.skipped.append(Skipped(str(path), f"same content as {seen_content[sha256]}"))
            continue
        seen_content[sha256] = str(path)
        if doc.id in seen_ids:
            doc = replace(doc, id=f"{doc.id}-{sha256[:8]}")
        seen_ids[doc.id] = str(path)
        report.documents.append(doc)
    return report


# From this many bytes of sources, a forked child parses the second half (the scale corpus's 238 MB of
# MTGJSON files: parsing 7 s on one core); the embedded corpus (7 MB) is parsed in this process.
FORK_BYTES = 64 * 1024 * 1024

# What became of a file: ("parsed", sha256, its document, None when its content was read before),
# ("unread", why it is no source), or ("failed",) from a child: this process parses it again.
Outcome = tuple


def _read_and_parse(path: Path, explicit: bool, seen: dict[str, str] | None = None) -> Outcome:
    """A file's outcome; a parse error is raised. A file named on its own must be a source: one met in a
    folder that is not (empty, binary, unknown format) is ``unread``, with the reason. A content
    already ``seen`` is not parsed again."""
    try:
        source = read_source(path)
        fmt = detect_format(source)
    except (UnknownFormatError, SourceError) as exc:
        if explicit:
            raise
        return ("unread", _unread_reason(exc))
    if seen and source.sha256 in seen:
        return ("parsed", source.sha256, None)
    document = fmt.parse(source)
    if source.warnings:
        document = replace(document, warnings=(*source.warnings, *document.warnings))
    return ("parsed", source.sha256, document)


def _second_half(files: list[tuple[Path, bool]]) -> tuple[int, Callable[[], list[Outcome]]]:
    """Where the files a child parses start (their sizes' second half; ``len(files)``: none) and the
    function that waits for their outcomes."""
    sizes = [path.stat().st_size for path, _ in files]
    total = sum(sizes)
    if total < FORK_BYTES or len(files) < 2 or not can_fork():
        return len(files), list
    half, running = 0, 0
    while half < len(files) - 1 and running + sizes[half] <= total / 2:
        running += sizes[half]
        half += 1
    return half, cache(in_child(_parse_all, files[half:]))


def _parse_all(files: list[tuple[Path, bool]]) -> list[Outcome]:
    """Each file's outcome, parsed in a child; one that fails (a parse error, a file named on its own
    that is no source) is parsed again by the parent, to raise its error in its turn."""
    outcomes: list[Outcome] = []
    for path, explicit in files:
        try:
            outcomes.append(_read_and_parse(path, explicit))
        except Exception:
            outcomes.append(("failed",))
    return outcomes


def _unread_reason(exc: KBError) -> str:
    return "format not recognised" if isinstance(exc, UnknownFormatError) else exc.message
