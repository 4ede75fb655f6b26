"""Carry the curated files (:data:`kb.curated.CURATED`) from one rules release to the next, by content.

Rules are matched with :mod:`kb.matching` (as ``mtgkb diff`` does). For each rule a line names:

* **moved**: the same text (cited numbers aside) at another number: the line takes the new number;
* **reworded**: a text at least :data:`REWORDED_MIN` similar: the line follows it, flagged for review;
* **unplaced**: a rule removed or rewritten, or a line whose text the old release does not hold: the
  line is kept as it was (a phrasing keeps its old digest, so no build applies it) and listed for the
  writers.

A phrasing is found in the old release by its text: at its number when the text is there, else at the
one rule holding that text. Files are rewritten only when every file was carried: each is written to a
temporary file beside it, then all are renamed.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..curated import CURATED, STATUSES, Carrier, CuratedFile
from ..errors import KBError
from ..model import Document

REFRESHED = "# refreshed:"


@dataclass
class Change:
    """What became of one rule a line names."""

    path: str
    line: int
    status: str
    old: str
    new: str
    similarity: float
    what: str  # the phrase, concept or question of the line

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.path, "line": self.line, "status": self.status, "old": self.old, "new": self.new,
                "similarity": round(self.similarity, 3), "what": self.what}


@dataclass
class FileRefresh:
    """One curated file carried across: its new text and each rule reference's fate."""

    path: str
    text: str
    changes: list[Change] = field(default_factory=list)
    present: bool = True

    def counts(self) -> dict[str, int]:
        found = Counter(change.status for change in self.changes)
        return {status: found.get(status, 0) for status in STATUSES}


@dataclass
class Refresh:
    """A refresh from release ``old`` to ``new`` of every curated file."""

    old: str
    new: str
    files: list[FileRefresh]

    def review(self) -> list[Change]:
        """The lines the writers should read: reworded (kept) and unplaced."""
        return [c for f in self.files for c in f.changes if c.status in ("reworded", "unplaced")]

    def to_dict(self) -> dict[str, Any]:
        return {"old": self.old, "new": self.new,
                "files": [{"file": f.path, "present": f.present, **f.counts()} for f in self.files],
                "review": [c.to_dict() for c in self.review()]}


def refresh(old: Document, new: Document, root: Path, files: Iterable[CuratedFile] = CURATED) -> Refresh:
    """Carry every curated file under ``root`` from release ``old`` to ``new`` (nothing is written)."""
    carrier = Carrier(old, new)
    stamp = f"{REFRESHED} {old.effective_date} -> {new.effective_date} by mtgkb refresh"
    done = []
    files = list(files)
    if not any((root / curated.path).is_file() for curated in files):
        raise KBError(f"{root}: none of the curated files is here ({', '.join(c.path for c in files)}); "
                      "run from the project folder or give --root")
    for curated in files:
        path = root / curated.path
        if not path.is_file():
            done.append(FileRefresh(curated.path, "", present=False))
            continue
        done.append(refresh_file(curated, path.read_text(encoding="utf-8"), carrier, stamp))
    return Refresh(old.effective_date or old.id, new.effective_date or new.id, done)


def refresh_file(curated: CuratedFile, text: str, carrier: Carrier, stamp: str) -> FileRefresh:
    """One file's new text and changes."""
    result = FileRefresh(curated.path, "")
    lines, header_done = [], False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(REFRESHED):
            _check_keyed_to(curated, number, line, carrier)
            continue
        if line.startswith("#") or not line.strip():
            lines.append(line)
            continue
        if not header_done:
            lines.append(stamp)
            header_done = True
            if curated.header_row:
                lines.append(line)
                continue
        cells = line.split("\t")
        needed = max(curated.column, curated.digest_column or 0) + 1
        if len(cells) < needed:
            raise KBError(f"{curated.path}:{number}: expected at least {needed} tab-separated cells, got {len(cells)}")
        carry = {"phrases": _carry_phrase, "rules": _carry_rules, "gold": _carry_gold}[curated.kind]
        lines.append("\t".join(carry(curated, cells, carrier, result, number)))
    result.text = "\n".join(lines) + "\n"
    return result


def _check_keyed_to(curated: CuratedFile, number: int, stamp: str, carrier: Carrier) -> None:
    """A file refreshed before names the release it was carried to: it must be OLD's."""
    keyed_to = stamp[len(REFRESHED):].split("->")[-1].split(" by ")[0].strip()
    if carrier.old_date and keyed_to != carrier.old_date:
        raise KBError(f"{curated.path}:{number}: the file was refreshed to {keyed_to}, "
                      f"not to OLD ({carrier.old_date}): give that release as OLD")


def _what(cells: list[str], kind: str) -> str:
    """What a line is about, for the review: a phrase with its language, else its first cell."""
    return f"[{cells[1]}] {cells[2]}" if kind == "phrases" else cells[0]


def _carry_phrase(curated: CuratedFile, cells: list[str], carrier: Carrier, result: FileRefresh,
                  line: int) -> list[str]:
    number, digest = cells[curated.column], cells[curated.digest_column]
    old = carrier.old_rule_of_phrase(number, digest)
    status, new, similarity = carrier.carry(old)
    if old is None and carrier.new_digest.get(number) == digest:
        status, new, similarity = "unchanged", number, 1.0  # already keyed to the new release's text
    result.changes.append(Change(curated.path, line, status, old or number, new or "", similarity,
                                 _what(cells, curated.kind)))
    if status != "unplaced":
        cells[curated.column], cells[curated.digest_column] = new, carrier.new_digest[new]
    return cells


def _carry_number(curated: CuratedFile, number: str, cells: list[str], carrier: Carrier, result: FileRefresh,
                  line: int) -> str:
    status, new, similarity = carrier.carry(number)
    result.changes.append(Change(curated.path, line, status, number, new or "", similarity,
                                 _what(cells, curated.kind)))
    return new if status != "unplaced" and new else number


def _carry_rules(curated: CuratedFile, cells: list[str], carrier: Carrier, result: FileRefresh,
                 line: int) -> list[str]:
    numbers = cells[curated.column].split()
    cells[curated.column] = " ".join(_carry_number(curated, n, cells, carrier, result, line) for n in numbers)
    return cells


def _carry_gold(curated: CuratedFile, cells: list[str], carrier: Carrier, result: FileRefresh,
                line: int) -> list[str]:
    ids = [part.strip() for part in cells[curated.column].split("|")]
    carried = [f"rule/{_carry_number(curated, i[5:], cells, carrier, result, line)}"
               if i.startswith("rule/") and not any(c in i for c in "*?[") else i for i in ids]
    cells[curated.column] = " | ".join(carried)
    return cells


def write_all(root: Path, result: Refresh, review: Path | None = None) -> list[Path]:
    """Write every carried file (and the ``review`` file, when given): all to temporary files first,
    then each renamed over its file."""
    texts = [(root / carried.path, carried.text) for carried in result.files if carried.present]
    if review is not None:
        texts.append((review, review_lines(result)))
    staged: list[tuple[Path, Path]] = []
    try:
        for target, text in texts:
            temporary = target.with_name(f".{target.name}.refresh-{os.getpid()}")
            staged.append((temporary, target))
            temporary.write_text(text, encoding="utf-8")
    except OSError as exc:
        for temporary, _target in staged:
            temporary.unlink(missing_ok=True)
        raise KBError(f"refresh: nothing written: {exc}") from None
    for temporary, target in staged:
        temporary.replace(target)
    return [target for _temporary, target in staged]


def review_lines(result: Refresh) -> str:
    """The review file: each reworded or unplaced line, for the writers."""
    rows = [f"# mtgkb refresh {result.old} -> {result.new}: lines to review (reworded: kept, check the text; "
            "unplaced: kept as they were, not applied)",
            "file\tline\tstatus\told\tnew\tsimilarity\twhat"]
    rows += [f"{c.path}\t{c.line}\t{c.status}\t{c.old}\t{c.new}\t{c.similarity:.3f}\t{c.what}"
             for c in result.review()]
    return "\n".join(rows) + "\n"
