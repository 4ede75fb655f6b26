"""TBX (TermBase eXchange, ISO 30042:2019 core structure, TBX-Basic dialect, DCA style).

The aligned term pairs of the selection (:mod:`kb.export.terms`)::

    <tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">
      <tbxHeader><fileDesc><sourceDesc><p>…</p></sourceDesc></fileDesc></tbxHeader>
      <text><body>
        <conceptEntry id="chapter-400">
          <descrip type="subjectField">chapter title</descrip>
          <note>rule 400</note>
          <langSec xml:lang="en"><termSec><term>General</term></termSec></langSec>
          <langSec xml:lang="it"><termSec><term>Generale</term></termSec></langSec>

There is no schema file for TBX: :func:`validate` checks the structure; tests also read it back.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from .base import (sub_element, XML_LANG, Exporter, ImportedFile, ImportedUnit, children, local, parse_xml, well_formed,
                   xml_bytes)
from .selection import Selection

NS = "urn:iso:std:iso:30042:ed-2"


def _sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    return sub_element(parent, tag, text, NS, **attrs)


def write(selection: Selection) -> bytes:
    root = etree.Element(f"{{{NS}}}tbx", {"type": "TBX-Basic", "style": "dca", XML_LANG: selection.source_lang},
                         nsmap={None: NS})
    header = _sub(root, "tbxHeader")
    desc = _sub(_sub(header, "fileDesc"), "sourceDesc")
    _sub(desc, "p", f"Magic: The Gathering Comprehensive Rules terms, {selection.source_lang} release "
                    f"{selection.source_release or 'unknown'}, exported by mtgkb")
    body = _sub(_sub(root, "text"), "body")
    used: set[str] = set()
    langs = (selection.source_lang, *selection.target_langs)
    for entry in selection.terms:
        concept_id = entry.id
        while concept_id in used:
            concept_id += "_"
        used.add(concept_id)
        concept = _sub(body, "conceptEntry", id=concept_id)
        _sub(concept, "descrip", entry.subject, type="subjectField")
        if entry.note:
            _sub(concept, "note", entry.note)
        for lang in langs:
            if lang in entry.names:
                term_sec = _sub(_sub(concept, "langSec", **{XML_LANG: lang}), "termSec")
                _sub(term_sec, "term", entry.names[lang])
    return xml_bytes(root)


def read(data: bytes, path: str) -> ImportedFile:
    """Concept entries back as units: id = concept id, source = source-language term."""
    root = parse_xml(data, path)
    source_lang = root.get(XML_LANG)
    units = []
    for concept in (e for e in root.iter() if local(e.tag) == "conceptEntry"):
        names = {}
        for lang_sec in children(concept, "langSec"):
            terms = [t.text or "" for sec in children(lang_sec, "termSec") for t in children(sec, "term")]
            if terms:
                names[lang_sec.get(XML_LANG)] = terms[0]
        for lang, name in names.items():
            if lang != source_lang:
                units.append(ImportedUnit(concept.get("id", ""), names.get(source_lang), name, lang, "translated",
                                          concept.sourceline))
    return ImportedFile("tbx", source_lang, None, None, tuple(units))


def sniff(data: bytes) -> float:
    return 1.0 if b"<tbx" in data[:2000] else 0.0


def validate(data: bytes, schemas: Path) -> list[str]:
    """The TBX-Basic structure (no schema file is used): header then text; each concept entry
    has an id and language sections each holding one term section with a term."""
    root, problems = well_formed(data)
    if root is None:
        return problems
    ns = f"{{{NS}}}"
    if root.tag != f"{ns}tbx" or root.get("type") != "TBX-Basic":
        return [f"root is {root.tag} of type {root.get('type')}, not a TBX-Basic tbx"]
    if [c.tag for c in root] != [f"{ns}tbxHeader", f"{ns}text"]:
        return ["tbx must hold tbxHeader then text"]
    body = root.find(f"{ns}text/{ns}body")
    if body is None:
        return ["text has no body"]
    for concept in body:
        where = f"line {concept.sourceline}"
        if concept.tag != f"{ns}conceptEntry" or not concept.get("id"):
            problems.append(f"{where}: not a conceptEntry with an id")
        for lang_sec in concept.findall(f"{ns}langSec"):
            if not lang_sec.get(XML_LANG):
                problems.append(f"{where}: langSec without xml:lang")
            if [t.tag for t in lang_sec] != [f"{ns}termSec"] or not lang_sec.findtext(f"{ns}termSec/{ns}term"):
                problems.append(f"{where}: langSec must hold one termSec with a term")
    return problems


EXPORTER = Exporter(name="tbx", label="TBX", extension="tbx", help="TBX-Basic termbase of aligned term pairs",
                    write=write, read=read, sniff=sniff, validate=validate, carries="terms", multi_target=True)
