"""TBX v3 (ISO 30042:2019 core structure, TBX-Basic dialect, DCA style): format ``tbx3``.

The same entries as the TBX-Basic ``martif`` export (:mod:`kb.export.tbx`), in the v3 form::

    <tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">
      <tbxHeader><fileDesc><sourceDesc><p>…</p></sourceDesc></fileDesc></tbxHeader>
      <text><body>
        <conceptEntry id="term-lifelink">
          <descrip type="subjectField">keyword ability</descrip>
          <note>Comprehensive Rules: 702.15</note>
          <langSec xml:lang="en">
            <descrip type="definition">…</descrip>
            <termSec><term>Lifelink</term><termNote type="administrativeStatus">preferredTerm-admn-sts</termNote></termSec>

There is no schema file for TBX: :func:`validate` checks the structure; tests also read it back.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from .base import XML_LANG, Exporter, ImportedFile, parse_xml, sub_element, well_formed, xml_bytes
from .tbx import check_entries, description, read_entries, unique_ids, write_entry
from .units import Selection

NS = "urn:iso:std:iso:30042:ed-2"
TAGS = {"entry": "conceptEntry", "lang": "langSec", "term": "termSec"}


def _sub(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    return sub_element(parent, tag, text, NS, **attrs)


def write(selection: Selection) -> bytes:
    root = etree.Element(f"{{{NS}}}tbx", {"type": "TBX-Basic", "style": "dca", XML_LANG: selection.source_lang},
                         nsmap={None: NS})
    _sub(_sub(_sub(_sub(root, "tbxHeader"), "fileDesc"), "sourceDesc"), "p", description(selection))
    body = _sub(_sub(root, "text"), "body")
    langs = (selection.source_lang, *selection.target_langs)
    for entry_id, entry in unique_ids(selection.terms):
        write_entry(body, entry_id, entry, langs, TAGS, _sub)
    return xml_bytes(root)


def read(data: bytes, path: str) -> ImportedFile:
    return read_entries(parse_xml(data, path), TAGS, "tbx3")


def sniff(data: bytes) -> float:
    return 1.0 if b"<tbx" in data[:2000] else 0.0


def validate(data: bytes, schemas: Path) -> list[str]:
    """The TBX v3 core structure (no schema file is used): header then text, and the entries'."""
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
    return check_entries(body, TAGS, ns)


EXPORTER = Exporter(name="tbx3", label="TBX v3", extension="tbx", aliases=("tbxv3",),
                    help="TBX v3 termbase (ISO 30042:2019, TBX-Basic dialect, conceptEntry)",
                    write=write, read=read, sniff=sniff, validate=validate, carries="terms", multi_target=True)
