"""TMX 1.4b (LISA OSCAR translation memory), valid against ``tmx14.dtd``.

Layout::

    <tmx version="1.4">
      <header creationtool="mtgkb" … srclang="en" datatype="plaintext" creationdate="20241108T000000Z">
        <prop type="x-source-release">2024-11-08</prop>
      </header>
      <body>
        <tu tuid="400.7a" creationdate="20241108T000000Z">
          <prop type="x-chapter">400. General</prop>
          <prop type="x-source-release">2024-11-08</prop>
          <prop type="x-state-it">translated</prop>
          <prop type="x-mtgkb-rev-it">3f2a9c0d1e</prop>
          <tuv xml:lang="en"><seg>…</seg></tuv>
          <tuv xml:lang="it"><prop type="x-provenance">…</prop><seg>…</seg></tuv>

One ``tu`` per unit with a ``tuv`` per language that has a text (every target language
asked for in one file). TMX has no review state of its own, so a stale target (made for
another source text, often the only translation there is) is written with its state in
user-defined properties (TMX 1.4b: ``prop`` types are free, ``x-`` marks them as a tool's
own): ``x-state-<lang>`` on the ``tu`` and ``x-state`` plus ``x-stale`` (why) on its ``tuv``::

          <tuv xml:lang="it"><prop type="x-provenance">…</prop><prop type="x-state">stale</prop>
            <prop type="x-stale">numbered 701.31 in its source, …</prop><seg>…</seg></tuv>

On import a stale ``tuv`` whose text is still the one exported (same revision) stays stale
(``mtgkb import`` leaves it to review); a changed text is the translator's revision.
``x-mtgkb-rev-<lang>`` is the revision of the target text the unit was exported with
(``none`` when it had none): ``mtgkb import`` reports a unit whose text changed in the
knowledge base since as a conflict. The only date is the source texts' (the release's, else
the newest of the documents they come from).
"""

from __future__ import annotations

from lxml import etree

from .. import __version__
from .base import (sub_element, XML_LANG, Exporter, ImportedFile, ImportedUnit, children, dtd_validator, inline_text,
                   left_out_notes, local, stream_xml, xml_bytes)
from .selection import Selection, Unit
from .units import revision

DOCTYPE = '<!DOCTYPE tmx SYSTEM "tmx14.dtd">'
REVISION_PROP = "x-mtgkb-rev-"
STATE_PROP = "x-state"  # on a tuv; ``x-state-<lang>`` on its tu


_sub = sub_element


def tmx_date(selection: Selection) -> str | None:
    """The source texts' date (the release's, else their documents'), None when they have none."""
    return selection.source_date.replace("-", "") + "T000000Z" if selection.source_date else None


def write(selection: Selection) -> bytes:
    root = etree.Element("tmx", version="1.4")
    date = tmx_date(selection)
    header = _sub(root, "header", creationtool="mtgkb", creationtoolversion=__version__, segtype="paragraph",
                  **{"o-tmf": "mtgkb", "adminlang": "en", "srclang": selection.source_lang,
                     "datatype": "plaintext", "creationdate": date})
    _sub(header, "prop", selection.source_release or "unknown", type="x-source-release")
    if selection.source_doc:
        _sub(header, "prop", selection.source_doc, type="x-source-document")
    for note in left_out_notes(selection.left_out):
        _sub(header, "note", note)
    body = _sub(root, "body")
    for unit in selection.units:
        write_unit(body, unit, selection, date)
    return xml_bytes(root, DOCTYPE)


def write_unit(body: etree._Element, unit: Unit, selection: Selection, date: str | None) -> None:
    tu = _sub(body, "tu", tuid=unit.id, creationdate=date)
    if unit.chapter and unit.chapter_title:
        _sub(tu, "prop", f"{unit.chapter}. {unit.chapter_title}", type="x-chapter")
    _sub(tu, "prop", unit.kind, type="x-kind")
    _sub(tu, "prop", selection.source_release or "unknown", type="x-source-release")
    for lang in selection.target_langs:
        _sub(tu, "prop", unit.state(lang), type=f"x-state-{lang}")
        _sub(tu, "prop", unit.revision(lang), type=f"{REVISION_PROP}{lang}")
    source = _sub(tu, "tuv", **{XML_LANG: selection.source_lang})
    _sub(source, "seg", unit.source)
    for lang in selection.target_langs:
        found = unit.targets.get(lang)
        if found is None:
            continue
        tuv = _sub(tu, "tuv", **{XML_LANG: lang})
        _sub(tuv, "prop", f"{found.doc_id}, {found.provenance}", type="x-provenance")
        _sub(tuv, "prop", found.state, type=STATE_PROP)
        if found.reason:
            _sub(tuv, "prop", found.reason, type="x-stale")
        if found.previous_source:
            _sub(tuv, "prop", found.previous_source, type="x-previous-source")
        _sub(tuv, "seg", found.text)


def read(data: bytes, path: str) -> ImportedFile:
    source_lang = release = None
    units = []
    for element, _open in stream_xml(data, path, {"header", "tu"}):
        if local(element.tag) == "header":
            source_lang = element.get("srclang")
            release = _prop(element, "x-source-release")
            continue
        units += _tu_units(element, _short(source_lang or ""))
    return ImportedFile("tmx", _short(source_lang) if source_lang else None, None,
                        None if release in (None, "unknown") else release, tuple(units))


def _tu_units(tu: etree._Element, source_lang: str) -> list[ImportedUnit]:
    """A ``tu``'s units: one per target ``tuv`` (two of one language are two translations, not one)."""
    unit_id = tu.get("tuid") or ""
    states, revisions = _props(tu, f"{STATE_PROP}-"), _props(tu, REVISION_PROP)
    tuvs = [(_short(tuv.get(XML_LANG) or tuv.get("lang") or ""), tuv) for tuv in children(tu, "tuv")]
    source = next((_seg(tuv) for lang, tuv in tuvs if lang and lang == source_lang), None)
    targets = [(lang, tuv) for lang, tuv in tuvs if lang and lang != source_lang]
    units = []
    for lang, tuv in targets:
        text = _seg(tuv)
        state = _state_in(_prop(tuv, STATE_PROP) or states.get(lang), text, revisions.get(lang))
        units.append(ImportedUnit(unit_id, source, text, lang, state, tuv.sourceline, revisions.get(lang)))
    if not targets:
        units.append(ImportedUnit(unit_id, source, None, None, "new", tu.sourceline))
    return units


def _seg(tuv: etree._Element) -> str | None:
    return inline_text(next((s for s in tuv if local(s.tag) == "seg"), None))


def _state_in(state: str | None, text: str | None, exported: str | None) -> str | None:
    """The state of an imported ``tuv``: a stale text left as exported stays stale (to review), one the
    translator changed is translated; a text where the unit had none (``new``) is the translator's."""
    if state == "stale":
        return "translated" if exported is not None and revision(text) != exported else "stale"
    return "translated" if state == "new" else state


def _props(tu: etree._Element, prefix: str) -> dict[str, str]:
    """Language -> value of the ``<prop type="{prefix}{lang}">`` of a ``tu``."""
    return {_short(p.get("type", "")[len(prefix):]): (p.text or "").strip() for p in children(tu, "prop")
            if p.get("type", "").startswith(prefix)}


def _prop(element: etree._Element, kind: str) -> str | None:
    for prop in children(element, "prop"):
        if prop.get("type") == kind:
            return (prop.text or "").strip()
    return None


def _short(lang: str) -> str:
    """``it-IT`` -> ``it`` (CAT tools write regional codes)."""
    return lang.replace("_", "-").split("-")[0].lower()


def sniff(data: bytes) -> float:
    return 1.0 if b"<tmx" in data[:2000] else 0.0


EXPORTER = Exporter(name="tmx", label="TMX", extension="tmx",
                    help="TMX 1.4b translation memory, every language in one file", write=write, read=read,
                    sniff=sniff, validate=dtd_validator("tmx14.dtd"), multi_target=True)
