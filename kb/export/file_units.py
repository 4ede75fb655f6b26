"""Which units of a translator's file are judged, and as which language: the file-level checks an import
makes before looking at any unit (:mod:`kb.export.importer`), and where applied units landed."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

from ..errors import KBError, ParseError
from ..parsers.translation import document_id
from ..store import KnowledgeBase
from ..text import counted
from .base import ImportedFile, ImportedUnit, short_lang
from .checks import other_language
from .selection import split_unit_id


def refuse_second_translations(imported: ImportedFile, path: str) -> None:
    """A file giving one unit two different texts is malformed: which one is meant is not ours to guess."""
    found = imported.second_translation()
    if found is None:
        return
    first, second = found
    lang = f"{short_lang(second.lang)} " if len(imported.target_langs) > 1 and second.lang else ""
    earlier = f" (the first at line {first.line})" if first.line else ""
    raise ParseError(path, f"a second, different {lang}translation of {second.id}{earlier}", second.line)


def of_target(imported: ImportedFile, target: str, path: str) -> tuple[list[ImportedUnit], list[str]]:
    """The units of ``target`` (each once), and a note per other language the file holds, which another
    ``--lang`` imports; a file that holds other languages but not ``target`` is an error."""
    units = imported.distinct_units()
    mine = [u for u in units if short_lang(u.lang) in (None, target)]
    others = Counter(short_lang(u.lang) for u in units if short_lang(u.lang) not in (None, target))
    if others and not any(u.lang for u in mine):
        raise KBError(f"{path}: the file holds {', '.join(others)} translations, none in {target}")
    return mine, [f"{counted(n, f'{lang} unit')} not imported here (--lang {lang} imports them)"
                  for lang, n in others.items()]


def relabelled(imported: ImportedFile, lang: str | None) -> ImportedFile:
    """A file labelled with one target language whose texts read as ``lang`` instead, read as ``lang``
    (``--lang`` over a mislabelled file); any other file as it is."""
    langs = {short_lang(u.lang) for u in imported.units if u.lang}
    if lang is None or len(langs) != 1 or lang in langs:
        return imported
    misread = other_language([u.target or "" for u in imported.units if u.has_text and u.target != u.source],
                             langs.pop() or "")
    if misread is None or misread[0] != lang:
        return imported
    return dataclasses.replace(imported, target_lang=lang,
                               units=tuple(dataclasses.replace(u, lang=lang) for u in imported.units))


def only_target(imported: ImportedFile, path: str) -> str:
    langs = [short_lang(t) for t in imported.target_langs] or ([short_lang(imported.target_lang)]
                                                              if imported.target_lang else [])
    langs = list(dict.fromkeys(langs))
    if len(langs) != 1:
        every = " ".join(f"--lang {lang}" for lang in langs)
        raise KBError(f"{path}: the file holds {'no target language' if not langs else 'several languages: ' + ', '.join(langs)}"
                      "; say which with --lang" + (f" ({every} imports them all, as one import)" if len(langs) > 1 else ""))
    return langs[0]


def numbers_now(kb_dir: Path, lang: str, release: str | None, unit_ids: list[str]) -> dict[str, str]:
    """Unit id in ``release`` -> where the rebuilt knowledge base shows it in the newest release, for
    the units numbered differently there (a file made from an older release: 702.124m then, 702.124n
    now)."""
    with KnowledgeBase.open(kb_dir) as kb:
        newest = [d.effective_date for d in kb.releases() if d.active]
        if not newest or newest[-1] == release:
            return {}
        placed = {a.number: a.aligned_number for a in kb.aligned_numbers([document_id(lang, release)], newest[-1])}
    moved = {}
    for unit_id in unit_ids:
        number, example = split_unit_id(unit_id)
        now = placed.get(str(number)) if number is not None else None
        if now is not None and now != str(number):
            moved[unit_id] = now + (unit_id[len(str(number)):] if example is not None else "")
    return moved


__all__ = ["numbers_now", "of_target", "only_target", "refuse_second_translations", "relabelled"]
