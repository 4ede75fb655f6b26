"""What every export format shares: the :class:`Exporter` record, the imported-file shape,
the XML helpers and the validators built on a schema file."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Literal

from lxml import etree

from ..errors import ParseError
from .selection import Selection
from .staleness import same_text
from .units import LeftOut

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
# mtgkb's own namespace in XLIFF: ``mtgkb:rev`` on a unit is the revision of the target text it was
# exported with (:func:`kb.export.units.revision`); ``mtgkb.xsd`` beside this module declares it.
MTGKB_NS = "urn:mtgkb:export:1"
REVISION = f"{{{MTGKB_NS}}}rev"
REVISION_SCHEMA = Path(__file__).resolve().parent / "mtgkb.xsd"


@dataclass(frozen=True)
class ImportedUnit:
    """One unit read back from a translator's file."""

    id: str
    source: str | None
    target: str | None
    lang: str | None = None  # the target language
    state: str | None = None  # the state the file gives, in mtgkb's terms: new | translated | stale
    line: int | None = None
    revision: str | None = None  # the revision of the target text the unit was exported with
    partial: str | None = None  # how much of a unit of several segments is translated, when not all of it

    @property
    def has_text(self) -> bool:
        return bool(self.target and self.target.strip())


@dataclass(frozen=True)
class ImportedFile:
    """A translator's file read back: languages, the source release it names, and its units."""

    format: str
    source_lang: str | None
    target_lang: str | None
    source_release: str | None = None
    units: tuple[ImportedUnit, ...] = ()
    ignored: tuple[str, ...] = field(default=())  # parts of the file that hold no translation, said why

    @property
    def target_langs(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(u.lang for u in self.units if u.lang))

    def second_translation(self) -> tuple[ImportedUnit, ImportedUnit] | None:
        """The first unit giving a unit (id and language) another text than an earlier one did, with
        that earlier one; None when the file gives each unit one text (repeated identical ones are fine)."""
        seen: dict[tuple[str, str | None], ImportedUnit] = {}
        for unit in self.units:
            if not unit.id or not unit.has_text:
                continue
            first = seen.setdefault((unit.id, short_lang(unit.lang)), unit)
            if not same_text(first.target or "", unit.target or ""):
                return first, unit
        return None

    def repeats(self) -> list[str]:
        """A note per unit the file gives more than once (in one language) with an empty entry beside the
        one with a text: the empty one is left aside, which a translator should know."""
        by_key: dict[tuple[str, str | None], list[ImportedUnit]] = {}
        for unit in self.units:
            if unit.id:
                by_key.setdefault((unit.id, short_lang(unit.lang)), []).append(unit)
        notes = []
        for (unit_id, _), units in by_key.items():
            empty = [u for u in units if not u.has_text]
            if empty and len(empty) < len(units):
                lines = ", ".join(str(u.line) for u in empty if u.line)
                notes.append(f"{unit_id} is in the file {len(units)} times: the empty entry"
                             f"{f' (line {lines})' if lines else ''} is left aside, its text is imported")
        return notes

    def distinct_units(self) -> tuple[ImportedUnit, ...]:
        """Each unit once per language, in file order: the first with a text, else the first."""
        chosen: dict[tuple[str, str | None], ImportedUnit] = {}
        for unit in self.units:
            key = (unit.id, short_lang(unit.lang)) if unit.id else (str(id(unit)), None)
            if key not in chosen or (unit.has_text and not chosen[key].has_text):
                chosen[key] = unit
        order = {id(unit): at for at, unit in enumerate(self.units)}
        return tuple(sorted(chosen.values(), key=lambda unit: order[id(unit)]))


def short_lang(lang: str | None) -> str | None:
    """``it-IT``, ``it_IT``, ``IT`` -> ``it`` (CAT tools write regional codes); None stays None."""
    return lang.replace("_", "-").split("-")[0].lower() if lang else None


class ValidatorUnavailable(Exception):
    """A validator cannot run here: the schema file or the tool it needs is missing."""


# Checks an exported file against its format's specification; the schema folder holds
# the XSD/DTD files (the project ships none). Gives the problems found, [] when valid.
Validator = Callable[[bytes, Path], list[str]]


@dataclass(frozen=True, kw_only=True)
class Exporter:
    """An output format and everything the rest of mtgkb says about it.

    ``write`` makes the file's bytes; ``read`` (when the format can be imported) turns
    such bytes back into an :class:`ImportedFile`; ``sniff`` says from the content how
    sure it is that bytes are this format (0 to 1); ``validate`` checks a written file.
    ``label`` names the format in messages, ``help`` is its one line of ``--format`` help,
    ``aliases`` are other names users may type. ``carries`` is what the file holds of
    a selection: its rule ``units`` or its aligned glossary ``terms``.
    """

    name: str
    label: str
    extension: str
    help: str
    write: Callable[[Selection], bytes]
    validate: Validator
    read: Callable[[bytes, str], ImportedFile] | None = None
    sniff: Callable[[bytes], float] = lambda data: 0.0
    aliases: tuple[str, ...] = ()
    carries: Literal["units", "terms"] = "units"
    multi_target: bool = False  # holds several target languages in one file
    omits: Callable[[Selection], tuple[LeftOut, ...]] = lambda selection: ()  # units this format cannot hold

    def left_out(self, selection: Selection) -> tuple[LeftOut, ...]:
        """Every unit of the rules asked for that a file of this format does not hold, by reason
        (none for a termbase, which holds terms)."""
        return () if self.carries == "terms" else (*selection.left_out, *self.omits(selection))


# -- XML helpers shared by the XML formats --------------------------------------------------

def sub_element(parent: etree._Element, tag: str, text: str | None = None, ns: str | None = None,
                **attrs: str | None) -> etree._Element:
    """A child element ``tag`` (in namespace ``ns``) with ``attrs`` (those that are not None) and,
    when given, ``text``."""
    element = etree.SubElement(parent, f"{{{ns}}}{tag}" if ns else tag,
                               {k: v for k, v in attrs.items() if v is not None})
    if text is not None:
        element.text = text
    return element


def xml_bytes(root: etree._Element, doctype: str | None = None) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True, doctype=doctype)


_INTERNAL_DTD = re.compile(rb"<!DOCTYPE[^>\[]*\[|<!ENTITY", re.I)


def refuse_declarations(data: bytes, path: str) -> None:
    """A translation file declaring a DTD of its own or entities (``<!DOCTYPE x [<!ENTITY e …>]>``) is
    refused whole: its entities would stand for text the translator never wrote, or read local files.
    A reference to the format's public DTD (``<!DOCTYPE tmx SYSTEM "tmx14.dtd">``) is fine: never loaded."""
    found = _INTERNAL_DTD.search(data)
    if found is not None:
        raise ParseError(path, "the file declares a DTD or entities (<!DOCTYPE … [<!ENTITY …>]>); a translation "
                               "file may not: refused, nothing imported", data[:found.start()].count(b"\n") + 1)


def parse_xml(data: bytes, path: str) -> etree._Element:
    """Parse XML safely (no DTD or entity declarations, no network, nothing from outside); errors name
    the file and line."""
    refuse_declarations(data, path)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True,
                             remove_pis=True, strip_cdata=True, load_dtd=False, huge_tree=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else None
        raise ParseError(path, f"not well-formed XML: {exc.msg}", line) from None
    _refuse_entities(root, path)
    return root


def stream_xml(data: bytes, path: str, parts: set[str],
               contexts: frozenset[str] = frozenset()) -> Iterator[tuple[etree._Element, dict[str, etree._Element]]]:
    """Each element named in ``parts`` (local names) once read whole, with the open elements named in
    ``contexts`` (their attributes only, read as they open); each part is freed once handed on, so
    memory stays flat however long the file. Refused as :func:`parse_xml` refuses."""
    refuse_declarations(data, path)
    events = etree.iterparse(io.BytesIO(data), events=("start", "end"), resolve_entities=False, no_network=True,
                             remove_comments=True, remove_pis=True, strip_cdata=True, load_dtd=False,
                             huge_tree=True)
    open_contexts: dict[str, etree._Element] = {}
    try:
        for event, element in events:
            name = local(element.tag)
            if event == "start":
                if name in contexts:
                    open_contexts[name] = element
                continue
            if name not in parts:
                continue
            _refuse_entities(element, path)
            yield element, open_contexts
            element.clear(keep_tail=True)
            while element.getprevious() is not None:
                del element.getparent()[0]
    except etree.XMLSyntaxError as exc:
        raise ParseError(path, f"not well-formed XML: {exc.msg}", exc.lineno or None) from None


def _refuse_entities(element: etree._Element, path: str) -> None:
    entity = next(element.iter(etree.Entity), None)
    if entity is not None:
        raise ParseError(path, f"the file uses the entity {entity.text} that no DTD of its own may declare; "
                               "refused, nothing imported", entity.sourceline)


def local(tag: object) -> str:
    """The local name of an element tag (``{ns}target`` -> ``target``); '' for comments and PIs."""
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def children(element: etree._Element, name: str) -> list[etree._Element]:
    return [c for c in element if local(c.tag) == name]


def child(element: etree._Element, name: str) -> etree._Element | None:
    found = children(element, name)
    return found[0] if found else None


def descendants(element: etree._Element, name: str) -> list[etree._Element]:
    return [e for e in element.iter() if local(e.tag) == name]


# Inline elements whose content is not part of the text (XLIFF 1.2 <sub>, sub-flows).
_SKIP_CONTENT = {"sub"}


def inline_text(element: etree._Element | None) -> str | None:
    """The plain text of a source/target/seg, whatever inline markup a CAT tool added.

    Paired and placeholder tags (``<g>``, ``<mrk>``, ``<pc>``, ``<ph>``, ``<x/>``, ``<bpt>``...)
    are dropped and their text kept; XLIFF 2 ``<cp hex="…"/>`` becomes its character.
    """
    if element is None:
        return None
    parts: list[str] = []
    _collect(element, parts, top=True)
    return "".join(parts)


def _collect(element: etree._Element, parts: list[str], top: bool = False) -> None:
    name = local(element.tag)
    if not top and name == "cp" and element.get("hex"):
        try:
            parts.append(chr(int(element.get("hex"), 16)))
        except ValueError:
            pass
    elif top or name not in _SKIP_CONTENT:
        if element.text:
            parts.append(element.text)
        for sub in element:
            _collect(sub, parts)
    if not top and element.tail:
        parts.append(element.tail)


# the version attribute of the <xliff> start tag (not the XML declaration's)
XLIFF_VERSION = re.compile(rb"<(?:\w+:)?xliff\b[^>]*?\sversion\s*=\s*[\"'](\d)")

_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")


def find_iso_date(text: str | None) -> str | None:
    match = _DATE.search(text or "")
    return match.group(1) if match else None


def release_label(selection: Selection) -> str:
    return f"mtgkb:{selection.source_doc or selection.source_lang}:{selection.source_release or 'unknown'}"


def release_datetime(selection: Selection) -> str | None:
    """The source texts' date (the release's, else their documents') as an xs:dateTime (the only
    timestamp exports carry); None when they have none."""
    return f"{selection.source_date}T00:00:00Z" if selection.source_date else None


def left_out_notes(left_out: tuple[LeftOut, ...]) -> list[str]:
    """The notes a file's header gives on the units it does not hold, one per reason."""
    return [f"Not in this file: {item.describe()}" for item in left_out]


# -- validators -----------------------------------------------------------------------------

def _schema_file(schemas: Path, name: str) -> Path:
    path = Path(schemas) / name
    if not path.is_file():
        raise ValidatorUnavailable(f"schema {path} not found")
    return path


def well_formed(data: bytes) -> tuple[etree._Element | None, list[str]]:
    """The root element of XML ``data`` for a validator, or None and the syntax problem."""
    try:
        return etree.fromstring(data), []
    except etree.XMLSyntaxError as exc:
        return None, [f"line {exc.lineno}: not well-formed XML: {exc.msg}"]


def _log_problems(log: etree._ListErrorLog) -> list[str]:
    return [f"line {entry.line}: {entry.message}" for entry in log]


def xsd_validator(schema_name: str) -> Validator:
    """A validator against the W3C XML Schema ``schema_name`` of the schema folder, with mtgkb's own
    namespace (``mtgkb.xsd``, the ``mtgkb:rev`` attribute) declared beside it: a strict schema
    accepts an attribute of another namespace only when that namespace has a schema."""
    def validate(data: bytes, schemas: Path) -> list[str]:
        main = _schema_file(schemas, schema_name)
        namespace = etree.parse(str(main)).getroot().get("targetNamespace")
        wrapper = (f'<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">'
                   f'<xs:import namespace="{namespace}" schemaLocation="{main.resolve().as_uri()}"/>'
                   f'<xs:import namespace="{MTGKB_NS}" schemaLocation="{REVISION_SCHEMA.as_uri()}"/>'
                   f'</xs:schema>')
        schema = etree.XMLSchema(etree.fromstring(wrapper.encode(),
                                                 base_url=(main.resolve().parent / "mtgkb-wrapper.xsd").as_uri()))
        root, problems = well_formed(data)
        if root is None or schema.validate(root):
            return problems
        return _log_problems(schema.error_log)
    return validate


def dtd_validator(dtd_name: str) -> Validator:
    """A validator against the DTD ``dtd_name`` of the schema folder."""
    def validate(data: bytes, schemas: Path) -> list[str]:
        dtd = etree.DTD(str(_schema_file(schemas, dtd_name)))
        root, problems = well_formed(data)
        if root is None or dtd.validate(root):
            return problems
        return _log_problems(dtd.error_log)
    return validate
