"""Command-line behaviour a newcomer meets first: numbers out of range at the terminal prompt,
boolean rule options spelt as REST spells them, and the bound on ``simulate --games``."""

from __future__ import annotations

import sys

import pytest

from ghosttable.cli import main
from tests.toygame import SecretDraw


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "argv", ["ghosttable", *argv])
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("typed", ["-1", "0", "4", "+7", "0003"])
def test_a_number_outside_the_list_is_out_of_range_and_asked_again(
    typed: str,
    secret_draw: type[SecretDraw],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    answers = iter([typed, "1", "keep"])

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr("ghosttable.cli.console.input", answer)
    code, out, err = run(["play", "secret-draw", "--terminal", "--seed", "5"], capsys, monkeypatch)
    assert code == 0, err
    text = " ".join(out.split())
    if typed == "0003":  # a number in range, however written, is that line
        assert "out of range" not in text
        assert len(asked) == 2
    else:
        assert f"refused: {typed} is out of range: choose a number from 1 to 3" in text
        assert "action kind" not in text and "snake_case" not in text  # not read as an action
        assert len(asked) == 3  # the same decision was asked again, then the game went on
    assert "game over" in text
