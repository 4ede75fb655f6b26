"""XLIFF 1.2 (OASIS, strict schema): the format most CAT tools open.

Layout::

    <xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:mtgkb="urn:mtgkb:export:1">
      <file original="mtgkb:cr-en-2024-11-08:2024-11-08" source-language="en" target-language="it"
            datatype="plaintext" date="2024-11-08T00:00:00Z" product-name="mtgkb">
        <body>
          <group id="chapter-400" resname="400">
            <trans-unit id="400.7a" resname="400.7a" xml:space="preserve" approved="yes" mtgkb:rev="3f2a…">
              <source>…</source>
              <target state="translated">…</target>      (state new: empty target)
              <note from="mtgkb">400. General</note>     (chapter, then provenance)
            </trans-unit>

States, as CAT tools and translate-toolkit read them: a translated unit is
``approved="yes"`` with ``state="translated"``; a stale one ``state="needs-review-translation"``
and never approved (a tool counts it fuzzy); a new one ``state="new"`` with an empty target.
``mtgkb:rev`` is the revision of the target text the unit was exported with (``none`` for
a new one): ``mtgkb import`` reports a unit whose text changed in the knowledge base since
as a conflict. Examples are units of their own (``400.6#example-1``). The file's only date
is the source release's.
"""

from __future__ import annotations

from lxml import etree

from .base import (MTGKB_NS, REVISION, XLIFF_VERSION, XML_SPACE, Exporter, ImportedFile, ImportedUnit, child,
                   children, descendants, find_iso_date, inline_text, left_out_notes, release_datetime, release_label,
                   stream_xml, xml_bytes, xsd_validator)
from .selection import Selection, Unit

NS = "urn:oasis:names:tc:xliff:document:1.2"
_STATE_OUT = {"new": "new", "translated": "translated", "stale": "needs-review-translation"}
_STALE_IN = {"needs-review-translation", "needs-review-adaptation", "needs-review-l10n", "needs-translation",
             "needs-adaptation", "needs-l10n"}


PREVIOUS_VERSION = "previous-version"  # an alt-trans holding the source a stale target was translated from


def _e(parent: etree._Element | None, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    element = etree.Element(f"{{{NS}}}{tag}", nsmap={None: NS, "mtgkb": MTGKB_NS}) if parent is None else \
        etree.SubElement(parent, f"{{{NS}}}{tag}")
    for key, value in attrs.items():
        element.set(key.replace("_", "-"), value)
    if text is not None:
        element.text = text
    return element


def write(selection: Selection) -> bytes:
    target = selection.target_lang
    root = _e(None, "xliff", version="1.2")
    attrs = {"original": release_label(selection), "source-language": selection.source_lang,
             "datatype": "plaintext", "date": release_datetime(selection), "product-name": "mtgkb"}
    if selection.target_langs:
        attrs["target-language"] = target
    file = etree.SubElement(root, f"{{{NS}}}file", {k: v for k, v in attrs.items() if v is not None})
    notes = left_out_notes(selection.left_out)
    if notes:
        header = _e(file, "header")
        for note in notes:
            _e(header, "note", note)
    body = _e(file, "body")
    group = None
    for unit in selection.units:
        if group is None or group.get("id") != unit.group:
            group = _e(body, "group", id=unit.group, resname=unit.chapter or unit.group)
        write_unit(group, unit, target if selection.target_langs else None)
    return xml_bytes(root)


def write_unit(group: etree._Element, unit: Unit, lang: str | None) -> None:
    tu = _e(group, "trans-unit", id=unit.id, resname=unit.id)
    tu.set(XML_SPACE, "preserve")
    if lang is not None:
        if unit.state(lang) == "translated":
            tu.set("approved", "yes")
        tu.set(REVISION, unit.revision(lang))
    _e(tu, "source", unit.source)
    if lang is not None:
        found = unit.targets.get(lang)
        _e(tu, "target", found.text if found else "", state=_STATE_OUT[unit.state(lang)])
    for note in unit_notes(unit, lang):
        _e(tu, "note", note, **{"from": "mtgkb"})
    found = unit.targets.get(lang) if lang is not None else None
    if found is not None and found.previous_source:
        # what the stale translation was made from, beside it: a CAT tool shows the two sources' difference
        alt = _e(tu, "alt-trans", alttranstype=PREVIOUS_VERSION)
        _e(alt, "source", found.previous_source)
        _e(alt, "target", found.text)


def unit_notes(unit: Unit, lang: str | None) -> list[str]:
    """Chapter title, kind, and the target's provenance (shared by the XLIFF writers)."""
    notes = []
    if unit.chapter and unit.chapter_title:
        notes.append(f"{unit.chapter}. {unit.chapter_title}")
    elif unit.kind == "term" and unit.chapter_title:
        notes.append(f"glossary: {unit.chapter_title}")
    elif unit.kind == "ruling":
        notes.append(f"ruling on {unit.chapter_title or 'a game concept'}")
    found = unit.targets.get(lang) if lang else None
    if found is not None:
        where = f"{found.doc_id}, {found.provenance}" + (f", {found.effective_date}" if found.effective_date else "")
        if found.doc_id == found.provenance:  # not a document: the game vocabulary (kb.vocabulary)
            where = f"the game {found.doc_id}"
        if found.translator or found.imported:
            where += f", by {found.translator or 'an unnamed translator'}" + \
                     (f", imported {found.imported}" if found.imported else "")
        notes.append(f"{lang} from {where}")
        if found.source_number:
            notes.append(f"numbered {found.source_number} in its source")
        if found.pointer:
            notes.append(f"pointer: {found.pointer}")
        if found.reason:
            notes.append(f"stale: {found.reason}")
    return notes


def read(data: bytes, path: str) -> ImportedFile:
    source_lang = target_lang = release = None
    units = []
    ignored = []
    for tu, open_elements in stream_xml(data, path, {"trans-unit"}, frozenset({"file"})):
        file = open_elements.get("file")
        if file is None:
            continue  # a trans-unit outside any file: not XLIFF
        source_lang = source_lang or file.get("source-language")
        target_lang = target_lang or file.get("target-language")
        release = release or find_iso_date(file.get("original"))
        target = child(tu, "target")
        unit_id = tu.get("resname") or tu.get("id") or ""
        state = target.get("state") if target is not None else None
        text, partial = inline_text(target), _untranslated_marks(tu, target)
        if partial and partial[0] == partial[1]:
            text, partial = None, None  # no segment of the target translated: the unit is untranslated
        units.append(ImportedUnit(unit_id, inline_text(child(tu, "source")), text,
                                  file.get("target-language"), _state_in(state), tu.sourceline, tu.get(REVISION),
                                  f"{partial[1] - partial[0]} of {partial[1]} segments" if partial else None))
        if any(alt.get("alttranstype") != PREVIOUS_VERSION for alt in children(tu, "alt-trans")):
            ignored.append(f"{path}:{tu.sourceline}: alternative translations of {unit_id} (alt-trans) not read")
    return ImportedFile("xliff12", source_lang, target_lang, release, tuple(units), tuple(ignored))


def _segment_marks(element: etree._Element | None) -> dict[str, str]:
    """The segments (``<mrk mtype="seg" mid="…">``) of a ``seg-source`` or ``target``: mid -> text."""
    if element is None:
        return {}
    return {mark.get("mid") or str(at): inline_text(mark) or "" for at, mark in
            enumerate(m for m in descendants(element, "mrk") if m.get("mtype") == "seg")}


def _untranslated_marks(tu: etree._Element, target: etree._Element | None) -> tuple[int, int] | None:
    """(untranslated, all) segments of a unit its tool segmented (``<seg-source>``), when some segment
    with a source text has none in the target; None otherwise."""
    sources = {mid: text for mid, text in _segment_marks(child(tu, "seg-source")).items() if text.strip()}
    if not sources or target is None:
        return None
    targets = _segment_marks(target)
    empty = sum(1 for mid in sources if not targets.get(mid, "").strip())
    return (empty, len(sources)) if empty else None


def _state_in(state: str | None) -> str | None:
    if state is None:
        return None
    if state == "new":
        return "new"
    return "stale" if state in _STALE_IN else "translated"


def sniff(data: bytes) -> float:
    match = XLIFF_VERSION.search(data[:4000])
    return 1.0 if match and match.group(1) == b"1" else 0.0


EXPORTER = Exporter(name="xliff12", label="XLIFF 1.2", extension="xlf", aliases=("xliff", "xlf"),
                    help="XLIFF 1.2 (strict schema), groups per chapter", write=write, read=read, sniff=sniff,
                    validate=xsd_validator("xliff-core-1.2-strict.xsd"))
