"""Test helpers for the variant formats: the shared real puzzles, and SudokuPad's zipper.

:func:`zip_sudokupad` is SudokuPad's ``PuzzleZipper.zip`` written again for tests, so
scl links can be made from JSON the test states (the game only ever unzips).
"""

from __future__ import annotations

import csv
import json
import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.engine.formats.lzstring import compress_to_base64
from game.engine.formats.sudokupad import PROPERTIES
from game.engine.rules import Cage


def fpuzzles_entries(shared_data: Path) -> list[dict[str, Any]]:
    """Every line of the shared fpuzzles.jsonl."""
    path = shared_data / "variants" / "fpuzzles.jsonl"
    with path.open(encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]


def solo_rows(shared_data: Path) -> list[dict[str, str]]:
    """Every row of the shared solo.tsv."""
    path = shared_data / "variants" / "solo.tsv"
    with path.open(encoding="utf-8", newline="") as stream:
        return list(csv.DictReader(stream, delimiter="\t"))


def solution_of(text: str) -> tuple[int, ...]:
    """A recorded solution (``1-9`` then letters) as digits."""
    return tuple(int(char, 36) for char in text)


def _clear_empty_arrays(value: Any) -> Any:
    if isinstance(value, list):
        return [_clear_empty_arrays(item) for item in value]
    if isinstance(value, dict):
        return {
            key: _clear_empty_arrays(item)
            for key, item in value.items()
            if not (isinstance(item, list) and not item)
        }
    return value


def _short_names(value: Any) -> Any:
    if isinstance(value, list):
        return [_short_names(item) for item in value]
    if isinstance(value, dict):
        return {PROPERTIES.get(key, key): _short_names(item) for key, item in value.items()}
    if isinstance(value, str) and str(_int_or_none(value)) == value:
        return int(value)
    return value


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def zip_sudokupad(puzzle: dict[str, Any]) -> str:
    """SudokuPad's zipped form of a puzzle object (``PuzzleZipper.zip``)."""
    text = json.dumps(
        _short_names(_clear_empty_arrays(puzzle)), separators=(",", ":"), ensure_ascii=False
    )
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", text)
    text = re.sub(r"(:)false([,}\]])", r"\1f\2", text)
    text = re.sub(r"(:)true([,}\]])", r"\1t\2", text)
    text = re.sub(r'(:)"#000000"([,}\]])', r"\1#0\2", text)
    text = re.sub(r'(:)"#FFFFFF"([,}\]])', r"\1#F\2", text)
    text = re.sub(r'(:)"#([0-9a-fA-F]{6})"([,}\]])', r"\1\2\3", text)
    return text.replace("'", "\\'").replace('"', "'")


def scl_link(puzzle: dict[str, Any]) -> str:
    """``https://sudokupad.app/scl…`` for a puzzle object."""
    return "https://sudokupad.app/scl" + compress_to_base64(zip_sudokupad(puzzle))


def random_cages(
    solution: Sequence[int], rng: random.Random, largest: int, smallest: int = 1
) -> tuple[Cage, ...]:
    """Killer cages for a 9x9 ``solution``: grown at random from each cell not yet
    caged, ``smallest`` to ``largest`` cells with no digit twice, each with its sum."""
    owner = [-1] * 81
    cages: list[Cage] = []
    order = list(range(81))
    rng.shuffle(order)
    for start in order:
        if owner[start] >= 0:
            continue
        cells = [start]
        owner[start] = len(cages)
        want = rng.randint(smallest, largest)
        while len(cells) < want:
            near = [
                x
                for y in cells
                for x in (y - 9, y + 9, y - 1 if y % 9 else -1, y + 1 if y % 9 < 8 else -1)
                if 0 <= x < 81 and owner[x] < 0 and solution[x] not in {solution[z] for z in cells}
            ]
            if not near:
                break
            chosen = rng.choice(near)
            owner[chosen] = len(cages)
            cells.append(chosen)
        cages.append(Cage(tuple(sorted(cells)), sum(solution[c] for c in cells)))
    return tuple(cages)
