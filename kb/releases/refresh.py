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
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..curated import CURATED, CuratedFile, rule_digest
from ..errors import KBError
from ..matching import Matching, Side, match_rules
from ..model import Document

REWORDED_MIN = 0.9
STATUSES = ("unchanged", "moved", "reworded", "unplaced")
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


class Carrier:
    """Old-release rules to new-release rules, with the fate of each."""

    def __init__(self, old: Document, new: Document) -> None:
        self.matching: Matching = match_rules(Side(old), Side(new))
        self.old_date = old.effective_date or ""
        self.old_rules = {rule.number: rule for rule in old.rules}
        self.new_rules = {rule.number: rule for rule in new.rules}
        self.old_digest = {number: rule_digest(rule) for number, rule in self.old_rules.items()}
        self.new_digest = {number: rule_digest(rule) for number, rule in self.new_rules.items()}
        self.by_old_digest: dict[str, list[str]] = {}
        for number, digest in self.old_digest.items():
            self.by_old_digest.setdefault(digest, []).append(number)

    def old_rule_of_phrase(self, number: str, digest: str) -> str | None:
        """The old release's rule holding the text a phrasing was written for: at its number, else the
        one rule holding it (None: no rule, or several, hold it)."""
        if self.old_digest.get(number) == digest:
            return number
        holders = self.by_old_digest.get(digest, [])
        return holders[0] if len(holders) == 1 else None

    def carry(self, number: str | None) -> tuple[str, str | None, float]:
        """(status, new number, similarity) of old rule ``number``."""
        if number is None or number not in self.old_rules:
            return "unplaced", None, 0.0
        new = self.matching.pairs.get(number)
        if new is None:
            return "unplaced", None, 0.0
        if self.matching.same_text(number, new):
            return ("unchanged" if new == number else "moved"), new, 1.0
        similarity = self.matching.score.get(number, 0.0)
        if similarity >= REWORDED_MIN:
            return "reworded", new, similarity
        return "unplaced", new, similarity


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
        if len(cells) <= curated.column or curated.kind == "phrases" and len(cells) <= (curated.digest_column or 0):
            raise KBError(f"{curated.path}:{number}: expected at least {curated.column + 1} tab-separated cells")
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
    return {"phrases": lambda: f"[{cells[1]}] {cells[2]}", "rules": lambda: cells[0]}.get(kind, lambda: cells[0])()


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


# -- the vocabulary's rules in the release being built -------------------------------------------

_VOCABULARY_RELEASE = re.compile(r"^# release: (?P<name>MagicCompRules (?P<date>\d{8})\.txt)", re.M)


def vocabulary_release(table: Path) -> tuple[str, str] | None:
    """(file name, ISO date) of the release the vocabulary table names in its header."""
    head = table.read_text(encoding="utf-8")[:4000] if table.is_file() else ""
    found = _VOCABULARY_RELEASE.search(head)
    if found is None:
        return None
    date = found["date"]
    return found["name"], f"{date[:4]}-{date[4:6]}-{date[6:]}"


def vocabulary_in_release(built: Document, table: Path | None = None, releases: Path | None = None
                          ) -> dict[str, Any]:
    """Where the vocabulary's first rules (each concept's first number, made for the release its header
    names) are in ``built``: at the same text, at another number, reworded, or in no rule. Checked only
    when ``built`` is another release (the embedded corpus holds the vocabulary's in ``cr-en/``)."""
    from ..corpus import embedded_corpus
    from ..vocabulary import default_vocabulary
    from ..vocabulary.table import default_table_path

    table = table or default_table_path()
    named = vocabulary_release(table)
    report: dict[str, Any] = {"release": named[1] if named else None, "built": built.effective_date,
                              "checked": False}
    source = (releases or embedded_corpus() / "cr-en") / named[0] if named else None
    if named is None or named[1] == built.effective_date or source is None or not source.is_file():
        return report
    from ..parsers import parse_source
    from ..sources import read_source

    carrier = Carrier(parse_source(read_source(source)), built)
    firsts = sorted({concept.rules[0] for concept in default_vocabulary().concepts if concept.rules})
    fates = {number: carrier.carry(number) for number in firsts}
    counts = Counter(status for status, _new, _sim in fates.values())
    report.update(checked=True, first_rules=len(firsts), **{s: counts.get(s, 0) for s in STATUSES},
                  elsewhere=sorted(n for n, (status, new, _s) in fates.items() if new and new != n
                                   and status != "unplaced"),
                  hint="run 'mtgkb refresh' on corpus/vocabulary.tsv (docs/releases.md)"
                  if counts.get("moved") or counts.get("unplaced") or counts.get("reworded") else "")
    return report
