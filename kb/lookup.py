"""Rule lookup: turn what a user typed (``400.7``, ``400.7.``, ``400``, ``4``,
``702.19b-d``, ``400.1-400.3``) into rule entries with every language's text.

The entries are plain dicts, the shape of ``mtgkb rule --json`` (see docs/usage.md). Numbers
are read in the numbering of the release asked for (the newest by default): every text,
ruling and note comes from the alignment to that release. A language asked for that
holds no text of a rule falls back to English, and the entry says so (``fallback``); a
source that numbers a rule as the one asked for but whose text sits elsewhere (or
nowhere) in that numbering says so too (``elsewhere``); a source holding nothing for a
number (an implied section) gives no empty text. :func:`rule_heads` names rules briefly
(number, title, text) for the glossary and card views.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any, Iterable

from .corpus import source_title
from .errors import NotFoundError
from .numbering import NumberError, RuleNumber, RuleRange, nearest, parse_selector
from .store import KnowledgeBase, RuleVersion
from .work import check as check_stop

if TYPE_CHECKING:
    from .store import ImportRecord


def select_numbers(selector: str, numbers: list[RuleNumber], where: str = "the knowledge base") -> list[RuleNumber]:
    """The numbers among ``numbers`` (sorted) that ``selector`` asks for.

    ``400.7`` gives the rule and its subrules, ``400.7.`` the rule alone, ``400``
    the chapter and its rules, ``4`` the section and its chapters, and a range
    every number from its start to its end (with the end's subrules).
    """
    text = selector.strip()
    try:
        parsed = parse_selector(text)
    except NumberError as exc:
        raise NotFoundError(str(exc)) from None
    if isinstance(parsed, RuleRange):
        picked = [n for n in numbers if n in parsed]
    else:
        alone = text.endswith(".") and parsed.kind == "rule"
        if parsed not in set(numbers):
            raise NotFoundError(f"no rule {parsed} in {where}; nearest: {', '.join(nearest(parsed, numbers))}")
        if alone or parsed.kind == "subrule":
            picked = [parsed]
        elif parsed.kind == "rule":
            picked = [n for n in numbers if parsed.contains(n)]
        else:  # a chapter shows its rules, a section its chapters
            picked = [n for n in numbers if n == parsed or n.parent == parsed]
    if not picked:
        raise NotFoundError(f"no rules in {selector} in the knowledge base")
    return picked


FALLBACK_LANG = "en"


def lookup(kb: KnowledgeBase, selectors: Iterable[str], langs: Iterable[str] = (),
           release: str | None = None) -> list[dict[str, Any]]:
    """Rule entries for ``selectors``, in rules order, with texts in ``langs`` (default all;
    English when none of ``langs`` holds a rule)."""
    selectors = list(selectors)
    numbers = reachable_numbers(kb, selectors, release)
    picked: list[RuleNumber] = []
    for selector in selectors:
        for number in select_numbers(selector, numbers, f"the release {release}" if release else "the knowledge base"):
            if number not in picked:
                picked.append(number)
    return entries(kb, picked, numbers, langs, release)


def reachable_numbers(kb: KnowledgeBase, selectors: list[str], release: str | None = None) -> list[RuleNumber]:
    """The numbers held that ``selectors`` can pick, with their children (sorted): those under each
    number asked for; every number held when a selector is a range, is not a number or names a
    number not held (its error names the nearest ones)."""
    asked = []
    for selector in selectors:
        try:
            parsed = parse_selector(selector.strip())
        except NumberError:
            return kb.numbers(release)
        if isinstance(parsed, RuleRange):
            return kb.numbers(release)
        asked.append(parsed)
    numbers = kb.numbers(release, under=asked)
    return numbers if set(asked) <= set(numbers) else kb.numbers(release)


def entries(kb: KnowledgeBase, picked: list[RuleNumber], numbers: list[RuleNumber], langs: Iterable[str] = (),
            release: str | None = None) -> list[dict[str, Any]]:
    """The entries of the ``picked`` numbers; ``numbers`` (sorted) is every number held, for children.

    A rule none of ``langs`` holds shows its English text, with ``fallback`` naming the
    languages asked for; rulings are the English ones (with their translations) and those written in
    ``langs``: an official ruling is never hidden because a language was asked for.
    """
    wanted = set(langs)
    out = []
    imports: dict[str, dict[str, ImportRecord]] = {}
    recorded: dict[str, dict[str, Any]] = {}
    for number, versions in kb.versions(picked, release):
        check_stop()  # a server request whose client left stops here (kb.work)
        versions = [v for v in versions if v.rule.text or v.rule.title or v.rule.pointer]
        shown = [v for v in versions if not wanted or v.doc.lang in wanted]
        fallback = bool(wanted) and not shown and any(v.doc.lang == FALLBACK_LANG for v in versions)
        if fallback:
            shown = [v for v in versions if v.doc.lang == FALLBACK_LANG]
        linked = kb.rule_rulings(number, release)
        # the official English rulings always (a judge must see them; their translations in
        # ``langs`` are shown with them), and rulings written in the languages asked for
        rulings = [r for r in linked if not wanted or r["lang"] in wanted or r["lang"] == FALLBACK_LANG]
        below = numbers_below(numbers, RuleNumber.parse(number))
        item = entry(number, versions, shown, below)
        english = next((v.rule.text or v.rule.title or "" for v in versions if v.doc.lang == FALLBACK_LANG), None)
        add_translators(kb, item, imports, english, recorded)
        item["rulings"] = rulings
        if fallback:
            item["fallback"] = {"asked": sorted(wanted), "shown": FALLBACK_LANG}
        out.append(item)
    add_elsewhere(kb, out, wanted, release)
    return out


def add_elsewhere(kb: KnowledgeBase, items: list[dict[str, Any]], wanted: set[str], release: str | None) -> None:
    """A text that its source numbers as a rule shown but that sits at another number of this
    numbering (``aligned_number``, not among those shown), or at none (None), is named under that
    rule (``elsewhere``): once per source, under the rule when its subrules moved with it."""
    by_number = {item["number"]: item for item in items}
    moved = [v for v in kb.displaced(by_number, release) if not wanted or v.doc.lang in wanted]
    said = {(v.doc.id, v.rule.number) for v in moved}
    heads = rule_heads(kb, [v.aligned_number for v in moved if v.align_method != "unaligned"], release)
    for v in moved:
        parent = RuleNumber.parse(v.rule.number).parent
        if parent is not None and (v.doc.id, str(parent)) in said:
            continue
        aligned = None if v.align_method == "unaligned" else v.aligned_number
        if aligned in by_number:
            continue  # shown at its place, with the number its source gives it
        by_number[v.rule.number].setdefault("elsewhere", []).append({
            "lang": v.doc.lang, "source": v.doc.id, "source_title": source_title(v.doc),
            "source_number": v.rule.number, "aligned_number": aligned,
            "title": heads.get(aligned, {}).get("title") if aligned else None})


def add_translators(kb: KnowledgeBase, item: dict[str, Any], cache: dict[str, dict[str, ImportRecord]],
                    english: str | None = None, recorded: dict[str, dict[str, Any]] | None = None) -> None:
    """A translator's imported text says who brought it in and when (``translator``, ``imported``), and
    ``stale`` when the English it was translated from is not ``english``, the rule's English now
    (``recorded``: each import document's unit records, read once)."""
    recorded = {} if recorded is None else recorded
    for text in item["texts"].values():
        if text["provenance"] != "translator":
            continue
        if text["source"] not in cache:
            cache[text["source"]] = kb.import_records(text["source"])
        own = text.get("source_number", item["number"])
        record = cache[text["source"]].get(own)
        if record is not None:
            text["translator"] = record.translator
            text["imported"] = record.imported
        if english is not None:
            if text["source"] not in recorded:
                recorded[text["source"]] = kb.document_meta(text["source"]).get("units") or {}
            stale = _changed_since(recorded[text["source"]].get(own), english)
            if stale:
                text["stale"] = stale


def _changed_since(record: Any, english: str) -> str | None:
    """Why an imported text is stale: the English it recorded is not ``english`` (None when it is, or
    when it recorded none)."""
    if not isinstance(record, dict) or not isinstance(record.get("source_text"), str):
        return None
    if " ".join(record["source_text"].split()) == " ".join(english.split()):
        return None
    moved = record.get("moved_from") if isinstance(record.get("moved_from"), dict) else {}
    since = moved.get("source_release") or record.get("source_release")
    return f"translated from another English text{f' (the release {since})' if since else ''}"


def rule_heads(kb: KnowledgeBase, numbers: Iterable[str], release: str | None = None) -> dict[str, dict[str, Any]]:
    """``number -> {number, title, text}`` for the numbers held (English first, else any language);
    numbers the knowledge base does not hold are left out."""
    parsed = [n for n in (RuleNumber.try_parse(x) for x in dict.fromkeys(numbers)) if n is not None]
    heads: dict[str, dict[str, Any]] = {}
    for number, versions in kb.versions(parsed, release):
        versions = [v for v in versions if v.rule.text or v.rule.title]
        if versions:
            best = versions[0]  # English first (the store's order)
            title = best.rule.title or (best.rule.text if _is_name(best.rule.text) else None)
            heads[number] = {"number": number, "title": title, "text": best.rule.text or "",
                             "lang": best.doc.lang}
    return heads


def numbers_below(numbers: list[RuleNumber], number: RuleNumber) -> list[RuleNumber]:
    """``number`` and the numbers under it in ``numbers`` (sorted; they are contiguous)."""
    at = bisect.bisect_left(numbers, number)
    end = at
    while end < len(numbers) and number.contains(numbers[end]):
        end += 1
    return numbers[at:end]


def entry(number: str, versions: list[RuleVersion], shown: list[RuleVersion],
          numbers: list[RuleNumber]) -> dict[str, Any]:
    parsed = RuleNumber.parse(number)
    title = next((v.rule.title for v in versions if v.rule.title and v.doc.lang == "en"),
                 next((v.rule.title for v in versions if v.rule.title), None))
    texts: dict[str, Any] = {}
    examples: dict[str, list[str]] = {}
    for v in shown:
        lang = v.doc.lang
        if lang in texts:
            continue
        item: dict[str, Any] = {"text": v.rule.text, "source": v.doc.id, "source_title": source_title(v.doc),
                                "effective_date": v.doc.effective_date, "provenance": v.doc.provenance}
        if v.rule.title:
            item["title"] = v.rule.title
        if v.rule.pointer:
            item["pointer"] = v.rule.pointer
        if v.rule.number != number:
            item["source_number"] = v.rule.number
        if v.align_method != "number" or v.rule.number != number:
            item["alignment"] = {"method": v.align_method, "confidence": round(v.align_confidence, 3)}
        texts[lang] = item
        if v.rule.examples:
            examples[lang] = [e.text for e in v.rule.examples]
    refs: list[str] = []
    for v in versions:
        for ref in v.rule.refs:
            if ref not in refs:
                refs.append(ref)
    children = [str(n) for n in numbers if n.parent == parsed]
    return {"number": number, "kind": parsed.kind, "title": title, "texts": texts, "examples": examples,
            "children": children, "refs": refs}


def _is_name(text: str) -> bool:
    """A rule text that is only a name (``Vigilance`` in ``702.20. Vigilance``)."""
    return 0 < len(text) <= 60 and "." not in text and "\n" not in text
