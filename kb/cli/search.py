"""``mtgkb search``: full-text and rule-number search (thin layer over :mod:`indexer.search`).

whoosh is imported inside the command only, so ``mtgkb rule`` never pays for it.
"""

from __future__ import annotations

from pathlib import Path

import click

from kb.corpus import source_label
from kb.render import LANGUAGE_NAMES, language_list, pointer_note
from kb.text import one_line

from .options import echo_json, info, json_option, kb_option, lang_option, open_kb, use_color

KIND_CHOICES = ("rule", "ruling", "term", "card", "example", "page")
MAX_HITS = 200  # indexer.searcher.MAX_LIMIT (not imported here: it would load whoosh for every command)
_BRINGS_SHOWN = 6  # the rules a card brings shown with their reasons by --explain; the others by number


DASH_HINT = "a query starting with '-' goes after '--': mtgkb search -- -1/-1 counters"


class _SearchCommand(click.Command):
    """``mtgkb search -1/-1`` reads ``-1`` as an option: the error says how to search for it."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            exc.message = f"{exc.message.rstrip('.')}; {DASH_HINT}"
            raise


@click.command(name="search", cls=_SearchCommand)
@click.argument("query", nargs=-1, required=True)
@click.option("--limit", "-n", type=click.IntRange(1, MAX_HITS), default=10, show_default=True,
              help=f"At most this many hits (1 to {MAX_HITS}); the rulings of the cards a question names come "
                   "under them, at most a third as many more.")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(KIND_CHOICES),
              help="Only these kinds of hit (repeatable) [default: all].")
@click.option("--explain", is_flag=True,
              help="Say how a question was read: its language, each word and what it was searched as "
                   "(with --json: an object with read_as and hits).")
@lang_option
@kb_option
@json_option
def search_command(query: tuple[str, ...], limit: int, kinds: tuple[str, ...], explain: bool, langs: tuple[str, ...],
                   kb_dir: Path | None, as_json: bool) -> None:
    """Search rules, examples, glossary terms, rulings, keyword pages and cards.

    \b
    Query language:
      travolgere, cimetière         a game term in any language: its rule and glossary first
      pareggio, vote tied           words, in any language (all must match first)
      "public zone"                 a phrase
      vote OR abstain, vote NOT tie alternatives; exclusion (also -tie)
      vot*                          a prefix (3 letters or more)
      701.32, rule 400.7k, 702.19b-d  rule numbers and ranges, shown first
      kind:card, lang:it, section:7 filters
      -- -1/-1 counters             a query starting with '-' goes after '--'
    Accents, elisions (dell'abilità, l’exil) and small typos are forgiven.

    \b
    Questions, in Italian, French or English:
      una creatura tappata può bloccare?
      que se passe-t-il si je pioche dans une bibliothèque vide ?
      can I respond to a mana ability?
    A question is read in the language its words are in (--lang, which keeps only hits of
    its languages, names it only when the words leave that unsure), its question and
    function words dropped, its other words translated to the rules' English
    (a "Read as:" line shows how; --explain says more); the rules holding most of them
    come first. Cards a question names, by any printed name or part of one, are read as
    cards, not words ("Read as: ...; Cards: Pithing Needle"): what they are brings their
    rules up, and their rulings that meet the question come under the rules:
      Pithing Needle nomina il mio planeswalker: posso attivare le sue abilità?
    Hits are grouped (Rules, Glossary, Rulings, Card rulings, Cards); a rule is one hit under its
    English number with its text in every language the knowledge base holds it in (most rules only in
    English: Italian and French where a translated source gives them); --kind opens one group.
    """
    from indexer.search import search

    text = " ".join(query)
    if not text.strip():
        raise click.ClickException("empty query: give a rule number, a game term or a question (mtgkb search --help)")
    kb = open_kb(kb_dir)
    hits = search(kb, text, lang=",".join(langs) or None, kind=",".join(kinds) or None, limit=limit)
    if as_json:
        found = [hit.to_dict() | ({"ranking": hit.extra["ranking"]} if explain and "ranking" in hit.extra else {})
                 for hit in hits]
        reason = getattr(hits, "empty_reason", None)
        echo_json({"query": text, "read_as": hits.reading, "empty_reason": reason,
                   "not_held": getattr(hits, "not_held", None), "hits": found} if explain else found)
        if hits.reading and not explain:  # how a question was read, beside the bare list (on stderr)
            for line in read_as_lines(hits.reading):
                info(line)
        if getattr(hits, "not_held", None) and not explain:
            info(f"Note: {hits.not_held}")
        if not found:
            info(no_results(text, reason))
        for suggestion in hits.suggestions:
            info(f"Did you mean: {suggestion}")
        return
    titles = {doc_id: source_label(doc) for doc_id, doc in kb.documents().items()}
    click.echo(render_hits(hits, text, color=use_color(), titles=titles, explain=explain))


def render_hits(hits, query: str, *, color: bool, titles: dict[str, str] | None = None, explain: bool = False) -> str:
    """The hits grouped (Rules, Glossary, Rulings, Cards, each with its count; groups in the
    order of their best hit), each hit with its rank; a rule with its text in every language.
    A hit with no title of its own (a ruling of a rulings page) is named by its document's
    title and date (``titles``: document id -> label)."""
    from indexer.hits import GROUPS

    lines: list[str] = [_read_as(c) for c in getattr(hits, "concepts", [])[:3]]
    reading = getattr(hits, "reading", None)
    reason = getattr(hits, "empty_reason", None)
    if reading and (reading["words"] or not reason):  # "only function words" is the reason said below
        lines += read_as_lines(reading, explain)
    lines += [f"Note: the {LANGUAGE_NAMES.get(e['lang'], e['lang'])} source {e['source']} numbers {e['number']} as "
              f"{e['asked']}; {e['asked']} below is the English release's (mtgkb rule {e['number']})"
              for e in getattr(hits, "elsewhere", [])]
    if getattr(hits, "not_held", None):
        lines.append(f"Note: {hits.not_held}")
    if not hits:
        lines.append(no_results(query, reason))
    ranked = list(enumerate(hits, 1))
    order = sorted(GROUPS, key=lambda g: next((r for r, h in ranked if h.group == g), len(ranked) + 1))
    for group in order:
        members = [(rank, hit) for rank, hit in ranked if hit.group == group]
        if not members:
            continue
        heading = f"{group} ({len(members)})"
        lines.append(click.style(heading, bold=True, underline=True) if color else heading)
        for rank, hit in members:
            lines += render_hit(rank, hit, color, titles or {}, explain)
    for suggestion in hits.suggestions:
        lines.append(f"Did you mean: {suggestion}")
    return "\n".join(lines)


def no_results(query: str, reason: str | None) -> str:
    """``No results for 'rule 999.9': no rule 999.9 in …; nearest: 9, 905.6.`` (one line)."""
    return f"No results for {query!r}" + (f": {reason}." if reason else ".")


def read_as_lines(reading: dict, explain: bool = False) -> list[str]:
    """``Read as: loyalty counter · planeswalker · damage`` (how a question was read) and, with
    ``explain``, its language and each word with what it was searched as."""
    lang = LANGUAGE_NAMES.get(reading["lang"], "any language") if reading["lang"] else "any language"
    if not reading["words"] and not reading.get("cards"):
        if not reading["dropped"]:
            return ["Read as: no words: nothing to search for"]
        return [f"Read as: only question and function words ({' '.join(reading['dropped'])}): nothing to search for"]
    kind = "question" if reading["question"] else "words"
    negation = f"negation ignored: {' … '.join(reading['negation'])}" if reading.get("negation") else ""
    story = ", ".join(w["text"] for w in reading["words"] if w.get("role") == "story")
    notes = "".join(f"; {note}" for note in (negation, f"story weighed low: {story}" if story else "") if note)
    lines = [f"Read as: {reading['read_as']}" + (f"  ({lang} {kind}{notes})" if not explain else "")]
    if reading.get("corrections"):
        lines.append("Spelling corrected: " + ", ".join(f"{typed} → {fixed}" for typed, fixed in reading["corrections"]))
    elif reading.get("spelled"):
        lines.append(f"Spelling corrected: {reading['spelled']}")
    lines += _weak_match_lines(reading)
    if reading.get("close"):
        first, second = reading["close"]
        lines.append(f"Close call: {first} and {second} score within 5 % of each other; read both")
    if reading.get("notice"):
        lines.append(f"Note: {reading['notice']}")
    if explain:
        sure = f", {reading['confidence']:.0%} sure" if reading["confidence"] < 1 else ""
        lines.append(f"  language: {lang}{sure}")
        for word in reading["words"]:
            lines.append(f"  {word['text']} → " + ", ".join(_searched_as(a) for a in word["searched_as"]) + _role(word))
        for card in reading.get("cards", []):
            brings = ", ".join(f"{b['rule']} ({b['why']})" for b in card["brings"][:_BRINGS_SHOWN])
            if more := [b["rule"] for b in card["brings"][_BRINGS_SHOWN:]]:  # every rule, the reasons of the first
                brings += f"; and {', '.join(more)}"
            among = card.get("among") or []
            which = (f" (one of {len(among)} cards: {', '.join(among[:3])}{', …' if len(among) > 3 else ''})"
                     if among else "")
            lines.append(f"  {card['typed']} → card {card['name']} [{card['how']}]{which}" + (f": brings {brings}" if brings else ""))
        if reading["dropped"]:
            lines.append(f"  left out (question and function words): {' '.join(reading['dropped'])}")
        if negation:
            lines.append(f"  {negation} (word scores cannot read it: the answers may be about the opposite case)")
    return lines


# The first answer holding this share of a question's words or less is a weak match, said so.
WEAK_SHARE = 1 / 3


def _weak_match_lines(reading: dict) -> list[str]:
    """A warning when the first answer holds few of the question's words (``held``), naming the words
    no rule or glossary entry holds (``unmatched``): the answers may not answer it. Not when a card the
    question names points to that answer (``backed``): what the card is tells, not the words (Leyline of
    Punishment's unpreventable damage, 615.12, first for a question of 7 words of which it holds 2)."""
    words = sum(1 for word in reading["words"] if not word.get("role"))  # the story's words are not counted
    held, unmatched = reading.get("held"), reading.get("unmatched") or []
    nowhere = f"; in no rule: {', '.join(unmatched)}" if unmatched else ""
    if held is not None and not reading.get("backed") and words >= 2 and held / words <= WEAK_SHARE:
        return [f"Weak match: the first answer holds {held} of the {words} words read{nowhere}; it may not answer the question"]
    return [f"In no rule: {', '.join(unmatched)}"] if unmatched else []


# How --explain names a word of the story (indexer.reading: Group.role).
ROLES = {"story": "story word", "context": "the story's word, not a game word"}


def _role(word: dict) -> str:
    """``  (story word: weighed ×0.1)``: a word of the story around the question, weighed low."""
    return f"  ({ROLES.get(word['role'], word['role'])}: weighed ×{word['scale']:g})" if word.get("role") else ""


def _searched_as(alternative: dict) -> str:
    """``toughness [en, table 0.92]``: one way a word was searched, with its weight when below 1."""
    weight = f" {alternative['weight']:.2f}" if alternative["weight"] < 1 else ""
    return f"{alternative['text']} [{alternative['lang']}, {alternative['source']}{weight}]"


def _read_as(concept: dict) -> str:
    """``Game term: Trample · travolgere · piétinement (702.19)``: what the query was read as."""
    rules = f" ({', '.join(concept['rules'][:3])})" if concept["rules"] else ""
    return "Game term: " + " · ".join(dict.fromkeys(concept["names"].values())) + rules


def render_hit(rank: int, hit, color: bool, titles: dict[str, str] | None = None, explain: bool = False) -> list[str]:
    """A hit's head line, its marked snippet and, for a rule, its other languages' texts (with
    ``explain``, the players' phrasings of it that hold the question's words)."""
    if hit.kind == "rule":
        head = f"{rank:>3}. {hit.number or ''} {hit.title}".rstrip()
    elif hit.kind == "example":
        head = f"{rank:>3}. example of {hit.number} [{hit.lang}]"
    else:
        head = f"{rank:>3}. {hit.title or hit.extra.get('card') or (titles or {}).get(hit.doc, hit.doc)} [{hit.lang}]"
        if hit.kind == "card" and hit.extra.get("english") and hit.extra["english"] != hit.title:
            head += f" ({hit.extra['english']})"
    lines = [click.style(head, bold=True) if color else head]
    marked = _marked(hit, color)
    if hit.kind != "rule":
        linked = [f"    linked to rule {', '.join(hit.extra['rules'])}"] if hit.extra.get("rules") else []
        return lines + [f"    {marked}"] + linked + _numbered(hit.extra, "    ")
    heading = hit.extra.get("subkind") in ("chapter", "section")
    for index, (lang, text) in enumerate(hit.texts.items() or [(hit.lang, {})]):
        shown = marked if index == 0 else one_line(text.get("text") or "", 160)
        if heading and text.get("title") and text.get("text") not in (None, "", text["title"]):
            shown = text["title"] + pointer_note(text["text"])  # "Cimitero", not its "Vedi Cimitero."
        lines.append(f"    {lang}: {shown}")
        lines += _numbered(text, "        ")
    if hit.extra.get("fallback"):
        lines.append(f"    (no {language_list(hit.extra['fallback']['asked'])} text held: English shown)")
    if explain and hit.extra.get("phrases"):
        # a phrasing is how players ask about the rule, often without its question mark: never a ruling (the
        # sixty-third cold trial's judge read "può attaccare il turno che entra senza rapidità" as one)
        lines.append("    met by how players ask about it (their words, not a ruling): "
                     + " · ".join(f"“{phrase}”" for phrase in hit.extra["phrases"]))
    if explain and hit.extra.get("ranking"):
        lines.append(f"    ranked: {ranking_line(hit.extra['ranking'])}")
    if hit.number:
        lines.append(f"    mtgkb rule {hit.number}")
    return lines


def ranking_line(ranking: dict) -> str:
    """``question, retrieval 12.3, rerankers home ×1.2 cited ×1.07``: how a hit was ranked (indexer.fuse)."""
    parts = [ranking["stage"] + (f", retrieval {ranking['retrieval']:g}" if ranking.get("retrieval") is not None else ", exact")]
    if ranking.get("rerankers"):
        parts.append("rerankers " + " ".join(f"{tag} ×{factor:g}" for tag, factor in ranking["rerankers"]))
    if ranking.get("capped"):
        parts.append("placed below a hit of an earlier stage")
    return ", ".join(parts)


def _numbered(item: dict, indent: str) -> list[str]:
    """"numbered X in SOURCE" for a text its source numbers otherwise than the English reference."""
    if item.get("source_number"):
        return [f"{indent}(numbered {item['source_number']} in {item.get('source') or 'its source'})"]
    return []


def _marked(hit, color: bool) -> str:
    if not color:
        return hit.marked("[", "]")
    snippet = hit.marked("\x00", "\x01")
    return snippet.replace("\x00", click.style("", bold=True, fg="yellow", reset=False)).replace(
        "\x01", click.style("", reset=True))
