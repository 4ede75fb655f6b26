"""The mtgkb command: build and rule, on real releases, with exact errors."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kb.cli import main
from kb.store import current_build

from .conftest import FIXTURES, SEEDS, copy_kb, cr_release

CLEAN = FIXTURES / "cr_defects" / "clean.txt"  # a small hand-made rules text of 2021-06-18


@pytest.fixture(scope="module")
def kb_2024(kb_cache) -> Path:
    """``mtgkb build --corpus`` the English release of 2024-11-08 (the test run's one such build)."""
    result = kb_cache.command(["--corpus", str(cr_release("20241108"))])
    assert result.exit_code == 0, result.output
    return result.kb_dir


def run(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, list(args))


def test_rule_with_subrules(kb_2024: Path) -> None:
    result = run("rule", "400.7", "--kb", str(kb_2024))
    assert result.exit_code == 0
    heads = [line for line in result.output.splitlines() if line and not line.startswith(" ")]
    assert heads[:13] == ["400.7"] + [f"400.7{c}" for c in "abcdefghijkm"]
    assert "Sources: en = Magic: The Gathering Comprehensive Rules, 2024-11-08 (official)" in result.output


def test_rule_json_shape(kb_2024: Path) -> None:
    result = run("rule", "701.32a", "--json", "--kb", str(kb_2024))
    assert result.exit_code == 0
    [entry] = json.loads(result.output)
    assert entry["number"] == "701.32a" and entry["kind"] == "subrule" and entry["title"] is None
    en = entry["texts"]["en"]
    assert en["text"].startswith("Some spells and abilities instruct players to vote")
    assert (en["source"], en["effective_date"]) == ("cr-en-2024-11-08", "2024-11-08")
    assert entry["children"] == [] and entry["examples"] == {}


@pytest.mark.parametrize("args, numbers", [
    (["400.7."], ["400.7"]),
    (["702.19b-d"], ["702.19b", "702.19c", "702.19d"]),
    (["702.19b–702.19d"], ["702.19b", "702.19c", "702.19d"]),
    (["400.1-400.3"], ["400.1", "400.2", "400.3"]),
    (["400.11-400.12"], ["400.11", "400.11a", "400.11b", "400.11c", "400.12"]),
    (["4"], ["4"] + [str(n) for n in range(400, 409)]),
    (["400.7m", "701.32."], ["400.7m", "701.32"]),
])
def test_rule_selectors(kb_2024: Path, args: list[str], numbers: list[str]) -> None:
    result = run("rule", *args, "--json", "--kb", str(kb_2024))
    assert result.exit_code == 0, result.output
    assert [e["number"] for e in json.loads(result.output)] == numbers


def test_chapter_shows_title_and_rules(kb_2024: Path) -> None:
    entries = json.loads(run("rule", "400", "--json", "--kb", str(kb_2024)).output)
    assert entries[0]["title"] == "General" and entries[0]["kind"] == "chapter"
    assert [e["number"] for e in entries[1:]] == [f"400.{n}" for n in range(1, 13)]
    assert entries[0]["children"] == [f"400.{n}" for n in range(1, 13)]


def test_unknown_number_is_one_line_with_nearest(kb_2024: Path) -> None:
    result = run("rule", "400.13", "--kb", str(kb_2024))
    assert result.exit_code == 1
    assert result.stderr == "Error: no rule 400.13 in the knowledge base; nearest: 400, 400.12, 401, 401.1\n"


def test_malformed_number_is_one_line(kb_2024: Path) -> None:
    result = run("rule", "400.7l", "--kb", str(kb_2024))
    assert result.exit_code == 1
    assert result.stderr == "Error: subrule letters skip 'l' and 'o': '400.7l'\n"


def test_build_error_is_one_line_and_keeps_the_old_kb(kb_2024: Path, tmp_path: Path) -> None:
    kb_dir = copy_kb(kb_2024, tmp_path / "kb")  # this test's own copy: the build it tries writes into it
    before = current_build(kb_dir)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01binary")
    result = run("build", "--kb", str(kb_dir), "--corpus", str(bad))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == f"Error: {bad}:1: binary file (NUL byte), not text"
    assert "Traceback" not in result.output
    assert current_build(kb_dir) == before


def test_unrecognised_file_named_explicitly_is_an_error(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list\nmilk\n", encoding="utf-8")
    result = run("build", "--kb", str(tmp_path / "kb"), "--corpus", str(notes))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1].startswith(f"Error: {notes}:1: format not recognised")


def test_rebuild_publishes_atomically(kb_2024: Path, tmp_path: Path) -> None:
    """A copy of the 2024-11-08 build, rebuilt from the small hand-made rules text of 2021-06-18
    (``fixtures/cr_defects/clean.txt``): the new build is the current one, and lookups read it."""
    kb_dir = copy_kb(kb_2024, tmp_path / "kb")
    first = current_build(kb_dir)
    assert json.loads(run("rule", "701.32", "--json", "--kb", str(kb_dir)).output)[0]["texts"]["en"]["text"] == "Vote"
    assert run("build", "--kb", str(kb_dir), "--corpus", str(CLEAN), "--replace").exit_code == 0
    second = current_build(kb_dir)
    assert first != second and (kb_dir / "CURRENT").read_text().strip() == second.name
    entries = json.loads(run("rule", "702.30", "--json", "--kb", str(kb_dir)).output)
    assert (entries[0]["texts"]["en"]["text"], entries[0]["texts"]["en"]["effective_date"]) == ("Cycling", "2021-06-18")
    assert run("rule", "701.32", "--kb", str(kb_dir)).exit_code == 1  # not in the new sources


def test_every_command_has_help() -> None:
    names = main.list_commands(click.Context(main))
    assert {"build", "rule", "search", "align", "export", "import", "status", "diff", "history", "update",
            "serve"} <= set(names)
    for name in names:
        result = run(name, "--help")
        assert result.exit_code == 0, name
        command = main.get_command(click.Context(main), name)
        assert command.help and len(command.help) > 30, name


def test_rule_without_a_knowledge_base_builds_the_embedded_corpus_first(tmp_path: Path, monkeypatch) -> None:
    # the embedded corpus stood in for by its three seeds: what is tested is that it is built first,
    # in the platform's folder (here $XDG_DATA_HOME/mtgkb), the only one built on first use
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    for seed in SEEDS:
        (seeds / seed.name).write_bytes(seed.read_bytes())
    monkeypatch.setattr("kb.pipeline.embedded_corpus", lambda: seeds)
    monkeypatch.delenv("MTGKB_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    kb_dir = tmp_path / "data" / "mtgkb"
    result = run("rule", "400.7")
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith(f"No knowledge base in {kb_dir}: building it from the embedded corpus first.")
    assert "[it] Un oggetto che si sposta da una zona a un'altra diventa un nuovo oggetto" in result.stdout
    assert current_build(kb_dir) is not None


@pytest.mark.parametrize("how", ["--kb", "--kb before", "MTGKB_HOME"])
def test_a_folder_named_with_no_knowledge_base_is_an_error_not_a_new_build(tmp_path: Path, monkeypatch,
                                                                           how: str) -> None:
    mistyped = tmp_path / "nokb"
    args = {"--kb": ["search", "vote", "--kb", str(mistyped)], "--kb before": ["--kb", str(mistyped), "search", "vote"],
            "MTGKB_HOME": ["search", "vote"]}[how]
    if how == "MTGKB_HOME":
        monkeypatch.setenv("MTGKB_HOME", str(mistyped))
    result = run(*args)
    assert result.exit_code == 1
    assert result.output == f"Error: {mistyped}: no knowledge base here (build one with: mtgkb build --kb {mistyped})\n"
    assert not mistyped.exists()


def test_readme_first_command_shows_400_7_in_english_and_italian(readme_build) -> None:
    """`mtgkb build && mtgkb rule 400.7` on the embedded corpus (the seeds, the English release of
    2025-11-14 and five MTGJSON sets), as the README's first command runs it. The build is the test
    run's one ``mtgkb build --json`` through the CLI (``readme_build``), which also serves the tests
    that read the embedded corpus's knowledge base (``product_kb``)."""
    result, kb_dir = readme_build, readme_build.kb_dir
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    formats = {Path(d["path"]).name: d["format"] for d in summary["documents"]}
    assert formats == {"000_a6d3485c321a44a0.txt": "wiki-keyword-text",
                       "001_c70b93c6d7c03b3c.txt": "rulings-page",
                       "004_033ca0c87611b1e4.txt": "wiki-cr-text",
                       "MagicCompRules 20251114.txt": "cr-text",
                       **{f"{code}.json": "mtgjson" for code in ("2XM", "C21", "CN2", "CNS", "VOC")}}
    assert all(d["unparsed"] == 0 for d in summary["documents"])
    assert {Path(s["path"]).name: s["reason"] for s in summary["skipped"]} == {
        "MANIFEST.json": "corpus manifest, not a source",
        "lexicon-core.tsv": "curated lexicon data (read by the alignment), not a source",
        "vocabulary.tsv": "curated lexicon data (read by the alignment), not a source",
        "vocabulary-review.tsv": "curated lexicon data (read by the alignment), not a source",
        **{name: "search data (read to understand questions), not a source"
           for name in ("wordtable.tsv", "wordtable-review.tsv", "nearwords.tsv", "jargon.tsv", "rule-phrases.tsv", "english-forms.tsv",
                        "lemma-forms.tsv", "story-words.tsv", "rules-words.tsv", "locutions.tsv", "card-nicknames.tsv",
                        "chat-words.tsv", "card-names.tsv", "lemmatiser-words.bloom")}}
    rule = run("rule", "400.7", "--kb", str(kb_dir))
    assert rule.exit_code == 0, rule.output
    heads = [line for line in rule.stdout.splitlines() if line and not line.startswith(" ")]
    assert heads[:13] == ["400.7"] + [f"400.7{c}" for c in "abcdefghijkm"]
    lines = rule.stdout.splitlines()
    assert lines[1].startswith("  [en] An object that moves from one zone to another becomes a new object")
    assert lines[2].startswith("  [it] Un oggetto che si sposta da una zona a un'altra diventa un nuovo oggetto")


def test_every_embedded_file_is_tracked_and_matches_the_manifest() -> None:
    """A fresh clone holds the embedded corpus the manifest lists, byte for byte."""
    import hashlib
    import subprocess

    from kb.corpus import embedded_corpus, manifest

    root = embedded_corpus()
    listed = {d["file"]: d["sha256"] for d in manifest()}
    assert {"cr-en/MagicCompRules 20251114.txt", "mtgjson/C21.json"} <= set(listed)
    for name, digest in listed.items():
        assert hashlib.sha256((root / name).read_bytes()).hexdigest() == digest, f"{name}: update MANIFEST.json"
    tracked = subprocess.run(["git", "ls-files", "corpus"], cwd=root.parent, capture_output=True, text=True)
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    assert {f"corpus/{name}" for name in listed} <= set(tracked.stdout.splitlines())


def test_lookup_commands_import_nothing_heavy() -> None:
    """`mtgkb rule`, `define` and `card` start fast: no search engine, HTML parser, web stack or HTTP client."""
    import subprocess
    import sys

    heavy = ["whoosh", "bs4", "lxml", "urllib.request", "starlette", "babel", "kb.parsers"]
    for command in ("rule", "define", "card"):  # `mtgkb define` and `mtgkb card` start as fast
        code = (f"import sys; from kb.cli import main; import kb.cli.{command}; "
                "from kb import lookup, render, glossary, cards, rulings, catalog; "
                f"print(','.join(m for m in {heavy!r} if m in sys.modules))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        assert out.strip() == "", command



def test_rule_loads_only_what_reading_a_rule_needs(product_kb: Path) -> None:
    """A cold `mtgkb rule` (the start-up figure of benchmarks/lookup_speed.py) reads the knowledge base:
    no build lock (filelock), no platform folders (--kb given), no typo distances, no write side."""
    import subprocess
    import sys

    unused = ["filelock", "platformdirs", "rapidfuzz", "kb.store.write", "kb.pipeline", "kb.align", "kb.vocabulary"]
    code = ("import sys\nfrom kb.cli import main\ntry:\n    main(['rule', '400.7', '--kb', sys.argv[1]])\n"
            "except SystemExit:\n    pass\n"
            f"print(','.join(m for m in {unused!r} if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(product_kb)], capture_output=True, text=True, check=True)
    assert "400.7" in done.stdout and done.stderr.strip() == ""

def test_folder_build_skips_files_that_are_not_sources_and_says_why(tmp_path: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "allSets.json").write_bytes(b"\n")  # as in the shared 580-set archive
    (folder / "photo.bin").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (folder / "notes.txt").write_text("shopping list\nmilk\n", encoding="utf-8")
    (folder / "rules.txt").write_bytes(CLEAN.read_bytes())  # a small rules text in the official layout
    result = run("build", "--kb", str(tmp_path / "kb"), "--corpus", str(folder), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert [Path(d["path"]).name for d in summary["documents"]] == ["rules.txt"]
    assert {Path(s["path"]).name: s["reason"] for s in summary["skipped"]} == {
        "allSets.json": "file is empty", "notes.txt": "format not recognised",
        "photo.bin": "binary file (NUL byte), not text"}


def test_rule_numbers_as_a_judge_types_them(product_kb: Path) -> None:
    def shown(*typed: str) -> list[str]:
        result = run("rule", *typed, "--json", "--lang", "en", "--kb", str(product_kb))
        assert result.exit_code == 0, (typed, result.output)
        return [entry["number"] for entry in json.loads(result.output)]

    assert shown("702.19B") == ["702.19b"]
    for typed in (("CR 400.7.",), ("CR", "400.7."), ("400,7.",), ("regola 400.7.",), ("règle 400.7.",),
                  ("regola", "400,7.")):
        assert shown(*typed) == ["400.7"], typed
    assert shown("702.19B-D") == ["702.19b", "702.19c", "702.19d"]


def test_lang_lists_and_repeats_on_every_command(product_kb: Path) -> None:
    kb = str(product_kb)
    for langs in (("--lang", "fr,it"), ("--lang", "fr", "--lang", "it"), ("--lang", "FR, it")):
        rule = json.loads(run("rule", "400.7.", *langs, "--json", "--kb", kb).output)
        assert set(rule[0]["texts"]) == {"it"}, langs  # French holds no text of 400.7 here: no English either
        card = run("card", "Sun Titan", *langs, "--kb", kb).output
        assert "[it] Titano Solare" in card and "[fr] Titan solaire" in card, langs
        define = json.loads(run("define", "voto", *langs, "--json", "--kb", kb).output)
        assert set(define[0]["text"]) == {"it"}, langs
        aligned = json.loads(run("align", *langs, "--json", "--kb", kb).output)
        assert set(aligned["counts"]) == {"it", "fr"}, langs
    wrong = run("rule", "400.7", "--lang", "it,de", "--kb", kb)
    assert wrong.exit_code == 2 and "'de': choose from en, it, fr" in wrong.output
    search = run("search", "voto", "--lang", "it,en", "--json", "--limit", "5", "--kb", kb)
    assert search.exit_code == 0 and {hit["lang"] for hit in json.loads(search.output)} <= {"it", "en"}


def test_the_knowledge_base_folder_before_the_command_or_in_the_environment(product_kb: Path,
                                                                            tmp_path: Path) -> None:
    expected = run("rule", "400.7.", "--json", "--kb", str(product_kb)).output
    assert run("--kb", str(product_kb), "rule", "400.7.", "--json").output == expected
    empty = tmp_path / "nothing-here"  # never built: a command would build it first
    by_env = CliRunner(env={"MTGKB_HOME": str(product_kb)}).invoke(main, ["rule", "400.7.", "--json"])
    assert by_env.output == expected
    # --kb after the command beats --kb before it, which beats MTGKB_HOME
    both = CliRunner(env={"MTGKB_HOME": str(empty)}).invoke(main, ["--kb", str(empty), "rule", "400.7.", "--json",
                                                                   "--kb", str(product_kb)])
    assert both.output == expected and not empty.exists()
    group = CliRunner(env={"MTGKB_HOME": str(empty)}).invoke(main, ["--kb", str(product_kb), "rule", "400.7.",
                                                                    "--json"])
    assert group.output == expected and not empty.exists()


def test_the_same_release_given_twice_is_read_once() -> None:
    """The embedded copy and the shared copy of the 2025-11-14 release, then the embedded one again."""
    from kb.ingest import ingest

    from .conftest import CORPUS

    embedded = CORPUS / "cr-en" / "MagicCompRules 20251114.txt"
    report = ingest([embedded, cr_release("20251114"), embedded])
    assert [doc.id for doc in report.documents] == ["cr-en-2025-11-14"]
    assert [(s.path, s.reason) for s in report.skipped] == [
        (str(cr_release("20251114")), f"same content as {embedded}"), (str(embedded), f"same content as {embedded}")]


def test_build_prints_the_card_entries_read_and_a_warning_for_each_left_out(tmp_path: Path) -> None:
    cards = [{"name": f"Card {i}", "type": "Instant", "text": "Draw a card."} for i in range(3)]
    cards[1]["name"] = ["Card 1"]
    cards[2]["text"] = 42
    path = tmp_path / "TST.json"
    path.write_text(json.dumps({"meta": {"date": "2022-04-25", "version": "5.2.0"},
                                "data": {"baseSetSize": 3, "code": "TST", "name": "Test", "releaseDate": "2022-01-01",
                                         "cards": cards, "tokens": []}}), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--kb", str(tmp_path / "kb"), "--corpus", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{path}: mtgjson [en 2022-04-25, official]: 2 cards; 2 of 3 card entries read" in result.output
    assert f"warning: {path}: data.cards[1].name: a list, not a string: card left out" in result.output
    assert f"warning: {path}: data.cards[2].text: a number (42), not a string: read as empty" in result.output
