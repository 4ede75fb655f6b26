"""``mtgkb diff``, ``mtgkb history`` and ``mtgkb update``: rules releases over time."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from ..releases.card_data import CARD_FILES, CARDS_TIMEOUT
from ..releases.update import RULES_PAGE, TIMEOUT
from ..store import KnowledgeBase, current_build, default_kb_dir
from ..text import counted
from .options import echo_json, info, json_option, kb_option, lang_option, open_kb, release_option, use_color


@click.command()
@click.argument("old")
@click.argument("new")
@lang_option(choices=("it", "fr"), default=None,
             help="Instead of the diff, list the rules translated in these languages whose English source changed")
@kb_option
@json_option
def diff(old: str, new: str, langs: tuple[str, ...], kb_dir: Path | None, as_json: bool) -> None:
    """What changed from release OLD to release NEW.

    OLD and NEW are rules text files, or releases held by the knowledge base named by
    effective date. Rules are matched by content: a renumbered rule is one move (with how
    similar it stayed), and references updated only because of a renumbering are told apart
    from rewording. Changed words show as [-old-]{+new+}.

    \b
    Examples:
      mtgkb diff "MagicCompRules 20250404.txt" "MagicCompRules 20250606.txt"
      mtgkb diff 2025-04-04 2025-06-06 --json
      mtgkb diff 2025-04-04 2025-06-06 --lang it     translations made stale
    """
    from ..releases.diff import diff_documents, stale_translations
    from ..releases.reader import load_release
    from ..releases.render import render_diff, render_stale

    kb = _kb_if_needed(kb_dir, (old, new), bool(langs))
    result = diff_documents(load_release(old, kb), load_release(new, kb))
    if langs:
        stale = {lang: stale_translations(result, kb, lang) for lang in langs}
        if as_json:
            echo_json({"old": result.old.effective_date, "new": result.new.effective_date,
                       "stale": [item for items in stale.values() for item in items]})
        else:
            click.echo("\n\n".join(render_stale(items, result, lang) for lang, items in stale.items()))
    elif as_json:
        echo_json(result.to_dict())
    else:
        click.echo(render_diff(result, color=use_color()))


def _kb_if_needed(kb_dir: Path | None, specs: tuple[str, ...], translations: bool) -> KnowledgeBase | None:
    """The knowledge base when a release is named by date or translations are asked for."""
    directory = kb_dir or default_kb_dir()
    if not translations and all(Path(s).is_file() for s in specs):
        return None
    if current_build(directory) is None and not translations:
        return None
    return open_kb(kb_dir)


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--corpus", "corpus", multiple=True, type=click.Path(exists=True, path_type=Path),
              help="Rules files or folders to trace through (repeatable) [default: the releases "
                   "held by the knowledge base].")
@release_option
@kb_option
@json_option
def history(query: tuple[str, ...], corpus: tuple[Path, ...], release: str | None, kb_dir: Path | None,
            as_json: bool) -> None:
    """The life of one rule across releases: added, renumbered, reworded, and when.

    QUERY is a rule number (as numbered in --release, else in the newest release holding
    it) or words naming a rule (a keyword such as vote, a glossary term, a phrase).

    \b
    Examples:
      mtgkb history vote
      mtgkb history 701.38 --corpus ../shared/corpus/cr-en/
      mtgkb history the ring tempts you --json
    """
    from ..releases.history import history as trace_history
    from ..releases.reader import releases_from_paths, releases_in_kb
    from ..releases.render import render_history

    documents = releases_from_paths(corpus) if corpus else releases_in_kb(open_kb(kb_dir))
    result = trace_history(" ".join(query), documents, release)
    if as_json:
        echo_json(result.to_dict())
    else:
        click.echo(render_history(result, color=use_color()))


@click.command()
@click.option("--cards", "cards", is_flag=True,
              help="Fetch MTGJSON's card data instead (AtomicCards.json.xz: every card once, its Oracle text, "
                   "Italian and French names and texts, rulings).")
@click.option("--cards-printings", "printings", is_flag=True,
              help="Fetch MTGJSON's AllPrintings.json.xz instead (every set and printing; far larger).")
@click.option("--url", default=None,
              help=f"The rules page that links to the text release [default: {RULES_PAGE}]; with --cards or "
                   "--cards-printings, the card file, its checksum at URL.sha256 [default: MTGJSON's, "
                   f"{CARD_FILES['cards'].url} or {CARD_FILES['printings'].name}].")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=None,
              help=f"Seconds each download may take in all [default: {TIMEOUT:g} for the rules (the page, then the "
                   f"release), {CARDS_TIMEOUT:g} for a card file].")
@click.option("--max-size", "max_mb", type=click.FloatRange(min=0.001), default=None, metavar="MB",
              help="The largest card file downloaded, in MB; a larger one is refused [default: "
                   f"{CARD_FILES['cards'].max_bytes // 2**20} for --cards, "
                   f"{CARD_FILES['printings'].max_bytes // 2**20} for --cards-printings].")
@kb_option
@json_option
def update(cards: bool, printings: bool, url: str | None, timeout: float | None, max_mb: float | None,
           kb_dir: Path | None, as_json: bool) -> None:
    """Download the current official English rules release, or MTGJSON's current card data, and rebuild
    the knowledge base with it.

    The file is kept in KB/corpus/ (recorded in its MANIFEST.json with its date and sha256) and added
    to the knowledge base's sources; a file already held is not downloaded again. A card file must
    match the sha256 MTGJSON publishes beside it (URL.sha256) and be the file asked for; its date
    (MTGJSON's meta.date) is the date of its source. On any failure (a timeout, a download over the
    limit, an HTTP error, a bad checksum, a damaged xz or JSON file) nothing is kept and the knowledge
    base is left as it was. Progress goes to standard error (none with --json).

    A newer card file replaces the older one of its kind in KB/corpus/; set files and other card
    sources stay beside it, and a card's text is shown from the newest data. The rebuild takes about
    as long as `mtgkb build` of those sources (minutes for the whole card data); searches and the web
    pages go on answering from the current build until the new one is published whole. The knowledge
    base folder must be writable (it is rebuilt); a card file is read up to 1 GiB once unpacked, so a
    larger --max-size than that does not help.

    \b
    Examples:
      mtgkb update                          the current rules release
      mtgkb update --cards                  MTGJSON's AtomicCards: current Oracle texts, rulings
      mtgkb update --cards --json
      mtgkb update --cards-printings --max-size 512 --timeout 3600
      mtgkb update --cards --url https://mirror.example/v5/AtomicCards.json.xz
    """
    from dataclasses import asdict

    directory = kb_dir or default_kb_dir()
    if cards and printings:
        raise click.UsageError("--cards and --cards-printings fetch one file each: give one of them")
    if not (cards or printings):
        if max_mb is not None:
            raise click.UsageError("--max-size limits a card file: give it with --cards or --cards-printings")
        return _update_rules(directory, url or RULES_PAGE, timeout or TIMEOUT, as_json)
    from ..releases.card_data import update_cards

    progress = None if as_json else DownloadProgress()
    result = update_cards(directory, "cards" if cards else "printings", url, timeout or CARDS_TIMEOUT,
                          int(max_mb * 2**20) if max_mb else None, progress=None if as_json else info,
                          on_bytes=progress)
    if progress is not None:
        progress.finish()
    if as_json:
        echo_json(asdict(result))
        return
    spec = CARD_FILES[result.kind]
    of = f"{spec.name} of {result.data_date}" if result.data_date else spec.name
    if result.status == "held":
        click.echo(f"{of} is already held (sha256 {result.sha256}); nothing downloaded ({result.url}).")
        return
    read = (f": {result.cards:,} cards, {result.rulings:,} rulings" if result.cards is not None else "")
    done = "Downloaded" if result.status == "downloaded" else "Added back the file held,"
    click.echo(f"{done} {of} (sha256 {result.sha256}) to {result.path}; knowledge base rebuilt from "
               f"{counted(len(result.sources), 'source')}{read}.")


def _update_rules(directory: Path, url: str, timeout: float, as_json: bool) -> None:
    from dataclasses import asdict

    from ..releases.update import update as run_update

    result = run_update(directory, url, timeout, progress=None if as_json else info)
    if as_json:
        echo_json(asdict(result))
    elif result.status == "held":
        click.echo(f"Release {result.effective_date} is already held; nothing downloaded ({result.url}).")
    else:
        click.echo(f"Downloaded release {result.effective_date} (sha256 {result.sha256}) to {result.path}; "
                   f"knowledge base rebuilt from {counted(len(result.sources), 'source')}.")


class DownloadProgress:
    """The bytes of a download, on standard error: one line rewritten on a terminal, elsewhere a line
    at each tenth of the file (each 8 MB when its length is not announced)."""

    def __init__(self) -> None:
        self.terminal = sys.stderr.isatty()
        self.step = -1
        self.shown_at = 0.0
        self.written = False

    def __call__(self, size: int, length: int | None) -> None:
        text = (f"  {_size(size)} of {_size(length)} ({size * 100 // length} %)" if length else f"  {_size(size)}")
        step = size * 10 // length if length else size // (8 * 2**20)
        if self.terminal:
            now = time.monotonic()
            if now - self.shown_at >= 0.2 or size == length:
                self.shown_at = now
                click.echo(f"\r{text}\x1b[K", err=True, nl=False)
                self.written = True
        elif step != self.step:
            self.step = step
            click.echo(text, err=True)

    def finish(self) -> None:
        if self.terminal and self.written:
            click.echo("", err=True)


def _size(count: int) -> str:
    return f"{count / 2**20:.1f} MB" if count >= 2**20 else f"{count / 1024:.0f} KB"


@click.command()
@click.argument("old")
@click.argument("new")
@click.option("--root", type=click.Path(exists=True, file_okay=False, path_type=Path), default=Path("."),
              show_default=True, help="The project folder the curated files' paths start from.")
@click.option("--review", "review_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the lines to review [default: ROOT/refresh-review.tsv].")
@click.option("--dry-run", is_flag=True, help="Report what would change; write nothing.")
@kb_option
@json_option
def refresh(old: str, new: str, root: Path, review_path: Path | None, dry_run: bool, kb_dir: Path | None,
            as_json: bool) -> None:
    """Carry the curated files (phrasings, vocabulary rules, gold answers) from release OLD to NEW.

    OLD and NEW are rules text files, or releases held by the knowledge base named by
    effective date, as for `mtgkb diff`. Rules are matched by content: a moved rule's lines
    take its new number; a rewording at least 0.9 similar keeps them, flagged for review; the
    rest are kept as they were and listed in the review file. Nothing is written unless every
    file was carried (temporary files, then renamed).

    \b
    Examples:
      mtgkb refresh "MagicCompRules 20250606.txt" "MagicCompRules 20251114.txt" --dry-run
      mtgkb refresh 2025-06-06 2025-11-14 --json
    """
    from ..releases.reader import load_release
    from ..releases.refresh import refresh as carry, write_all

    kb = _kb_if_needed(kb_dir, (old, new), False)
    result = carry(load_release(old, kb), load_release(new, kb), root)
    review_path = review_path or root / "refresh-review.tsv"
    if not dry_run:
        write_all(root, result, review_path)
    if as_json:
        echo_json({**result.to_dict(), "dry_run": dry_run, "review_file": None if dry_run else str(review_path)})
        return
    for carried in result.files:
        if not carried.present:
            click.echo(f"{carried.path}: absent under {root}, not refreshed")
            continue
        counts = carried.counts()
        click.echo(f"{carried.path}: {counts['moved']} moved, {counts['reworded']} reworded (kept, to review), "
                   f"{counts['unplaced']} unplaced (kept as they were), {counts['unchanged']} unchanged")
    to_review = len(result.review())
    if dry_run:
        click.echo(f"Dry run {result.old} -> {result.new}: nothing written; {to_review} lines would be listed to review")
    else:
        click.echo(f"Refreshed {result.old} -> {result.new}; {to_review} lines to review in {review_path}")
