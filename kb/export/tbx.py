"""TBX-Basic as CAT tools read it today: ``martif`` (ISO 30042:2008, TBX-Basic V1).

The termbase of the selection (:mod:`kb.export.terms`): every glossary term and every
concept of the game's vocabulary, with its names, definitions and rules::

    <!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">
    <martif type="TBX-Basic-V1" xml:lang="en">
      <martifHeader><fileDesc><titleStmt><title>…</title></titleStmt><sourceDesc><p>…</p></sourceDesc></fileDesc>
        <encodingDesc><p type="XCSURI">TBXBasicXCSV02.xcs</p></encodingDesc></martifHeader>
      <text><body>
        <termEntry id="term-lifelink">
          <descrip type="subjectField">keyword ability</descrip>
          <note>Comprehensive Rules: 702.15</note>
          <langSet xml:lang="en">
            <descrip type="definition">A keyword ability that causes a player to gain life. …</descrip>
            <tig><term>Lifelink</term>
              <termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
          </langSet>
          <langSet xml:lang="it">
            <tig><term>Legame vitale</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></tig>
          …

A language's first name is its preferred term, the others admitted terms (variants such as
``Voto`` beside ``Votare``). No schema file is used: :func:`validate` checks the structure;
the tests also read it with translate-toolkit. :mod:`kb.export.tbx3` writes the same entries
in the TBX v3 form (ISO 30042:2019, ``conceptEntry``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from lxml import etree

from .base import XML_LANG, Exporter, ImportedFile, ImportedUnit, children, local, parse_xml, well_formed, xml_bytes
from .units import Selection, TermEntry

DOCTYPE = '<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">'
PREFERRED, ADMITTED = "preferredTerm-admn-sts", "admittedTerm-admn-sts"


def description(selection: Selection) -> str:
    return f"Magic: The Gathering game terms, {selection.source_description()}, exported by mtgkb"


def unique_ids(entries: tuple[TermEntry, ...]) -> list[tuple[str, TermEntry]]:
    """Each entry with an id no other entry has (``term-x``, ``term-x_``)."""
    used: set[str] = set()
    out = []
    for entry in entries:
        entry_id = entry.id
        while entry_id in used:
            entry_id += "_"
        used.add(entry_id)
        out.append((entry_id, entry))
    return out


def entry_notes(entry: TermEntry) -> list[str]:
    notes = [f"Comprehensive Rules: {', '.join(entry.rules)}"] if entry.rules else []
    return notes + ([entry.note] if entry.note else [])


def write_entry(parent: etree._Element, entry_id: str, entry: TermEntry, langs: tuple[str, ...],
                tags: dict[str, str], sub: Callable[..., etree._Element]) -> None:
    """One concept in either TBX form; ``tags`` names its elements (entry, language, term group)."""
    concept = sub(parent, tags["entry"], id=entry_id)
    sub(concept, "descrip", entry.subject, type="subjectField")
    for note in entry_notes(entry):
        sub(concept, "note", note)
    for lang in langs:
        names = entry.names.get(lang, ())
        if not names:
            continue
        lang_set = sub(concept, tags["lang"], **{XML_LANG: lang})
        if entry.definitions.get(lang):
            sub(lang_set, "descrip", entry.definitions[lang], type="definition")
        for index, name in enumerate(names):
            group = sub(lang_set, tags["term"])
            sub(group, "term", name)
            sub(group, "termNote", PREFERRED if index == 0 else ADMITTED, type="administrativeStatus")


def _sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    element = etree.SubElement(parent, tag, attrs)
    if text is not None:
        element.text = text
    return element


MARTIF_TAGS = {"entry": "termEntry", "lang": "langSet", "term": "tig"}


def write(selection: Selection) -> bytes:
    root = etree.Element("martif", {"type": "TBX-Basic-V1", XML_LANG: selection.source_lang})
    header = _sub(root, "martifHeader")
    file_desc = _sub(header, "fileDesc")
    _sub(_sub(file_desc, "titleStmt"), "title", "mtgkb termbase")
    _sub(_sub(file_desc, "sourceDesc"), "p", description(selection))
    _sub(_sub(header, "encodingDesc"), "p", "TBXBasicXCSV02.xcs", type="XCSURI")
    body = _sub(_sub(root, "text"), "body")
    langs = (selection.source_lang, *selection.target_langs)
    for entry_id, entry in unique_ids(selection.terms):
        write_entry(body, entry_id, entry, langs, MARTIF_TAGS, _sub)
    return xml_bytes(root, DOCTYPE)


def read_entries(root: etree._Element, tags: dict[str, str], format_name: str) -> ImportedFile:
    """Concept entries back as units: id = entry id, source = the source language's preferred term,
    one unit per other language with its preferred term."""
    source_lang = root.get(XML_LANG)
    units = []
    for concept in (e for e in root.iter() if local(e.tag) == tags["entry"]):
        names = {}
        for lang_set in children(concept, tags["lang"]):
            terms = [t.text or "" for group in children(lang_set, tags["term"]) for t in children(group, "term")]
            if terms and lang_set.get(XML_LANG):
                names[lang_set.get(XML_LANG)] = terms[0]
        for lang, name in names.items():
            if lang != source_lang:
                units.append(ImportedUnit(concept.get("id", ""), names.get(source_lang), name, lang, "translated",
                                          concept.sourceline))
    return ImportedFile(format_name, source_lang, None, None, tuple(units))


def read(data: bytes, path: str) -> ImportedFile:
    return read_entries(parse_xml(data, path), MARTIF_TAGS, "tbx")


def sniff(data: bytes) -> float:
    return 1.0 if b"<martif" in data[:2000] else 0.0


def check_entries(body: etree._Element, tags: dict[str, str], ns: str = "") -> list[str]:
    """Each entry has an id and language sections, each with an xml:lang and term groups holding a term."""
    problems = []
    for concept in body:
        where = f"line {concept.sourceline}"
        if concept.tag != f"{ns}{tags['entry']}" or not concept.get("id"):
            problems.append(f"{where}: not a {tags['entry']} with an id")
        lang_sets = concept.findall(f"{ns}{tags['lang']}")
        if not lang_sets:
            problems.append(f"{where}: {tags['entry']} without a {tags['lang']}")
        for lang_set in lang_sets:
            if not lang_set.get(XML_LANG):
                problems.append(f"{where}: {tags['lang']} without xml:lang")
            groups = lang_set.findall(f"{ns}{tags['term']}")
            if not groups or any(not (g.findtext(f"{ns}term") or "").strip() for g in groups):
                problems.append(f"{where}: {tags['lang']} must hold {tags['term']} elements each with a term")
    return problems


def validate(data: bytes, schemas: Path) -> list[str]:
    """The TBX-Basic (martif) structure, no schema file used: header then text, and the entries'."""
    root, problems = well_formed(data)
    if root is None:
        return problems
    if root.tag != "martif" or not (root.get("type") or "").startswith("TBX-Basic") or not root.get(XML_LANG):
        return [f"root is {root.tag} of type {root.get('type')}, not a TBX-Basic martif with xml:lang"]
    if [c.tag for c in root] != ["martifHeader", "text"]:
        return ["martif must hold martifHeader then text"]
    body = root.find("text/body")
    if body is None:
        return ["text has no body"]
    return check_entries(body, MARTIF_TAGS)


EXPORTER = Exporter(name="tbx", label="TBX", extension="tbx", aliases=("tbx-basic", "martif"),
                    help="TBX-Basic termbase (martif, ISO 30042:2008): glossary and game terms in every language",
                    write=write, read=read, sniff=sniff, validate=validate, carries="terms", multi_target=True)
