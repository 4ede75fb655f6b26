"""Text rendering for a terminal (plain when piped): rules, definitions and cards.

What a judge reads first comes first: a rule's text and its subrules and examples, then
a handful of its rulings (near-duplicates folded, each naming its cards, the rest
counted); a term's names and definition, then the rules it cites; a card's
characteristics and text, then its rulings and its keywords' rules. Sources are named
by title and date, never by file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

import click

if TYPE_CHECKING:  # the search's and the card's output need no ruling grouping
    from .rulings import RulingGroup

_INDENT = " " * 6
LANGUAGE_NAMES = {"en": "English", "it": "Italian", "fr": "French"}
MAX_CARDS_NAMED = 3
SOURCE_NAMES = {"wotc": "Wizards of the Coast", "scryfall": "Scryfall"}


def _bold(text: str, color: bool) -> str:
    return click.style(text, bold=True) if color else text


def _dim(text: str, color: bool) -> str:
    return click.style(text, dim=True) if color else text


def _indent(text: str, indent: str = _INDENT) -> str:
    return text.replace("\n", "\n" + indent)


def language_list(langs: Iterable[str]) -> str:
    names = [LANGUAGE_NAMES.get(lang, lang) for lang in langs]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def cards_named(cards: list[str], limit: int = MAX_CARDS_NAMED) -> str:
    """``A, B, C and 12 more``."""
    if len(cards) <= limit:
        return ", ".join(cards)
    return f"{', '.join(cards[:limit])} and {len(cards) - limit} more"


# -- rules ------------------------------------------------------------------------------------

def render_entries(entries: list[dict[str, Any]], *, color: bool = False, rulings: list[RulingGroup] | None = None,
                   shown: int | None = None, langs: tuple[str, ...] = ()) -> str:
    """The rules with every language's text and examples, then their rulings (``shown`` of
    them; all when None; translations in ``langs`` only, when given), then the sources once.
    A language that holds none of the rules asked for is said once, above them."""
    out: list[str] = [*_fallback_notice(entries)]
    sources: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for entry in entries:
        out.extend(_entry_lines(entry, color))
        for lang, item in entry["texts"].items():
            sources.setdefault(item["source"], []).append((lang, item))
    groups = rulings or []
    if groups:
        out.append("")
        out.extend(render_rulings(groups, shown, color, langs))
    if sources:
        out.append("")
        out.append("Sources: " + "; ".join(sorted(_describe(items) for items in sources.values())))
    return "\n".join(out)


def _fallback_notice(entries: list[dict[str, Any]]) -> list[str]:
    fell = [e for e in entries if e.get("fallback")]
    if not fell:
        return []
    asked = language_list(fell[0]["fallback"]["asked"])
    if len(fell) == len(entries):
        where = "these rules" if len(entries) > 1 else f"rule {entries[0]['number']}"
    else:
        numbers = [e["number"] for e in fell]
        where = ", ".join(numbers[:6]) + (f" and {len(numbers) - 6} more" if len(numbers) > 6 else "")
    return [f"(No {asked} text held for {where}: showing English.)"]


def pointer_note(pointer: str | None) -> str:
    """A chapter's link to another page of its source, shown as a link and not as its text."""
    return f"  (no text in its source, only a link: “{pointer}”)" if pointer else ""


def _entry_lines(entry: dict[str, Any], color: bool) -> list[str]:
    head = entry["number"] + ("." if entry["kind"] in ("section", "chapter") else "")
    out = [_bold(head, color)]
    for lang, item in entry["texts"].items():
        text = item.get("text") or item.get("title") or ""
        if entry["kind"] in ("section", "chapter") and item.get("title"):
            text = item["title"] + pointer_note(item.get("pointer"))
        note = ""
        if "source_number" in item:
            conf = item.get("alignment", {}).get("confidence")
            where = item.get("source_title") or "its source"
            note = f"  (numbered {item['source_number']} in {where}" + \
                   (f", aligned by content, confidence {conf:.2f})" if conf is not None else ")")
        if item.get("stale"):
            note += f"  (stale: {item['stale']}; mtgkb status shows what changed)"
        out.append(f"  [{lang}] {_indent(text)}" + _dim(note, color))
        for example in entry["examples"].get(lang, []):
            out.append(f"{_INDENT}{_indent('• ' + example)}")
    if not entry["texts"]:
        out.append("  (no text held)")
    out.extend("  " + _dim(f"({elsewhere_note(e)})", color) for e in entry.get("elsewhere", ()))
    return out


def elsewhere_note(item: dict[str, Any]) -> str:
    """``the Italian source Voto numbers 701.38 (Vote) as 701.31``: a text its source numbers as the rule
    shown, placed at another rule (or at none) of the release read."""
    source = f"the {LANGUAGE_NAMES.get(item['lang'], item['lang'])} source {item['source_title']}"
    if item["aligned_number"] is None:
        return f"{source} numbers as {item['source_number']} a text that fits no rule of this release"
    title = f" ({item['title']})" if item.get("title") else ""
    return f"{source} numbers {item['aligned_number']}{title} as {item['source_number']}"


def render_rulings(groups: list[RulingGroup], shown: int | None, color: bool, langs: tuple[str, ...] = ()) -> list[str]:
    """A heading with the count, then each ruling: its text, date, cards and translations."""
    picked = groups if shown is None else groups[:shown]
    rest = len(groups) - len(picked)
    head = f"Rulings ({len(groups)}" + (f", {len(picked)} shown; --rulings all for the other {rest})"
                                        if rest else ")") + ":"
    out = [_bold(head, color)]
    for group in picked:
        ruling = group.to_dict()
        ruling["translations"] = [t for t in ruling["translations"] if not langs or t["lang"] in langs]
        out.extend(_ruling_lines(ruling, color))
    return out


def _ruling_lines(ruling: dict[str, Any], color: bool) -> list[str]:
    lang = "" if ruling["lang"] == "en" else f"[{ruling['lang']}] "
    said = ", ".join(x for x in (ruling.get("date"), SOURCE_NAMES.get(ruling.get("source") or "", ruling.get("source")))
                     if x)
    out = [f"  - {lang}{_indent(ruling['text'], '    ')}" + _dim(f" ({said})" if said else "", color)]
    about = []
    if ruling.get("cards"):
        about.append(("Card: " if len(ruling["cards"]) == 1 else "Cards: ") + cards_named(ruling["cards"]))
    if ruling.get("wordings", 1) > 1:
        about.append(f"{ruling['wordings']} wordings")
    if about:
        out.append(_dim("    " + "; ".join(about), color))
    for t in ruling.get("translations", []):
        out.append(f"    [{t['lang']}] {_indent(t['text'], '    ')}" + _dim(f" ({t['provenance']})", color))
    return out


def _describe(items: list[tuple[str, dict[str, Any]]]) -> str:
    """One source of the texts shown: its title, date and provenance; for imports, who brought the
    texts shown in and when (every translator, the first and last time when they differ)."""
    lang, item = items[0]
    title = item.get("source_title") or item["source"]
    date = f", {item['effective_date']}" if item.get("effective_date") else ""
    imported = ""
    times = sorted({i["imported"] for _, i in items if i.get("imported")})
    if times:
        who = list(dict.fromkeys(i.get("translator") or "an unnamed translator" for _, i in items if i.get("imported")))
        when = times[0] if len(times) == 1 else f"{times[0]} to {times[-1]}"
        imported = f", imported by {' and '.join(who)}, {when}"
    return f"{lang} = {title}{date} ({item['provenance']}{imported})"


# -- definitions ------------------------------------------------------------------------------

def render_definitions(query: str, entries: list[dict[str, Any]], *, color: bool = False) -> str:
    """One entry in full; several: each in full when they are exact matches, else a list to choose from."""
    if not entries:
        return f"No term named {query!r}."
    match = entries[0]["match"]
    if match == "prefix" or (match == "fuzzy" and len(entries) > 1):
        lines = [f"No term named {query!r}; terms with a close name:"]
        for entry in entries:
            others = [n for lang in ("it", "fr") for n in entry["names"].get(lang, [])[:1]]
            lines.append(f"  {entry['term']}" + (f" ({', '.join(others)})" if others else ""))
        lines.append("Ask again with one of these names.")
        return "\n".join(lines)
    out = []
    if match == "fuzzy":
        out.append(f"(No term named {query!r}; the nearest is {entries[0]['term']}.)")
    for number, entry in enumerate(entries):
        if number:
            out.append("")
        out.extend(_definition_lines(entry, color))
    return "\n".join(out)


def _definition_lines(entry: dict[str, Any], color: bool) -> list[str]:
    kind = entry["kind"].replace("-", " ")
    out = [_bold(entry["term"], color) + _dim(f"  ({kind}{', obsolete' if entry['obsolete'] else ''})", color)]
    out.extend(_names_lines(entry))
    if entry.get("fallback"):
        out.append(f"  (No {language_list(entry['fallback']['asked'])} definition held: showing English.)")
    if not entry["text"]:
        out.append("  (No glossary text held for this term.)")
    for lang, text in entry["text"].items():
        out.append("")
        out.append(f"  [{lang}] {_indent(text['text'], '       ')}")
        out.append(_dim(f"       {text['label']} ({text['kind']}, {text['source']['provenance']})", color))
    if entry["rules"]:
        out.append("")
        out.append("  Rules:")
        out.extend(f"    {rule_line(head)}" for head in entry["rules"])
    return out


def _names_lines(entry: dict[str, Any]) -> list[str]:
    """The entry's names per language; for an English name of several concepts (Counter), the
    names of each concept apart, with its kind, glossary sense and rules."""
    if not entry.get("senses"):
        return [f"  {lang}: {', '.join(names[:4])}" for lang, names in entry["names"].items()]
    out = [f"  en: {', '.join(entry['names'].get('en', [entry['term']])[:4])}"]
    for sense in entry["senses"]:
        label = sense["kind"].replace("-", " ")
        where = ", ".join(filter(None, [f"sense {sense['sense']}" if sense["sense"] else "",
                                        f"rule {', '.join(sense['rules'])}" if sense["rules"] else ""]))
        out.append(f"  as a {label}" + (f" ({where})" if where else "") + ":")
        out.extend(f"    {lang}: {', '.join(names[:4])}" for lang, names in sense["names"].items() if lang != "en")
    return out


def rule_line(head: dict[str, Any], width: int = 90) -> str:
    """``701.38 Vote``, or ``400.2 Public zones are …`` for a rule without a title."""
    text = head.get("title") or " ".join((head.get("text") or "").split())
    if len(text) > width:
        text = text[:width].rsplit(" ", 1)[0] + " …"
    return f"{head['number']} {text}".rstrip()


# -- cards ------------------------------------------------------------------------------------

def card_stats(card: dict[str, Any]) -> str:
    """``6/6``, ``Loyalty 4``, ``Defense 5``, or per face ``3/3 // 4/4``; empty when none."""
    faces = max(len(str(card.get(k) or "").split(" // ")) for k in ("power", "toughness", "loyalty", "defense"))
    parts = []
    for face in range(faces):
        power, toughness, loyalty, defense = (_face(card.get(k), face) for k in ("power", "toughness", "loyalty",
                                                                                 "defense"))
        parts.append(f"{power}/{toughness}" if power or toughness else f"Loyalty {loyalty}" if loyalty
                     else f"Defense {defense}" if defense else "")
    return " // ".join(p for p in parts if p) if any(parts) else ""


def _face(value: Any, face: int) -> str:
    parts = str(value or "").split(" // ")
    return parts[face].strip() if face < len(parts) else ""


def printed_on(printed: dict[str, Any]) -> str:
    """Where a card's Italian or French text was printed (MTGJSON gives a printing's text, which may predate the English
    Oracle text: Umori's Italian still says the companion rule of 2020): ``  (printed: IKO, 2020-04-24)``."""
    printing = printed.get("printing") or {}
    where = ", ".join(str(v) for v in (printing.get("set"), printing.get("date")) if v)
    return f"  (printed{': ' + where if where else ''}; the English above is the Oracle text)"


def render_card(card: dict[str, Any], *, color: bool = False, langs: tuple[str, ...] = ()) -> str:
    """A card: names, cost, type, stats and text (English, then the printed texts asked for),
    its rulings once each, and its keywords' rules."""
    out = []
    if card.get("match") == "near":
        out.append(f"(No card named exactly so; the nearest is {card['name']}.)")
    elif card.get("match") == "face":
        out.append(f"(A face of {card['name']}.)")
    elif card.get("match") == "prefix":
        out.append(f"(The one card whose name starts so: {card['name']}.)")
    elif card.get("match") == "part":
        out.append(f"(A part of the name of {card['name']}, as players shorten it.)")
    head = card["name"] + (f"  {card['mana_cost']}" if card.get("mana_cost") else "")
    out.append(_bold(head, color))
    out.extend(f"  {lang}: {name}" for lang, name in card["names"].items() if lang != "en")
    if not (card["type"] or card["text"] or card.get("mana_cost")):  # a name a rules text mentions
        where = "; ".join(s["title"] for s in card["sources"]) or "a source"
        out.append(f"  (Only its name is held, from {where}: no card file of the knowledge base has this card.)")
    else:
        out.append(f"  {card['type']}" + (f"    {card_stats(card)}" if card_stats(card) else ""))
        out.append("")
        out.append("  " + _indent(card["text"] or "(no rules text)", "  "))
    for lang, printed in card["foreign"].items():
        if (not langs or lang in langs) and printed.get("text"):
            out.append("")
            out.append(f"  [{lang}] {printed['name']} — {printed['type']}" + _dim(printed_on(printed), color))
            out.append("  " + _indent(printed["text"], "  "))
    out.append("")
    rulings = card["rulings"]
    count = sum(1 for r in rulings if "heading" not in r)
    out.append(_bold(f"Rulings ({count}):" if count else "No rulings held for this card.", color))
    for ruling in rulings:
        if "heading" in ruling:  # MTGJSON's line heading the rulings after it
            out.append(f"  {ruling['heading']}:")
            continue
        wanted = [t for t in ruling["translations"] if not langs or t["lang"] in langs]
        out.extend(_ruling_lines({**ruling, "cards": [], "translations": wanted}, color))
    if card["rules"]:
        out.append("")
        out.append(_bold("Rules of its keywords:", color))
        out.extend(f"  {r['keyword']}: {rule_line(r)}" for r in card["rules"])
    if card.get("ruling_rules"):
        out.append("")
        out.append(_bold("Rules its rulings are linked to:", color))
        out.extend(f"  {rule_line(r)} ({r['rulings']} ruling{'s' if r['rulings'] != 1 else ''})"
                   for r in card["ruling_rules"])
    sources = "; ".join(f"{s['title']}, {s['effective_date']}" if s.get("effective_date") else s["title"]
                        for s in card["sources"])
    if sources:
        out.append("")
        out.append("Sources: " + sources)
    return "\n".join(out)
