"""XLIFF 2.1 (OASIS core, namespace ``urn:oasis:names:tc:xliff:document:2.0``).

Layout::

    <xliff version="2.1" srcLang="en" trgLang="it" xmlns="urn:oasis:names:tc:xliff:document:2.0"
           xmlns:mtgkb="urn:mtgkb:export:1">
      <file id="f1" original="mtgkb:cr-en-2024-11-08:2024-11-08">
        <group id="chapter-400" name="400">
          <unit id="u400.6-example-1" name="400.6#example-1" xml:space="preserve" mtgkb:rev="3f2a…">
            <notes><note category="chapter">400. General</note>…</notes>
            <segment state="translated"><source>…</source><target>…</target></segment>

One source/target pair per file. ``unit id`` must be an XML name token, so the
rule number with ``#`` spelt ``-`` and a ``u`` in front; ``name`` holds the unit id
as ``mtgkb`` writes it, and import reads ``name`` first. States, consistent with the
XLIFF 1.2 export and PO: ``translated`` (approved in 1.2), ``initial`` with a target and
``subState="mtgkb:stale"`` (needs review: fuzzy in PO), ``initial`` without a target (new).
``mtgkb:rev`` is the revision of the target text the unit was exported with (see
:mod:`kb.export.xliff12`).
"""

from __future__ import annotations

from lxml import etree

from .base import (MTGKB_NS, REVISION, XLIFF_VERSION, XML_SPACE, Exporter, ImportedFile, ImportedUnit, child,
                   children, find_iso_date, inline_text, left_out_notes, local, release_label, stream_xml,
                   sub_element, xml_bytes, xsd_validator)
from .selection import Selection, Unit
from .xliff12 import unit_notes

NS = "urn:oasis:names:tc:xliff:document:2.0"
STALE_SUBSTATE = "mtgkb:stale"


def _sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    return sub_element(parent, tag, text, NS, **attrs)


def unit_token(unit_id: str) -> str:
    """An NMTOKEN for ``unit id``: ``400.6#example-1`` -> ``u400.6-example-1``."""
    return "u" + "".join(c if c.isalnum() or c in ".-_" else "-" for c in unit_id)


def write(selection: Selection) -> bytes:
    root = etree.Element(f"{{{NS}}}xliff", {"version": "2.1", "srcLang": selection.source_lang},
                         nsmap={None: NS, "mtgkb": MTGKB_NS})
    lang = selection.target_lang if selection.target_langs else None
    if lang:
        root.set("trgLang", lang)
    file = _sub(root, "file", id="f1", original=release_label(selection))
    notes = _sub(file, "notes")
    _sub(notes, "note", f"source: {selection.source_description()}", category="source-release")
    for note in left_out_notes(selection.left_out):
        _sub(notes, "note", note, category="left-out")
    group = None
    used: set[str] = set()
    for unit in selection.units:
        if group is None or group.get("id") != unit.group:
            group = _sub(file, "group", id=unit.group, name=unit.chapter or unit.group)
        write_unit(group, unit, lang, used)
    if group is None:  # a file needs a unit or a group: an empty selection gives an empty group
        _sub(file, "group", id="empty")
    return xml_bytes(root)


PREVIOUS_SOURCE = "previous-source"


def write_unit(group: etree._Element, unit: Unit, lang: str | None, used: set[str]) -> None:
    token = unit_token(unit.id)
    while token in used:  # two ids that spell the same token (never for rule numbers)
        token += "_"
    used.add(token)
    element = _sub(group, "unit", id=token, name=unit.id)
    element.set(XML_SPACE, "preserve")
    if lang:
        element.set(REVISION, unit.revision(lang))
    texts = unit_notes(unit, lang)
    found = unit.targets.get(lang) if lang else None
    previous = found.previous_source if found is not None else None
    if texts or previous:
        notes = _sub(element, "notes")
        for text in texts:
            _sub(notes, "note", text)
        if previous:  # the source the stale target was translated from, to compare with the new one
            _sub(notes, "note", previous, category=PREVIOUS_SOURCE)
    state = unit.state(lang) if lang else "new"
    segment = _sub(element, "segment", state="translated" if state == "translated" else "initial")
    if state == "stale":
        segment.set("subState", STALE_SUBSTATE)
    _sub(segment, "source", unit.source)
    if lang and lang in unit.targets:
        _sub(segment, "target", unit.targets[lang].text)


def read(data: bytes, path: str) -> ImportedFile:
    units = []
    release = source_lang = target_lang = None
    for unit, open_elements in stream_xml(data, path, {"unit"}, frozenset({"xliff", "file"})):
        root, file = open_elements.get("xliff"), open_elements.get("file")
        if root is None or file is None:
            continue  # a unit outside an xliff file: not XLIFF
        source_lang, target_lang = root.get("srcLang"), root.get("trgLang")
        release = release or find_iso_date(file.get("original"))
        segments = [s for s in unit if local(s.tag) in ("segment", "ignorable")]
        source = "".join(inline_text(child(s, "source")) or "" for s in segments)
        targets = [inline_text(child(s, "target")) for s in segments]
        target = None if all(t is None for t in targets) else "".join(t or "" for t in targets)
        partial = untranslated_segments(segments)
        if partial and partial[0] == partial[1]:
            target, partial = None, None  # no segment translated: the unit is untranslated
        states = [s.get("state", "initial") for s in children(unit, "segment")]
        stale = any(s.get("subState") == STALE_SUBSTATE for s in children(unit, "segment"))
        unit_id = unit.get("name") or unit.get("id") or ""
        units.append(ImportedUnit(unit_id, source, target, target_lang, _state_in(states, stale, target),
                                  unit.sourceline, unit.get(REVISION),
                                  f"{partial[1] - partial[0]} of {partial[1]} segments" if partial else None))
    return ImportedFile("xliff21", source_lang, target_lang, release, tuple(units))


def untranslated_segments(segments: list[etree._Element]) -> tuple[int, int] | None:
    """(untranslated, all) segments with a source text, when some of them have no target text; None
    when every one has."""
    spoken = [s for s in segments if local(s.tag) == "segment" and (inline_text(child(s, "source")) or "").strip()]
    empty = sum(1 for s in spoken if not (inline_text(child(s, "target")) or "").strip())
    return (empty, len(spoken)) if empty else None


def _state_in(states: list[str], stale: bool, target: str | None) -> str:
    if stale:
        return "stale"
    if target is None or all(s == "initial" for s in states):
        return "new" if not target else "translated"
    return "translated"


def sniff(data: bytes) -> float:
    match = XLIFF_VERSION.search(data[:4000])
    return 1.0 if match and match.group(1) == b"2" else 0.0


EXPORTER = Exporter(name="xliff21", label="XLIFF 2.1", extension="xlf", aliases=("xliff2",),
                    help="XLIFF 2.1 core, one source/target pair", write=write, read=read, sniff=sniff,
                    validate=xsd_validator("xliff-core-2.0.xsd"))
