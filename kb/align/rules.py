"""Rules, subrules, section and chapter headings, and examples, aligned to the reference.

A foreign rule is tried at its own number and checked by content
(:func:`score_units`): a bilingual lexicon overlap of the words, the rule's title,
the count and letters of its subrules, the length ratio, numbers, quoted strings
and cross-references. A rule whose content agrees keeps its number (method
``number``); one whose content fits another rule of the same chapter clearly
better is *renumbered* to it (method ``content``, both numbers in the note); one
that fits nothing stays *unaligned* (never paired on number alone). Subrules
follow their rule (by letter, or by content when the letters differ), examples
follow their rule (by order, checked by content). A translator's import names
its numbers itself (:func:`align_declared`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from ..model import Document, Rule
from ..numbering import RuleNumber
from ..text import RULE_NUMBER_IN_TEXT, fold
from .lexicon import Lexicon, content_stems, overlap
from .result import Alignment, Pair, RuleLink, Unaligned

# Rule decisions (scores from score_units, 0-1).
ACCEPT_SAME_NUMBER = 0.40  # the same-numbered rule is accepted at or above this,
WEAK_SAME_NUMBER = 0.25  # or at or above this when no rule of its chapter fits better
RENUMBER_MIN = 0.55  # a differently numbered rule must reach this ...
RENUMBER_MARGIN = 0.12  # ... and beat the same-numbered one by this much

_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.]\d)")
QUOTED = re.compile(r"[\"“«„]\s*([^\"”»“]{2,80}?)\s*[\"”»“]")


@dataclass
class Unit:
    """A rule with its subrules (or a subrule / chapter alone), with its comparison features."""

    number: str
    rule: Rule | None
    subs: list[Rule]
    lang: str
    stems: list[str] = field(default_factory=list)
    numbers: set[str] = field(default_factory=set)
    quotes: list[str] = field(default_factory=list)
    refs: set[str] = field(default_factory=set)
    length: int = 0

    @property
    def title(self) -> str | None:
        return rule_name(self.rule) if self.rule else None

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(RuleNumber.parse(s.number).letter or "" for s in self.subs)

    def texts(self) -> list[str]:
        parts = [r for r in ([self.rule] if self.rule else []) + self.subs]
        out = []
        for r in parts:
            body = r.text if r.text != rule_name(r) else ""
            out.append(body)
            out.extend(e.text for e in r.examples)
        return out


def rule_name(rule: Rule) -> str | None:
    """A rule's title, or its text when that is only a name (``701.32. Vote``)."""
    if rule.title:
        return rule.title
    text = rule.text.strip()
    if rule.kind == "rule" and text and len(text.split()) <= 5 and not text.endswith((".", ":")):
        return text
    return None


def make_unit(number: str, rule: Rule | None, subs: list[Rule], lang: str) -> Unit:
    unit = Unit(number, rule, subs, lang)
    text = " ".join(unit.texts())
    plain = RULE_NUMBER_IN_TEXT.sub(" ", text)
    unit.stems = content_stems(plain, lang)
    unit.numbers = set(_NUMBER.findall(plain))
    unit.quotes = [q.strip().lower() for q in QUOTED.findall(text)]
    unit.refs = {ref for r in ([rule] if rule else []) + subs for ref in r.refs}
    unit.length = len(text)
    return unit


def rule_units(doc: Document) -> dict[str, Unit]:
    """Rules (with their subrules) of ``doc``, keyed by rule number; orphan subrules get a unit too."""
    rules: dict[str, Rule] = {}
    subs: dict[str, list[Rule]] = defaultdict(list)
    for rule in doc.rules:
        parsed = RuleNumber.try_parse(rule.number)
        if parsed is None:
            continue
        if parsed.kind == "rule":
            rules[rule.number] = rule
        elif parsed.kind == "subrule":
            subs[str(parsed.parent)].append(rule)
    numbers = sorted(set(rules) | set(subs), key=lambda n: RuleNumber.parse(n))
    return {n: make_unit(n, rules.get(n), subs.get(n, []), doc.lang) for n in numbers}


def score_units(a: Unit, b: Unit, lexicon: Lexicon) -> tuple[float, dict[str, float]]:
    """How well foreign unit ``a`` matches English unit ``b`` (0–1), with the evidence."""
    evidence: dict[str, float] = {}
    weights: dict[str, float] = {}

    def feature(name: str, value: float, weight: float) -> None:
        evidence[name] = round(value, 3)
        weights[name] = weight

    feature("lexicon", _lexical(a, b, lexicon), 0.5)
    if a.title and b.title:
        feature("title", _title_match(a.title, b.title, a.lang, lexicon), 0.25)
    if a.subs or b.subs:
        if a.letters == b.letters:
            feature("subrules", 1.0, 0.15)
        else:
            feature("subrules", min(len(a.subs), len(b.subs)) / max(len(a.subs), len(b.subs)) * 0.5, 0.15)
    if a.length and b.length:
        ratio = a.length / b.length
        feature("length", 1.0 if 0.75 <= ratio <= 1.7 else max(0.0, 1 - abs(ratio - 1.15) / 1.2), 0.1)
    if a.numbers or b.numbers:
        feature("numbers", len(a.numbers & b.numbers) / len(a.numbers | b.numbers), 0.1)
    if a.refs or b.refs:
        feature("refs", len(a.refs & b.refs) / len(a.refs | b.refs), 0.1)
    if a.quotes:
        feature("quotes", _quotes_found(a.quotes, b, lexicon, a.lang), 0.1)
    total = sum(weights.values())
    score = sum(evidence[k] * weights[k] for k in weights) / total if total else 0.0
    return round(score, 4), evidence


def _lexical(a: Unit, b: Unit, lexicon: Lexicon) -> float:
    if a.lang == b.lang:
        sa, sb = set(a.stems), set(b.stems)
        return len(sa & sb) / len(sa | sb) if sa | sb else 0.0
    return overlap(a.stems, b.stems, a.lang, lexicon)


def _title_match(a: str, b: str, lang: str, lexicon: Lexicon) -> float:
    if fold(a).strip() == fold(b).strip():
        return 1.0
    return overlap(content_stems(a, lang), content_stems(b, "en"), lang, lexicon)


def _quotes_found(quotes: list[str], english: Unit, lexicon: Lexicon, lang: str) -> float:
    """Share of the foreign unit's quoted strings found (verbatim or translated) in the English one."""
    text = fold(" ".join(english.texts()))
    english_quotes = [content_stems(q, "en") for q in english.quotes]
    found = 0
    for quote in quotes:
        if fold(quote) in text:
            found += 1
        elif any(overlap(content_stems(quote, lang), eq, lang, lexicon) >= 0.5
                 for eq in english_quotes):
            found += 1
    return found / len(quotes)


def align_rules(doc: Document, ref: Document, result: Alignment) -> None:
    """Align ``doc``'s sections, chapters, rules and subrules to ``ref``'s numbering."""
    ref_units = rule_units(ref)
    ref_map = ref.rule_map()
    for rule in doc.rules:
        if rule.kind in ("section", "chapter"):
            _align_heading(doc, rule, ref, ref_map, result)
    by_chapter: dict[str, list[Unit]] = defaultdict(list)
    for unit in ref_units.values():
        by_chapter[str(RuleNumber.parse(unit.number).parent)].append(unit)
    for number, unit in rule_units(doc).items():
        same = ref_units.get(number)
        same_score, same_evidence = score_units(unit, same, result.lexicon) if same else (0.0, {})
        best, best_score, best_evidence = same, same_score, same_evidence
        if same is None or same_score < RENUMBER_MIN + RENUMBER_MARGIN:
            for candidate in by_chapter.get(str(RuleNumber.parse(number).parent), []):
                if candidate is same:
                    continue
                score, evidence = score_units(unit, candidate, result.lexicon)
                if score > best_score:
                    best, best_score, best_evidence = candidate, score, evidence
        if best is not None and best is not same and best_score >= RENUMBER_MIN \
                and best_score - same_score >= RENUMBER_MARGIN:
            _link_unit(doc, unit, best, "content", best_score, best_evidence, ref, result,
                       {"source_number": number, "aligned_number": best.number,
                        "same_number_score": same_score})
        elif same is not None and (same_score >= ACCEPT_SAME_NUMBER
                                   or (same_score >= WEAK_SAME_NUMBER and best is same)):
            _link_unit(doc, unit, same, "number", same_score, same_evidence, ref, result, {})
        else:
            reason = (f"content disagrees with reference rule {number} (score {same_score:.2f})" if same
                      else f"no reference rule {number}") + \
                     (f"; best other candidate {best.number} at {best_score:.2f}" if best and best is not same
                      else "")
            for rule in ([unit.rule] if unit.rule else []) + unit.subs:
                result.rules[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "unaligned", 0.0)
                result.unaligned.append(Unaligned("rule", doc.id, rule.number, doc.lang, reason,
                                                  (rule.text or rule.title or "")[:160]))


def align_declared(doc: Document, ref: Document, result: Alignment) -> None:
    """A translator's import names the rule each text translates (its unit id): keep that number.

    ``mtgkb import`` applied only units whose source text matched the release, so
    the number is the translator's own statement, not a guess to check by content.
    """
    ref_map = ref.rule_map()
    for rule in doc.rules:
        if rule.number in ref_map:
            result.rules[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "declared", 1.0)
            result.pairs.append(Pair("rule", doc.id, rule.number, ref.id, rule.number, "declared", 1.0,
                                     {"lang": doc.lang}))
        else:
            result.rules[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "unaligned", 0.0)
            result.unaligned.append(Unaligned("rule", doc.id, rule.number, doc.lang,
                                              f"no reference rule {rule.number}", (rule.text or "")[:160]))


def _align_heading(doc: Document, rule: Rule, ref: Document, ref_map: dict[str, Rule], result: Alignment) -> None:
    target = ref_map.get(rule.number)
    if target is None:
        result.rules[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "unaligned", 0.0)
        result.unaligned.append(Unaligned("rule", doc.id, rule.number, doc.lang,
                                          f"no reference {rule.kind} {rule.number}", rule.title or ""))
        return
    title = _title_match(rule.title, target.title, doc.lang, result.lexicon) if rule.title and target.title else 0.0
    confidence = round(0.6 + 0.4 * title, 3)
    result.rules[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "number", confidence)
    result.pairs.append(Pair("rule", doc.id, rule.number, ref.id, target.number, "number", confidence,
                             {"title": round(title, 3), "lang": doc.lang}))


def _link_unit(doc: Document, unit: Unit, target: Unit, method: str, score: float, evidence: dict,
               ref: Document, result: Alignment, note: dict) -> None:
    confidence = round(min(0.99, 0.3 + 0.7 * score), 3) if method == "number" else round(min(0.99, score), 3)
    if unit.rule is not None:
        rn = target.rule.number if target.rule else target.number
        result.rules[(doc.id, unit.rule.number)] = RuleLink(doc.id, unit.rule.number, rn, method, confidence)
        result.pairs.append(Pair("rule", doc.id, unit.rule.number, ref.id, rn, method, confidence,
                                 {**note, "evidence": evidence, "lang": doc.lang}))
    for sub, ref_sub, sub_score in _pair_subrules(unit, target, result.lexicon):
        if ref_sub is None:
            result.rules[(doc.id, sub.number)] = RuleLink(doc.id, sub.number, sub.number, "unaligned", 0.0)
            result.unaligned.append(Unaligned("rule", doc.id, sub.number, doc.lang,
                                              f"no counterpart among the subrules of {target.number}",
                                              sub.text[:160]))
            continue
        sub_conf = round(min(confidence, 0.5 * confidence + 0.5 * max(sub_score, 0.5)), 3)
        sub_method = method if sub.number == ref_sub.number or method == "content" else "content"
        result.rules[(doc.id, sub.number)] = RuleLink(doc.id, sub.number, ref_sub.number, sub_method, sub_conf)
        sub_note = {"lang": doc.lang, "lexicon": round(sub_score, 3)}
        if sub.number != ref_sub.number:
            sub_note.update(source_number=sub.number, aligned_number=ref_sub.number)
        result.pairs.append(Pair("rule", doc.id, sub.number, ref.id, ref_sub.number, sub_method, sub_conf, sub_note))


def _pair_subrules(a: Unit, b: Unit, lexicon: Lexicon) -> list[tuple[Rule, Rule | None, float]]:
    """Subrules by letter when both units have the same letters, else each to its best unused match in order."""
    scored = lambda x, y: overlap(content_stems(x.text, a.lang), content_stems(y.text, b.lang), a.lang, lexicon) \
        if a.lang != b.lang else 0.0
    if a.letters == b.letters:
        return [(x, y, scored(x, y)) for x, y in zip(a.subs, b.subs)]
    out: list[tuple[Rule, Rule | None, float]] = []
    start = 0
    for sub in a.subs:
        options = [(scored(sub, cand), i) for i, cand in enumerate(b.subs) if i >= start]
        best = max(options, default=(0.0, -1))
        if best[0] >= 0.35:
            out.append((sub, b.subs[best[1]], best[0]))
            start = best[1] + 1
        else:
            out.append((sub, None, best[0]))
    return out


# -- examples --------------------------------------------------------------------------

def align_examples(doc: Document, ref: Document, result: Alignment) -> None:
    """Examples of aligned rules: by order when the counts agree, else by best content match."""
    ref_map = ref.rule_map()
    for rule in doc.rules:
        if not rule.examples:
            continue
        link = result.rule_link(doc.id, rule.number)
        target = ref_map.get(link.aligned_number) if link and link.method != "unaligned" else None
        if target is None or not target.examples:
            for i, example in enumerate(rule.examples, 1):
                result.unaligned.append(Unaligned("example", doc.id, f"{rule.number}#{i}", doc.lang,
                                                  "its rule has no aligned example", example.text[:160]))
            continue
        e_stems = [content_stems(e.text, "en") for e in target.examples]
        used: set[int] = set()
        for i, example in enumerate(rule.examples, 1):
            stems = content_stems(example.text, doc.lang)
            scores = [overlap(stems, es, doc.lang, result.lexicon) for es in e_stems]
            if len(rule.examples) == len(target.examples):
                j = i - 1
            else:
                j = max((k for k in range(len(scores)) if k not in used), key=lambda k: scores[k], default=-1)
            if j < 0 or scores[j] < 0.3:
                result.unaligned.append(Unaligned("example", doc.id, f"{rule.number}#{i}", doc.lang,
                                                  "no English example of its rule matches", example.text[:160]))
                continue
            used.add(j)
            confidence = round(min(link.confidence, 0.5 + 0.5 * scores[j]), 3)
            result.pairs.append(Pair("example", doc.id, f"{rule.number}#{i}", ref.id, f"{target.number}#{j + 1}",
                                     "order" if len(rule.examples) == len(target.examples) else "content",
                                     confidence, {"lexicon": round(scores[j], 3), "lang": doc.lang}))
