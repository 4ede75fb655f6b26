"""The fourth stage of a search, **fuse**: one page from the retrievers' lists, and its scores (:func:`fuse`).

The order is a precedence, not a sum: the lists come in the order the retrieve stage gives them
(:mod:`indexer.retrieve`): the rules a query's numbers name, then the game concept it names whole,
then exact names, then a question's rules (in the rerank stage's order), then the text matches (direct
ones before those only a translation or correction reached, then those holding only some of the words).
A list placed *after best* (a concept named inside a longer query, a question read from words found
nowhere as typed) brings its first ``fuse.after_best`` hits right after the best match
(:meth:`~indexer.page.Page.insert_after_best`). A list *kept at end* (the rulings of the cards a question
names) comes under the ``limit`` hits of the others, at most a third of ``limit`` more: a card's rulings never
push a rule off the page. Each hit is on the page once
(:class:`~indexer.page.Page`).

Each retriever scores in its own units (BM25 for text, the question ranking's scaled BM25; a rule
number, a concept or a name matches exactly). A hit's ``score`` is therefore its retrieval score
as a share of the best of its stage on the page (exact matches 1), never above the hit before it:
where the precedence puts a hit above one its retriever scored higher, the lower one keeps the
score of the hit above. The JSON ``score`` falls with the rank; ``--explain`` gives each hit's
stage, retrieval score and the rerankers that changed it (:data:`STAGES`).
"""

from __future__ import annotations

from itertools import islice

from .hits import Hit
from .page import Page
from .params import Fuse
from .retrieve import AFTER_BEST, KEPT_AT_END, Retrieved

# The stage each hit reason belongs to, in precedence order (a hit's ``reason``).
STAGES = {"number": "number", "concept": "concept", "name": "name", "question": "question",
          "text": "text", "expanded": "text", "partial": "text", "card": "card"}
EXACT = frozenset({"number", "concept", "name"})  # stages whose hits match exactly: score 1


def fuse(retrieved: Retrieved, limit: int, params: Fuse) -> list[Hit]:
    """The first ``limit`` hits of the retrieved lists in precedence order, each once, scored (:func:`scored`), and
    under them the lists kept at end (the rulings of the cards named), at most a third of ``limit`` more."""
    page = Page(limit)
    for found in retrieved.lists:
        if found.place == AFTER_BEST:
            page.insert_after_best(list(islice(found, params.after_best)))
        elif found.place != KEPT_AT_END:
            page.add(found)
    page.limit = len(page) + limit // 3
    page.add(hit for found in retrieved.lists if found.place == KEPT_AT_END for hit in found)
    return scored(page)


def scored(page: list[Hit]) -> list[Hit]:
    """``page`` (in precedence order) with each hit's score made its share of its stage's best,
    capped by the hit above; the retrieval score and the rerankers applied kept for ``--explain``."""
    best: dict[str, float] = {}
    for hit in page:
        stage = STAGES.get(hit.reason, "text")
        best[stage] = max(best.get(stage, 0.0), hit.score)
    above = 1.0
    for hit in page:
        stage = STAGES.get(hit.reason, "text")
        share = 1.0 if stage in EXACT else (hit.score / best[stage] if best[stage] > 0 else 0.0)
        hit.extra["ranking"] = {"stage": stage, "retrieval": round(hit.score, 4) if stage not in EXACT else None,
                                "rerankers": [[tag, round(factor, 4)] for tag, factor in hit.extra.pop("_rerankers", [])],
                                "capped": share > above + 1e-12}
        hit.score = above = min(share, above)
    return page
