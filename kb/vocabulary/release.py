"""The concepts to name, read from an English Comprehensive Rules release and the curated core.

From the parsed release (:class:`~kb.model.Document`): keyword actions (701.x) and keyword
abilities (702.x) by their rule titles, ability words from the list of 207.2c, zones
(401-408), phases and steps (501-514), card types (205.2a, chapters 301-315), supertypes
(205.4a), counters (glossary entries ``… Counter``), and every other glossary entry as a
term. A glossary entry naming a concept adds its rules and its other names (``Champion``,
``Championed``); an obsolete entry that points to a renamed concept (``Totem Armor`` →
702.89 Umbra Armor, ``Tribal`` → 308 Kindred) becomes an obsolete English name of it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .core_terms import CoreTerm
from ..model import Document, Term
from ..text import fold

KEYWORD_CHAPTERS = {"701": "keyword-action", "702": "keyword-ability"}
_LIST = re.compile(r"The (?:ability words|card types|supertypes) are (?P<items>[^.]+)\.")
_SEE = re.compile(r"(?:^|\.\s)See [“\"]?(?P<name>[A-Z][^.“”\"]+?)[.,]?[”\"]?\.?\s*$")
_PLURALS = {"phenomena": "phenomenon", "sorceries": "sorcery", "conspiracies": "conspiracy"}


@dataclass
class Seed:
    """A concept to name: kind, English name, rules, and where to look for its evidence."""

    kind: str
    en: str
    rules: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)  # other current English names
    obsolete: list[str] = field(default_factory=list)  # former English names
    keywords: set[str] = field(default_factory=set)  # MTGJSON keywords carried by its cards (folded)
    old_keywords: set[str] = field(default_factory=set)  # ... under a former name (Totem armor)
    glossary: bool = False
    note: str = ""

    @property
    def key(self) -> str:
        return fold(self.en)


def release_seeds(doc: Document) -> list[Seed]:
    """Every concept of the release, in rule order within each kind; glossary entries merged."""
    rules = doc.rule_map()
    seeds: list[Seed] = []
    for rule in doc.rules:
        chapter = rule.number.split(".")[0]
        if rule.kind == "rule" and chapter in KEYWORD_CHAPTERS and rule.number.split(".")[1] != "1":
            seeds.append(Seed(KEYWORD_CHAPTERS[chapter], rule.text.strip(), [rule.number]))
    seeds += [Seed("ability-word", word, ["207.2c"]) for word in _listed(rules.get("207.2c"))]
    seeds += _chapter_seeds(doc, rules)
    seeds += [Seed("supertype", word.capitalize(), ["205.4"]) for word in _listed(rules.get("205.4a"))]
    _merge_glossary(seeds, doc.terms)
    return seeds


def _listed(rule) -> list[str]:
    """The items of a rule's ``The … are a, b, and c.`` sentence."""
    match = _LIST.search(rule.text) if rule else None
    if not match:
        return []
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", match.group("items"))
    return [item.strip() for item in items if item.strip()]


def _chapter_seeds(doc: Document, rules: dict) -> list[Seed]:
    """Zones (401-408), phases and steps (501-514), card types (chapters 301-315)."""
    seeds = []
    types = {fold(t): t for t in _listed(rules.get("205.2a"))}
    for rule in doc.rules:
        if rule.kind != "chapter" or not rule.title:
            continue
        number, title = rule.number, rule.title.strip()
        if "401" <= number <= "408":
            seeds.append(Seed("zone", title, [number]))
        elif "501" <= number <= "514":
            seeds.append(Seed("step" if title.endswith("Step") else "phase", title, [number]))
        elif "301" <= number <= "315":
            singular = _PLURALS.get(fold(title), fold(title)[:-1] if fold(title).endswith("s") else fold(title))
            if singular in types:
                seeds.append(Seed("card-type", types[singular].capitalize(), [number]))
        elif number == "122":
            seeds.append(Seed("counter", "Counter", [number]))
    return seeds


def _merge_glossary(seeds: list[Seed], terms: tuple[Term, ...]) -> None:
    """Glossary entries onto the concepts they name; the others become terms or counters."""
    by_name = {s.key: s for s in seeds}
    by_part = {fold(part): s for s in seeds if s.kind.startswith("keyword") and " and " in s.en
               for part in s.en.split(" and ")}
    by_rule = {s.rules[0]: s for s in seeds if s.rules}
    glossary = {fold(name): term for term in terms for name in term.names}
    for term in terms:
        refs = list(term.refs) or list(_see_refs(term, glossary))
        names = [n.strip().strip("“”\"") for n in term.names]
        seed = by_name.get(fold(names[0])) or by_part.get(fold(names[0])) or _inflected(names[0], refs, by_rule)
        if seed is None and term.obsolete:
            former = _seen(term, by_name) or (by_rule.get(refs[0]) if len(refs) == 1 else None)
            if former is not None:  # "Legend (Obsolete) … See Legendary.": a former name of Legendary
                former.obsolete += names
                continue
        if seed is None:
            seed = Seed(_term_kind(term, refs, by_rule), names[0])
            seeds.append(seed)
            by_name[seed.key] = seed
        seed.glossary = True
        seed.aliases += [n for n in names if fold(n) != seed.key]
        seed.rules = seed.rules or refs  # a concept's own rule stays; the glossary gives the others theirs
        if term.obsolete:
            seed.note = "obsolete term (glossary)"


def _inflected(name: str, refs: list[str], by_rule: dict[str, Seed]) -> Seed | None:
    """The keyword a glossary entry inflects (``Goaded`` → Goad, ``Monstrous`` → Monstrosity)."""
    from .evidence import same_stem

    seed = by_rule.get(refs[0]) if len(refs) == 1 else None
    if seed and seed.kind.startswith("keyword") and same_stem(fold(name), seed.key):
        return seed
    return None


def _term_kind(term: Term, refs: list[str], by_rule: dict[str, Seed]) -> str:
    """A glossary entry of its own: a counter, a variant of a keyword (``Islandwalk: See
    Landwalk.``, ``Megamorph: A variant of…``: that keyword's kind), or a term (designations
    such as *Ring-bearer* or *Paired* included)."""
    if fold(term.names[0]).endswith(" counter"):
        return "counter"
    variant = term.definition.startswith(("A variant of", "See ")) or "variant of the" in term.definition
    if variant and len(refs) == 1 and refs[0] in by_rule and by_rule[refs[0]].kind.startswith("keyword"):
        return by_rule[refs[0]].kind
    return "term"


def _seen(term: Term, by_name: dict[str, Seed]) -> Seed | None:
    """The concept a ``… See Legendary.`` entry names (not only its rule: the supertypes share 205.4)."""
    match = _SEE.search(term.definition.strip())
    return by_name.get(fold(match.group("name"))) if match else None


def _see_refs(term: Term, glossary: dict[str, Term]) -> tuple[str, ...]:
    """The rules of the entry a ``… See Landwalk.`` entry points to."""
    match = _SEE.search(term.definition.strip())
    target = glossary.get(fold(match.group("name"))) if match else None
    return target.refs if target else ()


def attach_keywords(seeds: list[Seed], keywords: set[str]) -> list[str]:
    """Give each seed the MTGJSON keywords that evidence it, adding a seed for a variant the
    glossary does not list (``Hexproof from`` → 702.11, ``Wizardcycling`` → 702.29,
    ``Desertwalk`` → 702.14); returns the keywords that name nothing in the release."""
    by_name: dict[str, Seed] = {}
    former: dict[str, Seed] = {fold(name): seed for seed in seeds for name in seed.obsolete}
    for seed in seeds:
        if seed.kind != "term":
            for name in [seed.en, *seed.aliases]:
                by_name.setdefault(fold(name), seed)
    titles = {s.key: s for s in seeds if s.kind.startswith("keyword")}
    unknown = []
    for keyword in sorted(keywords):
        key = fold(keyword)
        seed = by_name.get(key)
        if seed is None and key in former:
            former[key].old_keywords.add(key)
            continue
        if seed is None:
            parent = _parent_keyword(key, titles)
            if parent is None:
                unknown.append(keyword)
                continue
            seed = Seed(parent.kind, keyword, list(parent.rules[:1]), note=f"variant of {parent.en}")
            seeds.append(seed)
            by_name[key] = seed
        seed.keywords.add(key)
    return unknown


def _parent_keyword(key: str, titles: dict[str, Seed]) -> Seed | None:
    """The keyword a variant belongs to: its first word (``hexproof from``) or its ending
    (``…walk`` → landwalk, ``…cycling`` → cycling)."""
    first = key.split()[0]
    if first in titles and len(key.split()) > 1:
        return titles[first]
    for ending, parent in (("walk", "landwalk"), ("cycling", "cycling")):
        if key.endswith(ending) and parent in titles:
            return titles[parent]
    return None


CORE_KINDS = {"zone": ("zone",), "card-type": ("card-type",), "supertype": ("supertype",),
              "keyword-action": ("keyword-action",), "turn": ("step", "phase", "term"), "game": ("term",)}


def map_core(seeds: list[Seed], core: list[CoreTerm]) -> dict[int, list[CoreTerm]]:
    """The core rows naming each seed (by position in ``seeds``): the seed of a compatible
    kind named exactly so, else the step or phase so named (``upkeep`` → Upkeep Step); a row
    naming nothing in the release becomes a term of its own."""
    mapping: dict[int, list[CoreTerm]] = {}
    for row in core:
        kinds = CORE_KINDS.get(row.category, ("term",))
        english = fold(row.en)
        for wanted in (english, f"{english} step", f"{english} phase"):
            found = [i for i, s in enumerate(seeds) if s.kind in kinds + ("term",)
                     and wanted in {fold(n) for n in [s.en, *s.aliases]}]
            exact = [i for i in found if seeds[i].kind in kinds] or found
            if exact:
                mapping.setdefault(exact[0], []).append(row)
                break
        else:
            seeds.append(Seed("term", row.en, note="core lexicon only"))
            mapping[len(seeds) - 1] = [row]
    return mapping
