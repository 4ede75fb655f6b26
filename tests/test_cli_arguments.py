"""Arguments that are not valid text (issue 34 point 18, the CLI side): an answer, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main, valid_text

from .conftest import cr_release

UNDECODABLE = "\udcff\udcfe"  # the bytes FF FE in argv, as Python hands them over (surrogateescape)
LONE = "tram\ud800ple"  # a lone surrogate


def test_undecodable_bytes_and_lone_surrogates_become_replacement_characters() -> None:
    assert valid_text(UNDECODABLE) == "\ufffd\ufffd"
    assert valid_text(LONE) == "tram\ufffd\ufffd\ufffdple"
    assert valid_text("l\u00e9gendaire") == "l\u00e9gendaire"  # valid text is left as it is


@pytest.fixture(scope="module")
def seed(kb_cache, tmp_path_factory) -> Path:
    return kb_cache.copy([cr_release("20241108")], tmp_path_factory.mktemp("args") / "kb")


@pytest.mark.parametrize("command", [["search"], ["search", "--json"], ["define"], ["rule"]])
@pytest.mark.parametrize("argument", [UNDECODABLE, LONE], ids=["undecodable bytes", "lone surrogate"])
def test_a_command_given_invalid_text_answers_in_words(seed: Path, command: list[str], argument: str) -> None:
    result = CliRunner().invoke(main, [command[0], argument, "--kb", str(seed), *command[1:]])
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
