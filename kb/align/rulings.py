"""Foreign rulings paired with the English rulings they translate.

Candidates are the card's English rulings, or for a keyword page the rulings that
use its keyword, minus wordings naming a card the translation does not mention.
Pairs are scored by an IDF-weighted lexicon overlap, shared numbers and English
phrases quoted in the foreign text; a page's rulings are distinct, so each English
ruling goes to one of them, strongest first, and only with a lead over the next
candidate. The English wordings of one ruling are paired together; a ruling left
between two aligned neighbours may take the one found between their counterparts
in a card's ruling list (method ``content+order``). Anything ambiguous stays unaligned.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass

from ..model import Document, Ruling
from ..text import RULE_NUMBER_IN_TEXT, fold, match_key
from .lexicon import Lexicon, cognate, content_stems, weighted_overlap
from .result import Alignment, Pair, Unaligned
from .rules import QUOTED

RULING_MIN = 0.30  # IDF-weighted score a ruling pair needs at least
RULING_MARGIN = 0.04  # ... and its lead over the ruling's next candidate
PARAPHRASE_MIN = 0.6  # English wordings this alike are one ruling


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
            key = match_key(ruling.text)
            group = groups.get(key)
            if group is None:
                stems = content_stems(RULE_NUMBER_IN_TEXT.sub(" ", ruling.text), "en")
                group = groups[key] = _EnglishRuling(ruling.text, stems, {s for s in stems if s.isdigit()}, [], set())
            group.ids.append((doc.id, seq))
            if ruling.card:
                group.cards.add(ruling.card)
    return list(groups.values())


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
    f_numbers = _numbers(RULE_NUMBER_IN_TEXT.sub(" ", foreign.text), foreign.lang)
    if f_numbers or english.numbers:
        parts.append((len(f_numbers & english.numbers) / len(f_numbers | english.numbers), 0.2))
    quotes = QUOTED.findall(foreign.text)
    if quotes:
        text = match_key(english.text)
        parts.append((sum(1 for q in quotes if match_key(q) in text) / len(quotes), 0.2))
    elif QUOTED.search(english.text):
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
            f_stems = content_stems(RULE_NUMBER_IN_TEXT.sub(" ", ruling.text), ruling.lang)
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
