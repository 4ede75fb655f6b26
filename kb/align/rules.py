"""Rules, subrules, section and chapter headings, and examples, aligned to an English release.

Every foreign document is aligned to every English release held (a :class:`Target` each),
into that release's :class:`~kb.align.result.Placement`. A foreign rule is tried at its
own number and checked by content (:func:`score_units`): a bilingual lexicon overlap of
the words, the rule's title, the count and letters of its subrules, the length ratio,
numbers, quoted strings and cross-references. A rule whose content agrees keeps its
number (method ``number``); one whose content fits another rule of the same chapter
clearly better is *renumbered* to it (method ``content``, both numbers in the note); one
that fits nothing stays *unaligned* (never paired on number alone), and so does the
weaker of two texts of one document that fit the same rule. Subrules follow their rule,
paired in order by letter or by content (:func:`_pair_subrules`); examples follow their
rule (by order, checked by content). A translator's import names its numbers itself
(:mod:`kb.align.releases`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable

from ..model import Document, Rule
from ..numbering import RuleNumber
from ..text import RULE_NUMBER_IN_TEXT, fold
from .lexicon import Lexicon, content_stems, overlap
from .result import Pair, Placement, RuleLink, Unaligned

# Rule decisions (scores from score_units, 0-1).
ACCEPT_SAME_NUMBER = 0.40  # the same-numbered rule is accepted at or above this,
WEAK_SAME_NUMBER = 0.25  # or at or above this when no rule of its chapter fits better (and, in a release
#                          other than the reference, the English releases' matching vouches for it)
RENUMBER_MIN = 0.55  # a differently numbered rule must reach this ...
RENUMBER_MARGIN = 0.12  # ... and beat the same-numbered one by this much
# Subrule pairs (lexicon overlaps, 0-1): with the subrule of the same letter, with one of another letter.
SUB_SAME_LETTER = 0.25
SUB_OTHER_LETTER = 0.5
LETTER_BONUS = 0.1

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
    return units_of(doc.rules, doc.lang)


def units_of(rules_in: Iterable[Rule], lang: str) -> dict[str, Unit]:
    """Rules (with their subrules) among ``rules_in``, keyed by rule number; orphan subrules get a unit too."""
    rules: dict[str, Rule] = {}
    subs: dict[str, list[Rule]] = defaultdict(list)
    for rule in rules_in:
        parsed = RuleNumber.try_parse(rule.number)
        if parsed is None:
            continue
        if parsed.kind == "rule":
            rules[rule.number] = rule
        elif parsed.kind == "subrule":
            subs[str(parsed.parent)].append(rule)
    numbers = sorted(set(rules) | set(subs), key=lambda n: RuleNumber.parse(n))
    return {n: make_unit(n, rules.get(n), subs.get(n, []), lang) for n in numbers}


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


class Target:
    """An English release prepared once to align every foreign document to: its rules, and its
    units (rules with their subrules) by chapter, made on first use (only the chapters a foreign
    text is in)."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.rule_map = doc.rule_map()
        self._rules: dict[str, list[Rule]] = defaultdict(list)
        for rule in doc.rules:
            parsed = RuleNumber.try_parse(rule.number)
            if parsed is not None and parsed.kind in ("rule", "subrule"):
                self._rules[str(parsed.parent if parsed.kind == "rule" else parsed.parent.parent)].append(rule)
        self._units: dict[str, dict[str, Unit]] = {}

    def chapter(self, chapter: str) -> dict[str, Unit]:
        """The units of ``chapter`` by rule number."""
        if chapter not in self._units:
            self._units[chapter] = units_of(self._rules.get(chapter, []), self.doc.lang)
        return self._units[chapter]


@dataclass
class Decision:
    """Where one foreign unit goes: its English unit (None: unaligned), how and how sure."""

    unit: Unit
    target: Unit | None
    method: str
    score: float
    evidence: dict
    note: dict
    reason: str = ""


def align_rules(doc: Document, target: Target, out: Placement, lexicon: Lexicon,
                vouched: dict[str, str] | None = None) -> None:
    """Align ``doc``'s sections, chapters, rules and subrules to ``target``'s numbering, into ``out``.

    ``vouched`` (for a release other than the reference) maps a rule number of ``doc`` to the
    number of ``target`` that the English releases' own matching gives the rule it sits at in the
    reference: weak content evidence keeps a text at its number only when that agrees.
    """
    for rule in doc.rules:
        if rule.kind in ("section", "chapter"):
            _align_heading(doc, rule, target, out, lexicon)
    decisions = [_decide(unit, target, lexicon, vouched) for unit in rule_units(doc).values()]
    _one_each(decisions)
    for decision in decisions:
        if decision.target is None:
            _leave(doc, decision.unit, decision.reason, out)
        else:
            _link_unit(doc, decision, target.doc, out, lexicon)


def _decide(unit: Unit, target: Target, lexicon: Lexicon, vouched: dict[str, str] | None = None) -> Decision:
    """Kept at its number when the content agrees, renumbered when another rule of its chapter fits
    clearly better, else unaligned (never paired on its number alone)."""
    number = unit.number
    chapter = target.chapter(str(RuleNumber.parse(number).parent))
    same = chapter.get(number)
    same_score, same_evidence = score_units(unit, same, lexicon) if same else (0.0, {})
    best, best_score, best_evidence = same, same_score, same_evidence
    if same is None or same_score < RENUMBER_MIN + RENUMBER_MARGIN:
        for candidate in chapter.values():
            if candidate is same:
                continue
            score, evidence = score_units(unit, candidate, lexicon)
            if score > best_score:
                best, best_score, best_evidence = candidate, score, evidence
    if best is not None and best is not same and best_score >= RENUMBER_MIN \
            and best_score - same_score >= RENUMBER_MARGIN:
        return Decision(unit, best, "content", best_score, best_evidence,
                        {"source_number": number, "aligned_number": best.number, "same_number_score": same_score})
    weak_ok = vouched is None or (unit.rule is not None and vouched.get(unit.rule.number) == number)
    if same is not None and (same_score >= ACCEPT_SAME_NUMBER
                             or (same_score >= WEAK_SAME_NUMBER and best is same and weak_ok)):
        return Decision(unit, same, "number", same_score, same_evidence, {})
    reason = (f"content disagrees with rule {number} of {target.doc.id} (score {same_score:.2f})" if same
              else f"no rule {number} in {target.doc.id}") + \
        (f"; best other candidate {best.number} at {best_score:.2f}" if best and best is not same else "")
    return Decision(unit, None, "unaligned", same_score, same_evidence, {}, reason)


def _one_each(decisions: list[Decision]) -> None:
    """Two texts of one document never share a rule: the better fit keeps it, the other is left unaligned."""
    holders: dict[str, Decision] = {}
    for decision in sorted((d for d in decisions if d.target is not None), key=lambda d: -d.score):
        assert decision.target is not None
        holder = holders.setdefault(decision.target.number, decision)
        if holder is not decision:
            decision.reason = (f"its content fits {decision.target.number} ({decision.score:.2f}), which "
                               f"{holder.unit.number} fits better ({holder.score:.2f})")
            decision.target, decision.method = None, "unaligned"


def _leave(doc: Document, unit: Unit, reason: str, out: Placement) -> None:
    for rule in ([unit.rule] if unit.rule else []) + unit.subs:
        out.links[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "unaligned", 0.0)
        out.unaligned.append(Unaligned("rule", doc.id, rule.number, doc.lang, reason,
                                       (rule.text or rule.title or "")[:160]))


def _align_heading(doc: Document, rule: Rule, target: Target, out: Placement, lexicon: Lexicon) -> None:
    english = target.rule_map.get(rule.number)
    if english is None:
        out.links[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "unaligned", 0.0)
        out.unaligned.append(Unaligned("rule", doc.id, rule.number, doc.lang,
                                       f"no {rule.kind} {rule.number} in {target.doc.id}", rule.title or ""))
        return
    title = _title_match(rule.title, english.title, doc.lang, lexicon) if rule.title and english.title else 0.0
    if rule.title and english.title and title == 0.0:
        out.links[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "unaligned", 0.0)
        out.unaligned.append(Unaligned("rule", doc.id, rule.number, doc.lang, f"its title shares nothing with "
                                       f"{english.title!r}, {rule.kind} {rule.number} of {target.doc.id}", rule.title))
        return
    confidence = round(0.6 + 0.4 * title, 3)
    out.links[(doc.id, rule.number)] = RuleLink(doc.id, rule.number, rule.number, "number", confidence)
    out.pairs.append(Pair("rule", doc.id, rule.number, target.doc.id, english.number, "number", confidence,
                          {"title": round(title, 3), "lang": doc.lang}))


def _link_unit(doc: Document, decision: Decision, ref: Document, out: Placement, lexicon: Lexicon) -> None:
    unit, target, method, score = decision.unit, decision.target, decision.method, decision.score
    assert target is not None
    confidence = round(min(0.99, 0.3 + 0.7 * score), 3) if method == "number" else round(min(0.99, score), 3)
    if unit.rule is not None:
        rn = target.rule.number if target.rule else target.number
        out.links[(doc.id, unit.rule.number)] = RuleLink(doc.id, unit.rule.number, rn, method, confidence)
        out.pairs.append(Pair("rule", doc.id, unit.rule.number, ref.id, rn, method, confidence,
                              {**decision.note, "evidence": decision.evidence, "lang": doc.lang}))
    for sub, ref_sub, sub_score in _pair_subrules(unit, target, lexicon):
        if ref_sub is None:
            out.links[(doc.id, sub.number)] = RuleLink(doc.id, sub.number, sub.number, "unaligned", 0.0)
            out.unaligned.append(Unaligned("rule", doc.id, sub.number, doc.lang,
                                           f"no counterpart among the subrules of {target.number} in {ref.id}",
                                           sub.text[:160]))
            continue
        sub_conf = round(min(confidence, 0.5 * confidence + 0.5 * max(sub_score, 0.5)), 3)
        sub_method = method if sub.number == ref_sub.number or method == "content" else "content"
        out.links[(doc.id, sub.number)] = RuleLink(doc.id, sub.number, ref_sub.number, sub_method, sub_conf)
        sub_note = {"lang": doc.lang, "lexicon": round(sub_score, 3)}
        if sub.number != ref_sub.number:
            sub_note.update(source_number=sub.number, aligned_number=ref_sub.number)
        out.pairs.append(Pair("rule", doc.id, sub.number, ref.id, ref_sub.number, sub_method, sub_conf, sub_note))


def _pair_subrules(a: Unit, b: Unit, lexicon: Lexicon) -> list[tuple[Rule, Rule | None, float]]:
    """Each subrule of ``a`` to at most one of ``b``, in order: the pairing whose overlaps add up
    best, the same letter counting a little in favour. A pair needs :data:`SUB_SAME_LETTER` of
    overlap with the subrule of its own letter, :data:`SUB_OTHER_LETTER` with another one."""
    scores = [[_sub_overlap(x, y, a.lang, b.lang, lexicon) for y in b.subs] for x in a.subs]
    same_letter = [[x == y for y in b.letters] for x in a.letters]

    def gain(i: int, j: int) -> float | None:
        score, same = scores[i][j], same_letter[i][j]
        if score < (SUB_SAME_LETTER if same else SUB_OTHER_LETTER):
            return None
        return score + (LETTER_BONUS if same else 0.0) - SUB_SAME_LETTER

    chosen = _monotone_pairs(len(a.subs), len(b.subs), gain)
    return [(sub, b.subs[chosen[i]] if i in chosen else None,
             scores[i][chosen[i]] if i in chosen else max(scores[i], default=0.0)) for i, sub in enumerate(a.subs)]


def _sub_overlap(x: Rule, y: Rule, lang_x: str, lang_y: str, lexicon: Lexicon) -> float:
    sx, sy = content_stems(x.text, lang_x), content_stems(y.text, lang_y)
    if lang_x == lang_y:
        return len(set(sx) & set(sy)) / len(set(sx) | set(sy)) if sx or sy else 0.0
    return overlap(sx, sy, lang_x, lexicon)


def _monotone_pairs(n: int, m: int, gain) -> dict[int, int]:
    """Pairs ``i -> j`` (both increasing) of the largest total ``gain(i, j)`` (None: not allowed)."""
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            g = gain(i - 1, j - 1)
            paired = [best[i - 1][j - 1] + g] if g is not None else []
            best[i][j] = max(best[i - 1][j], best[i][j - 1], *paired)
    chosen: dict[int, int] = {}
    i, j = n, m
    while i and j:
        g = gain(i - 1, j - 1)
        if g is not None and best[i][j] == best[i - 1][j - 1] + g and best[i][j] > max(best[i - 1][j], best[i][j - 1]):
            chosen[i - 1] = j - 1
            i, j = i - 1, j - 1
        elif best[i][j] == best[i - 1][j]:
            i -= 1
        else:
            j -= 1
    return chosen


# -- examples --------------------------------------------------------------------------

def align_examples(doc: Document, target: Target, out: Placement, lexicon: Lexicon) -> None:
    """Examples of aligned rules: by order when the counts agree, else by best content match."""
    ref, ref_map = target.doc, target.rule_map
    for rule in doc.rules:
        if not rule.examples:
            continue
        link = out.link(doc.id, rule.number)
        english = ref_map.get(link.aligned_number) if link and link.method != "unaligned" else None
        if english is None or not english.examples:
            for i, example in enumerate(rule.examples, 1):
                out.unaligned.append(Unaligned("example", doc.id, f"{rule.number}#{i}", doc.lang,
                                               "its rule has no aligned example", example.text[:160]))
            continue
        e_stems = [content_stems(e.text, "en") for e in english.examples]
        used: set[int] = set()
        for i, example in enumerate(rule.examples, 1):
            stems = content_stems(example.text, doc.lang)
            scores = [overlap(stems, es, doc.lang, lexicon) for es in e_stems]
            if len(rule.examples) == len(english.examples):
                j = i - 1
            else:
                j = max((k for k in range(len(scores)) if k not in used), key=lambda k: scores[k], default=-1)
            if j < 0 or scores[j] < 0.3:
                out.unaligned.append(Unaligned("example", doc.id, f"{rule.number}#{i}", doc.lang,
                                               "no English example of its rule matches", example.text[:160]))
                continue
            used.add(j)
            confidence = round(min(link.confidence, 0.5 + 0.5 * scores[j]), 3)
            out.pairs.append(Pair("example", doc.id, f"{rule.number}#{i}", ref.id, f"{english.number}#{j + 1}",
                                  "order" if len(rule.examples) == len(english.examples) else "content",
                                  confidence, {"lexicon": round(scores[j], 3), "lang": doc.lang}))
