"""Cross-language alignment: every foreign text's English counterpart, and how sure it is.

:func:`align` is a pure function of the parsed documents. The *reference* is the
newest official English rules release among them (format ``cr-text``); every
rule of another language is aligned to a reference rule:

* **Rules** are first tried at their own number and checked by content
  (:func:`score_units`): a bilingual lexicon overlap of the words, the rule's
  title, the count and letters of its subrules, the length ratio, numbers,
  quoted strings and cross-references. A rule whose content agrees keeps its
  number (method ``number``); one whose content fits another rule of the same
  chapter clearly better is *renumbered* to it (method ``content``, both numbers
  in the note); one that fits nothing stays *unaligned* (never paired on number
  alone). Subrules follow their rule (by letter, or by content when the letters
  differ), examples follow their rule (by order, checked by content).
* **Rulings** in other languages are paired with the English rulings they
  translate (lexicon overlap, numbers, quoted English phrases), restricted to
  the card's rulings, or to rulings on the page's keyword; only clear winners
  are kept, several English wordings of the same ruling may all be paired.
* **Terms**: chapter titles by number, a keyword page's keyword, ability words
  and keywords from parallel card text, English glossary entries whose foreign
  name is known; **cards**: English ↔ Italian ↔ French names from card records.
* **Rulings ↔ rules**: a ruling citing a rule number links to it; a ruling
  using a keyword action or ability named by a rule title links to that rule
  (for a card ruling only when the card's text uses it too).

The lexicon (:mod:`kb.lexicon`) is learned from the parallel card texts and
then again with the aligned rules added, and the curated core is checked
against it. Confidence is 0–1 on every pair.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from .lexicon import (CoreTerm, Lexicon, LexiconEntry, LexiconLearner, check_core, content_stems, core_entries,
                      cognate, fold, load_core, overlap, weighted_overlap)
from .model import Document, Rule, Ruling
from .numbering import RuleNumber
from .refs import find_refs

KINDS = ("rule", "example", "ruling", "term", "card")
REFERENCE_LANG = "en"
# Rule decisions (scores from score_units, 0-1).
ACCEPT_SAME_NUMBER = 0.40  # the same-numbered rule is accepted at or above this,
WEAK_SAME_NUMBER = 0.25  # or at or above this when no rule of its chapter fits better
RENUMBER_MIN = 0.55  # a differently numbered rule must reach this ...
RENUMBER_MARGIN = 0.12  # ... and beat the same-numbered one by this much
# Ruling decisions.
RULING_MIN = 0.30  # IDF-weighted score a ruling pair needs at least
RULING_MARGIN = 0.04  # ... and its lead over the ruling's next candidate
PARAPHRASE_MIN = 0.6  # English wordings this alike are one ruling
GENERIC_ACTIONS = {"cast", "play", "activate", "attach", "counter", "create", "destroy", "discard", "draw",
                   "exile", "reveal", "sacrifice", "search", "shuffle", "tap", "untap", "double", "exchange",
                   "fight", "transform", "turn", "copy"}

_RULE_NUMBER_TEXT = re.compile(r"\b\d{3}\.\d+[a-z]?\b|\b\d{3}\b")
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.]\d)")
_QUOTED = re.compile(r"[\"“«„]\s*([^\"”»“]{2,80}?)\s*[\"”»“]")
_DASH_PREFIX = re.compile(r"^([^—{}:•\d()]{2,40}?)\s*—\s*(\S.*)$")


# -- results ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Pair:
    """One link: item ``a`` (foreign, or a ruling for ``ruling-rule``) to item ``b`` (English)."""

    kind: str  # rule, example, ruling, term, card, ruling-rule
    a_doc: str
    a_id: str
    b_doc: str
    b_id: str
    method: str
    confidence: float
    note: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RuleLink:
    """Where a non-reference rule text sits in the reference numbering."""

    doc: str
    number: str
    aligned_number: str
    method: str  # number, content, declared (a translator's import), unaligned
    confidence: float


@dataclass(frozen=True, slots=True)
class Unaligned:
    kind: str
    doc: str
    id: str
    lang: str
    reason: str
    text: str = ""


@dataclass
class Alignment:
    """Everything :func:`align` found, ready for the store and the report."""

    reference: str | None = None
    languages: dict[str, str] = field(default_factory=dict)  # doc id -> lang
    rules: dict[tuple[str, str], RuleLink] = field(default_factory=dict)
    pairs: list[Pair] = field(default_factory=list)
    unaligned: list[Unaligned] = field(default_factory=list)
    lexicon: Lexicon = field(default_factory=Lexicon)
    core_check: list[dict] = field(default_factory=list)

    def rule_link(self, doc_id: str, number: str) -> RuleLink | None:
        return self.rules.get((doc_id, number))

    def summary(self) -> dict[str, Any]:
        """Counts per language and kind: aligned, renumbered, unaligned; lexicon size; core check."""
        counts: dict[str, dict[str, dict[str, int]]] = {}

        def bump(lang: str, kind: str, what: str) -> None:
            slot = counts.setdefault(lang, {}).setdefault(kind, {"aligned": 0, "renumbered": 0, "unaligned": 0})
            slot[what] += 1

        seen: set[tuple[str, str, str]] = set()
        for pair in self.pairs:
            if pair.kind in KINDS and (pair.kind, pair.a_doc, pair.a_id) not in seen:
                seen.add((pair.kind, pair.a_doc, pair.a_id))
                lang = pair.note.get("lang") or self.languages.get(pair.a_doc, "?")
                bump(lang, pair.kind, "renumbered" if pair.method == "content" and pair.kind == "rule"
                     else "aligned")
        for item in self.unaligned:
            bump(item.lang, item.kind, "unaligned")
        verdicts = Counter(c["verdict"] for c in self.core_check)
        return {"reference": self.reference, "counts": counts,
                "rule_rulings": sum(1 for p in self.pairs if p.kind == "ruling-rule"),
                "lexicon": dict(Counter(f"{e.lang}:{e.source}" for e in self.lexicon.entries)),
                "core_check": dict(verdicts)}


# -- the entry point -------------------------------------------------------------------

def align(documents: Iterable[Document], core_path: Path | None = None) -> Alignment:
    """Align every non-English text of ``documents`` with its English counterpart."""
    docs = list(documents)
    core = load_core(core_path or default_core_path()) if (core_path or default_core_path()).exists() else []
    result = Alignment(languages={d.id: d.lang for d in docs})
    ref = reference_document(docs)
    result.reference = ref.id if ref else None

    learners = {lang: LexiconLearner(lang) for lang in ("it", "fr")}
    feed_card_texts(docs, learners)
    result.lexicon = build_lexicon(core, learners)

    if ref is not None:
        for doc in docs:
            if doc.rules and doc.lang != ref.lang:
                if doc.provenance == "translator":
                    align_declared(doc, ref, result)
                else:
                    align_rules(doc, ref, result)
        feed_aligned_rules(docs, ref, result, learners)
        result.lexicon = build_lexicon(core, learners)
        for doc in docs:
            if doc.rules and doc.lang != ref.lang:
                align_examples(doc, ref, result)
        align_chapter_titles(docs, ref, result)
        align_keyword_pages(docs, ref, result)
    align_card_names(docs, result)
    align_ability_words(docs, result)
    if ref is not None:
        align_glossary(ref, core, result)
    align_rulings(docs, result)
    if ref is not None:
        link_rulings_to_rules(docs, ref, result)
    result.core_check = check_core(core, Lexicon([e for e in result.lexicon.entries if e.source == "learned"]))
    return result


def default_core_path() -> Path:
    """``lexicon-core.tsv`` of the embedded corpus."""
    from .ingest import embedded_corpus

    try:
        return embedded_corpus() / "lexicon-core.tsv"
    except (OSError, ValueError):  # importlib.resources can refuse an editable install's folder
        return Path(__file__).resolve().parent.parent / "corpus" / "lexicon-core.tsv"


def reference_document(docs: list[Document]) -> Document | None:
    """The newest official English rules release (format ``cr-text``), if any."""
    releases = [d for d in docs if d.format == "cr-text" and d.lang == REFERENCE_LANG and d.rules]
    return max(releases, key=lambda d: (d.effective_date or "", d.id)) if releases else None


# -- lexicon ---------------------------------------------------------------------------

def build_lexicon(core: list[CoreTerm], learners: dict[str, LexiconLearner]) -> Lexicon:
    entries: list[LexiconEntry] = list(core_entries(core))
    for learner in learners.values():
        entries.extend(learner.entries())
    return Lexicon(entries)


def feed_card_texts(docs: list[Document], learners: dict[str, LexiconLearner]) -> None:
    """Parallel card texts, line by line when the line counts agree, names taken out."""
    for doc in docs:
        for card in doc.cards:
            if not card.text and not card.type:
                continue
            seen: set[str] = set()
            for lang, name, type_, text in card.foreign:
                learner = learners.get(lang)
                if learner is None or lang in seen:  # the newest wording only
                    continue
                seen.add(lang)
                if type_ and card.type:
                    learner.add(card.type, type_)
                if text and card.text:
                    for en_line, f_line in parallel_lines(card.text.replace(card.name, " "),
                                                          text.replace(name, " ") if name else text):
                        learner.add(en_line, f_line)


def parallel_lines(english: str, foreign: str) -> list[tuple[str, str]]:
    e_lines = [x for x in english.splitlines() if x.strip()]
    f_lines = [x for x in foreign.splitlines() if x.strip()]
    if len(e_lines) == len(f_lines):
        return list(zip(e_lines, f_lines))
    return [(" ".join(e_lines), " ".join(f_lines))]


def feed_aligned_rules(docs: list[Document], ref: Document, result: Alignment,
                       learners: dict[str, LexiconLearner]) -> None:
    ref_rules = ref.rule_map()
    for doc in docs:
        learner = learners.get(doc.lang)
        if learner is None:
            continue
        for rule in doc.rules:
            link = result.rule_link(doc.id, rule.number)
            target = ref_rules.get(link.aligned_number) if link and link.method != "unaligned" else None
            if target is None:
                continue
            if rule.text and target.text:
                learner.add(target.text, rule.text)
            if rule.title and target.title:
                learner.add(target.title, rule.title)


# -- rules -----------------------------------------------------------------------------

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
    plain = _RULE_NUMBER_TEXT.sub(" ", text)
    unit.stems = content_stems(plain, lang)
    unit.numbers = set(_NUMBER.findall(plain))
    unit.quotes = [q.strip().lower() for q in _QUOTED.findall(text)]
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


# -- terms and names -------------------------------------------------------------------

def _term(result: Alignment, lang: str, a_doc: str, foreign: str, b_doc: str, english: str, method: str,
          confidence: float, **note: Any) -> None:
    result.pairs.append(Pair("term", a_doc, foreign, b_doc, english, method, round(confidence, 3),
                             {"lang": lang, **note}))


def align_chapter_titles(docs: list[Document], ref: Document, result: Alignment) -> None:
    """Section and chapter titles paired by number (``401 Grimorio`` ↔ ``401. Library``)."""
    ref_map = ref.rule_map()
    for doc in docs:
        if doc.lang == ref.lang:
            continue
        for rule in doc.rules:
            target = ref_map.get(rule.number)
            if rule.kind not in ("section", "chapter") or not rule.title or target is None or not target.title:
                continue
            link = result.rule_link(doc.id, rule.number)
            if link is None or link.method == "unaligned":
                continue
            _term(result, doc.lang, doc.id, rule.title, ref.id, target.title, "title-by-number",
                  link.confidence, number=rule.number)


def align_keyword_pages(docs: list[Document], ref: Document, result: Alignment) -> None:
    """A keyword page's own naming (``Voto`` = ``Vote``), checked against a reference rule title."""
    titles = {fold(rule_name(r) or ""): r.number for r in ref.rules if r.kind == "rule" and rule_name(r)}
    for doc in docs:
        keyword = doc.meta.get("keyword") if isinstance(doc.meta, dict) else None
        if not isinstance(keyword, dict) or not keyword.get("en"):
            continue
        for lang, name in keyword.items():
            if lang == "en" or not name:
                continue
            rule = titles.get(fold(keyword["en"]))
            _term(result, lang, doc.id, name, ref.id, keyword["en"], "keyword-page",
                  0.97 if rule else 0.8, rule=rule)


def align_card_names(docs: list[Document], result: Alignment) -> None:
    """Card names from card records: MTGJSON's foreign data, or names quoted in brackets in text."""
    known = {card.name for doc in docs if doc.format != "wiki-cr-text" for card in doc.cards if card.text}
    seen: set[tuple[str, str, str]] = set()
    for doc in docs:
        for card in doc.cards:
            for lang, name, _type, _text in card.foreign:
                if not name or (lang, name, card.name) in seen:
                    continue
                seen.add((lang, name, card.name))
                from_cards = bool(card.text or card.type)
                method = "card-data" if from_cards else "parenthesis"
                confidence = 1.0 if from_cards else (0.95 if card.name in known else 0.85)
                result.pairs.append(Pair("card", doc.id, f"{lang}:{name}", doc.id, card.name, method, confidence,
                                         {"lang": lang, "known_card": card.name in known}))


def align_ability_words(docs: list[Document], result: Alignment) -> None:
    """``X — …`` line heads at the same line of a card's English and foreign text (ability words)."""
    votes: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for doc in docs:
        for card in doc.cards:
            done: set[str] = set()
            for lang, _name, _type, text in card.foreign:
                if lang in done or not text or not card.text:
                    continue
                done.add(lang)
                e_lines = [x for x in card.text.splitlines() if x.strip()]
                f_lines = [x for x in text.splitlines() if x.strip()]
                if len(e_lines) != len(f_lines):
                    continue
                for e_line, f_line in zip(e_lines, f_lines):
                    em, fm = _DASH_PREFIX.match(e_line.strip()), _DASH_PREFIX.match(f_line.strip())
                    if em and fm and not em.group(2).startswith("•") and len(em.group(1).split()) <= 4:
                        votes[(lang, em.group(1).strip())][fm.group(1).strip()] += 1
    for (lang, english), counter in sorted(votes.items()):
        foreign, count = counter.most_common(1)[0]
        share = count / sum(counter.values())
        if share < 0.6:
            continue
        _term(result, lang, "cards", foreign, "cards", english, "card-text",
              min(0.99, 0.7 + 0.1 * count) * share, cards=count)


def align_glossary(ref: Document, core: list[CoreTerm], result: Alignment) -> None:
    """English glossary entries whose foreign name is known from the core lexicon or a title pair."""
    known: dict[tuple[str, str], tuple[str, str, float]] = {}
    for term in core:
        for lang, foreign in (("it", term.it), ("fr", term.fr)):
            known[(lang, fold(term.en))] = (foreign, "glossary+core", 0.9)
    for pair in list(result.pairs):
        if pair.kind == "term" and pair.method in ("title-by-number", "keyword-page"):
            known.setdefault((pair.note["lang"], fold(pair.b_id)), (pair.a_id, "glossary+" + pair.method,
                                                                    min(0.95, pair.confidence)))
    for entry in ref.terms:
        for name in entry.names:
            for lang in ("it", "fr"):
                hit = known.get((lang, fold(name)))
                if hit:
                    _term(result, lang, "lexicon-core" if hit[1] == "glossary+core" else "titles", hit[0],
                          ref.id, name, hit[1], hit[2], glossary=True)


# -- rulings ---------------------------------------------------------------------------

@dataclass
class _EnglishRuling:
    text: str
    stems: list[str]
    numbers: set[str]
    ids: list[tuple[str, int]]
    cards: set[str]


def english_rulings(docs: list[Document]) -> list[_EnglishRuling]:
    """English rulings grouped by their wording (the same ruling printed for many cards is one group)."""
    groups: dict[str, _EnglishRuling] = {}
    for doc in docs:
        for seq, ruling in enumerate(doc.rulings):
            if ruling.lang != "en":
                continue
            key = _norm(ruling.text)
            group = groups.get(key)
            if group is None:
                plain = _RULE_NUMBER_TEXT.sub(" ", ruling.text)
                group = groups[key] = _EnglishRuling(ruling.text, content_stems(plain, "en"),
                                                     _numbers(plain, "en"), [], set())
            group.ids.append((doc.id, seq))
            if ruling.card:
                group.cards.add(ruling.card)
    return list(groups.values())


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", fold(text).replace("’", "'").replace("“", '"').replace("”", '"')).strip()


def _numbers(text: str, lang: str) -> set[str]:
    return {s for s in content_stems(text, lang) if s.isdigit()}


def ruling_weights(pool: list[_EnglishRuling]) -> tuple[dict[str, float], float]:
    """IDF of each English stem over the ruling wordings, and the weight of an unseen stem."""
    df: Counter[str] = Counter(s for group in pool for s in set(group.stems))
    n = max(1, len(pool))
    return {s: math.log(1 + n / c) for s, c in df.items()}, math.log(1 + n)


def score_ruling(foreign: Ruling, f_stems: list[str], english: _EnglishRuling, lexicon: Lexicon,
                 weights: tuple[dict[str, float], float] = ({}, 1.0)) -> float:
    """IDF-weighted lexicon overlap, shared numbers and English phrases quoted in the foreign text (0–1)."""
    parts = [(weighted_overlap(f_stems, english.stems, foreign.lang, lexicon, *weights), 0.6)]
    f_numbers = _numbers(_RULE_NUMBER_TEXT.sub(" ", foreign.text), foreign.lang)
    if f_numbers or english.numbers:
        parts.append((len(f_numbers & english.numbers) / len(f_numbers | english.numbers), 0.2))
    quotes = _QUOTED.findall(foreign.text)
    if quotes:
        text = _norm(english.text)
        parts.append((sum(1 for q in quotes if _norm(q) in text) / len(quotes), 0.2))
    elif _QUOTED.search(english.text):
        # The English quotes card text the foreign ruling does not (quoted phrases are kept or translated).
        parts.append((0.0, 0.2))
    return sum(v * w for v, w in parts) / sum(w for _, w in parts)


def align_rulings(docs: list[Document], result: Alignment) -> None:
    """Each foreign ruling to the English ruling it translates, one to one within a document.

    A document's rulings are distinct rulings, so each English ruling (a *star*: the best
    wording and its paraphrases) goes to at most one of them, strongest pairs first; a pair
    is kept only if it beats the ruling's next candidate by :data:`RULING_MARGIN`. English
    wordings that name a card the foreign text does not mention are card-specific variants
    and are not candidates for a generic ruling.
    """
    if not any(r.lang != "en" for d in docs for r in d.rulings):
        return
    pool = english_rulings(docs)
    weights = ruling_weights(pool)
    card_names = _card_name_map(result)
    for doc in docs:
        foreign = [(seq, r) for seq, r in enumerate(doc.rulings) if r.lang != "en"]
        if not foreign:
            continue
        keyword = doc.meta.get("keyword", {}).get("en") if isinstance(doc.meta.get("keyword"), dict) else None
        keyword_stems = set(content_stems(keyword, "en")) if keyword else set()
        scores: dict[int, dict[int, float]] = {}
        for seq, ruling in foreign:
            candidates = _ruling_candidates(ruling, pool, keyword_stems, card_names)
            f_stems = content_stems(_RULE_NUMBER_TEXT.sub(" ", ruling.text), ruling.lang)
            scores[seq] = {i: score_ruling(ruling, f_stems, pool[i], result.lexicon, weights) for i in candidates}
        _assign_rulings(doc, dict(foreign), scores, pool, result, _card_sequences(docs, pool))


def _ruling_candidates(ruling: Ruling, pool: list[_EnglishRuling], keyword_stems: set[str],
                       card_names: dict[str, str]) -> list[int]:
    if ruling.card:
        english_card = card_names.get(ruling.card, ruling.card)
        return [i for i, g in enumerate(pool) if english_card in g.cards]
    text = fold(ruling.text)
    out = []
    for i, group in enumerate(pool):
        if keyword_stems and not keyword_stems & set(group.stems):
            continue
        if any(fold(name) in fold(group.text) and fold(name) not in text for name in group.cards):
            continue  # a card-specific wording
        out.append(i)
    return out


def paraphrase(a: _EnglishRuling, b: _EnglishRuling) -> float:
    """Share of stems two English wordings have in common (cognate forms counted as one)."""
    sa, sb = set(a.stems), set(b.stems)
    if not sa or not sb:
        return 0.0
    common = sum(1 for x in sa if any(x == y or cognate(x, y) for y in sb))
    return common / (len(sa) + len(sb) - common)


def _card_sequences(docs: list[Document], pool: list[_EnglishRuling]) -> list[list[int]]:
    """Each card's English rulings in their published order, as wording indexes into ``pool``."""
    index = {ident: i for i, group in enumerate(pool) for ident in group.ids}
    sequences: dict[tuple[str, str], list[int]] = defaultdict(list)
    for doc in docs:
        for seq, ruling in enumerate(doc.rulings):
            if ruling.lang == "en" and ruling.card:
                sequences[(doc.id, ruling.card)].append(index[(doc.id, seq)])
    return list(sequences.values())


def _gap_candidates(k: int, order: list[int], chosen: dict[int, list[int]], sequences: list[list[int]]) -> set[int]:
    """Wordings lying exactly between the counterparts of ruling ``order[k]``'s aligned neighbours
    in some card's ruling list (a page that copies a card's rulings keeps their order)."""
    if k == 0 or k + 1 >= len(order) or order[k - 1] not in chosen or order[k + 1] not in chosen:
        return set()
    before, after = set(chosen[order[k - 1]]), set(chosen[order[k + 1]])
    out = set()
    for sequence in sequences:
        for p in range(len(sequence) - 2):
            if sequence[p] in before and sequence[p + 2] in after:
                out.add(sequence[p + 1])
    return out


def _assign_rulings(doc: Document, rulings: dict[int, Ruling], scores: dict[int, dict[int, float]],
                    pool: list[_EnglishRuling], result: Alignment, sequences: list[list[int]]) -> None:
    ranked = sorted(((s, seq, i) for seq, row in scores.items() for i, s in row.items() if s >= RULING_MIN),
                    key=lambda x: (-x[0], x[1], x[2]))
    taken: set[int] = set()
    done: dict[int, str] = {}
    chosen: dict[int, list[int]] = {}
    margins: dict[int, tuple[float, str]] = {}
    for score, seq, best in ranked:
        if seq in done or best in taken:
            continue
        star = [best] + [i for i in scores[seq] if i != best and i not in taken
                         and paraphrase(pool[best], pool[i]) >= PARAPHRASE_MIN]
        rivals = [s for i, s in scores[seq].items() if i not in star and i not in taken]
        runner_up = max(rivals, default=0.0)
        if score - runner_up < RULING_MARGIN:
            done[seq] = f"ambiguous: best {score:.2f}, next {runner_up:.2f}"
            continue
        done[seq] = "aligned"
        taken.update(star)
        chosen[seq] = star
        margins[seq] = (score - runner_up, "content")
    # Second pass: a ruling left between two aligned neighbours takes the wording found between
    # their counterparts in a card's ruling list, if its content agrees and nothing there rivals it.
    order = sorted(rulings)
    for k, seq in enumerate(order):
        if seq in chosen:
            continue
        gap = {i for i in _gap_candidates(k, order, chosen, sequences) if i in scores[seq] and i not in taken}
        ranked_gap = sorted(((scores[seq][i], i) for i in gap), reverse=True)
        if not ranked_gap or ranked_gap[0][0] < RULING_MIN:
            continue
        best_score, best = ranked_gap[0]
        star = [best] + [i for i in scores[seq] if i != best and i not in taken
                         and paraphrase(pool[best], pool[i]) >= PARAPHRASE_MIN]
        if any(s >= best_score - RULING_MARGIN for s, i in ranked_gap[1:] if i not in star):
            continue
        done[seq] = "aligned"
        taken.update(star)
        chosen[seq] = star
        margins[seq] = (RULING_MARGIN, "content+order")
    for seq, star in chosen.items():
        margin, method = margins[seq]
        score = scores[seq][star[0]]
        confidence = round(min(0.99, 0.5 * score + 0.4 + 2 * margin), 3)
        for i in star:
            member = pool[i]
            for b_doc, b_seq in member.ids:
                result.pairs.append(Pair("ruling", doc.id, str(seq), b_doc, str(b_seq), method,
                                         confidence if i == star[0] else round(confidence * 0.95, 3),
                                         {"lang": rulings[seq].lang, "score": round(scores[seq][i], 3),
                                          "margin": round(margin, 3), "english": member.text[:200]}))
    for seq, ruling in rulings.items():
        if done.get(seq) != "aligned":
            best = max(scores[seq].values(), default=0.0)
            reason = done.get(seq) or f"no English ruling matches well enough (best {best:.2f})"
            result.unaligned.append(Unaligned("ruling", doc.id, str(seq), ruling.lang, reason, ruling.text[:160]))


def _card_name_map(result: Alignment) -> dict[str, str]:
    return {p.a_id.split(":", 1)[1]: p.b_id for p in result.pairs if p.kind == "card"}


# -- rulings to rules ------------------------------------------------------------------

def link_rulings_to_rules(docs: list[Document], ref: Document, result: Alignment) -> None:
    """Rulings to the rules they clarify: cited numbers, keyword titles, and through translations."""
    numbers = {r.number for r in ref.rules}
    keywords = _keyword_titles(ref)
    card_text = {c.name: set(content_stems(c.text, "en")) for d in docs for c in d.cards if c.text}
    links: dict[tuple[str, str], list[tuple[str, str, float]]] = defaultdict(list)
    for doc in docs:
        for seq, ruling in enumerate(doc.rulings):
            if ruling.lang != "en":
                continue
            key = (doc.id, str(seq))
            for number in find_refs(ruling.text, "en"):
                if number in numbers:
                    links[key].append((number, "cites", 1.0))
            stems = content_stems(ruling.text, "en")
            present = set(stems)
            for title_stems, number in keywords.get_all(present):
                if _contains(stems, title_stems):
                    if ruling.card and not set(title_stems) <= card_text.get(ruling.card, set(title_stems)):
                        continue
                    if all(number != n for n, _, _ in links[key]):
                        links[key].append((number, "keyword", 0.9))
    for doc in docs:  # foreign rulings: through their English counterparts, and their page's keyword
        keyword = doc.meta.get("keyword") if isinstance(doc.meta.get("keyword"), dict) else None
        page_rules = [result.rule_link(doc.id, r.number) for r in doc.rules if r.kind == "rule"
                      and keyword and rule_name(r) and fold(rule_name(r) or "") == fold(keyword.get("en", ""))]
        for seq, ruling in enumerate(doc.rulings):
            if ruling.lang == "en":
                continue
            key = (doc.id, str(seq))
            for link in page_rules:
                if link and link.method != "unaligned":
                    links[key].append((link.aligned_number, "keyword-page", round(link.confidence, 3)))
            for pair in result.pairs:
                if pair.kind == "ruling" and (pair.a_doc, pair.a_id) == key:
                    for number, _, conf in links.get((pair.b_doc, pair.b_id), []):
                        if all(number != n for n, _, _ in links[key]):
                            links[key].append((number, "via-ruling", round(conf * pair.confidence, 3)))
    for (doc_id, seq), targets in links.items():
        for number, method, confidence in targets:
            result.pairs.append(Pair("ruling-rule", doc_id, seq, ref.id, number, method, confidence, {}))


class _TitleIndex(dict):
    """Keyword titles by their first stem, so a ruling is only checked against titles it may contain."""

    def get_all(self, stems: set[str]) -> list[tuple[list[str], str]]:
        return [item for s in stems for item in self.get(s, ())]


def _keyword_titles(ref: Document) -> _TitleIndex:
    """Titled rules of the keyword action and ability chapters (701, 702), as stem sequences."""
    out = _TitleIndex()
    for rule in ref.rules:
        name = rule_name(rule)
        if rule.kind == "rule" and name and rule.number.split(".")[0] in ("701", "702"):
            if fold(name) in GENERIC_ACTIONS:
                continue
            stems = content_stems(name, "en")
            if stems:
                out.setdefault(stems[0], []).append((stems, rule.number))
    return out


def _contains(stems: list[str], phrase: list[str]) -> bool:
    n = len(phrase)
    return any(stems[i:i + n] == phrase for i in range(len(stems) - n + 1))

