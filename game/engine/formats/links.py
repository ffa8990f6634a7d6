"""Puzzles as links and game IDs, and the variant texts: which reader a text goes to.

A text (a file, standard input, a pasted string) is a *variant text* when
:func:`looks_like_variant` says so; :func:`variant_document` then reads it:

- an f-puzzles JSON object (a ``.json`` file: :mod:`.fpuzzles`), or SudokuPad's own
  JSON (an object with ``cells``: :mod:`.sudokupad`);
- lines of links and game IDs, one puzzle per line (``#`` comment lines and blank
  lines skipped), each one of:

  - ``https://f-puzzles.com/?load=<lz-string base64>`` (:mod:`.fpuzzles`);
  - ``https://sudokupad.app/fpuzzles<…>`` or ``…/fpuz<…>`` (f-puzzles JSON),
    ``…/scl<…>`` or ``…/ctc<…>`` (SudokuPad's JSON: :mod:`.sudokupad`), also on
    ``beta.sudokupad.app``, ``app.crackingthecryptic.com/sudoku/…`` and with
    ``?puzzleid=``; the same payloads without the address (``fpuzzlesN4Ig…``);
  - a Simon Tatham's Solo game ID (``3x3:…``, ``3x3k:…``, ``9jx:…``: :mod:`.solo`);

- a killer cage map (:mod:`.killer`).

A short link that only names a puzzle on a server (``https://sudokupad.app/abc123``,
``https://f-puzzles.com/?id=abc``) is refused with a message that says the game is
offline and which link form carries the puzzle itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from urllib.parse import parse_qs, unquote, urlsplit

from ..errors import FormatError, PuzzleError
from ..puzzle import PuzzleRecord
from .fpuzzles import KIND as FPUZZLES_KIND
from .fpuzzles import load_payload, looks_like_fpuzzles, parse_fpuzzles, parse_json_text
from .records import Item, Records

FPUZZLES_LINK = "f-puzzles link"
SUDOKUPAD_LINK = "SudokuPad link"
SUDOKUPAD_JSON = "SudokuPad JSON"
SOLO_ID = "Solo game ID"
LINKS = "puzzle links"

_FPUZZLES_HOSTS = frozenset({"f-puzzles.com", "www.f-puzzles.com"})
_SUDOKUPAD_HOSTS = frozenset(
    {
        "sudokupad.app",
        "www.sudokupad.app",
        "beta.sudokupad.app",
        "app.crackingthecryptic.com",
        "sudokupad.svencodes.com",
    }
)
_URL = re.compile(
    r"(?:https?://)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#]\S*)?", re.I
)
_KNOWN_HOST = re.compile(
    r"(?:https?://)?(?:www\.|beta\.)?"
    r"(?:f-puzzles\.com|sudokupad\.app|app\.crackingthecryptic\.com|sudokupad\.svencodes\.com)"
    r"(?:[/?#]|\Z)",
    re.I,
)
"""Only these sites make a line a puzzle link: a file that starts with some other
address (a source line above a grid) keeps its old reading."""
_SOLO = re.compile(r"[0-9]+(?:x[0-9]+|j)[a-z0-9]*:\S*")
_PAYLOAD = re.compile(r"(fpuzzles|fpuz|scl|ctc|scf)([A-Za-z0-9+/=$%-]{16,})")


def looks_like_variant(text: str) -> bool:
    """Whether ``text`` is for this module: a variant JSON object, or lines whose
    first (after comments) is a link or a game ID, or a killer cage map.

    Cheap: JSON is only looked at, never parsed here, so it works on the first
    part of a big file.
    """
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("{"):
        head = start[:4096]
        if '"format"' in head and "sudoku-game" in head:
            return False  # the game's own save
        return any(key in head for key in ('"grid"', '"size"', '"cells"'))
    first = _first_line(text)
    if first is not None and is_link(first):
        return True
    from .killer import looks_like_killer

    return looks_like_killer(text)


def is_link(line: str) -> bool:
    """Whether one line (stripped) is a puzzle link, a SudokuPad payload or a Solo ID."""
    if _SOLO.fullmatch(line) or _PAYLOAD.fullmatch(line):
        return True
    return _KNOWN_HOST.match(line) is not None and _URL.fullmatch(line) is not None


def _first_line(text: str) -> str | None:
    for line in text[:65536].splitlines():
        stripped = line.strip().lstrip("\ufeff")
        if stripped and not stripped.startswith("#"):
            return stripped
    return None


def variant_document(text: str) -> tuple[str, list[Item] | Records]:
    """The kind of a variant text and its puzzles (bad ones as located errors).

    :raises PuzzleError: when the text as a whole is not readable (bad JSON).
    """
    start = text.lstrip("\ufeff \t\r\n")
    if start.startswith("{"):
        return _json_document(start)
    from .killer import looks_like_killer, parse_killer

    if looks_like_killer(text):
        from .killer import KIND as KILLER_KIND

        return KILLER_KIND, [_single(lambda: parse_killer(text))]
    lines = text.splitlines()
    numbered = [
        (number, line.strip().lstrip("\ufeff"))
        for number, line in enumerate(lines, 1)
        if line.strip().lstrip("\ufeff") and not line.strip().startswith("#")
    ]

    def build(index: int) -> PuzzleRecord:
        number, line = numbered[index]
        return parse_link(line, line=number, index=index)

    records = Records(len(numbered), build)
    if len(numbered) == 1:
        return link_kind(numbered[0][1]), records
    return LINKS, records


def _json_document(text: str) -> tuple[str, list[Item]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError(
            f"not valid JSON: {error.msg}", line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise FormatError("the JSON is nested too deeply") from None
    if looks_like_fpuzzles(data) and not (isinstance(data, dict) and "cells" in data):
        return FPUZZLES_KIND, [_single(lambda: parse_fpuzzles(data))]
    if isinstance(data, dict) and "cells" in data:
        from .sudokupad import parse_sudokupad

        return SUDOKUPAD_JSON, [_single(lambda: parse_sudokupad(data))]
    raise FormatError("a JSON object that is neither an f-puzzles nor a SudokuPad puzzle")


def _single(parse: object) -> Item:
    try:
        return parse()  # type: ignore[operator,no-any-return]
    except PuzzleError as error:
        error.index = 0
        return error


def link_kind(line: str) -> str:
    """The kind of one link line, for a file holding just that line."""
    if _SOLO.fullmatch(line):
        return SOLO_ID
    host = _host(line)
    if host in _FPUZZLES_HOSTS:
        return FPUZZLES_LINK
    return SUDOKUPAD_LINK


def _host(line: str) -> str:
    url = line if "://" in line else "https://" + line
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def parse_link(text: str, *, line: int | None = None, index: int = 0) -> PuzzleRecord:
    """The puzzle of one link, payload or game ID (stripped of blanks).

    :raises PuzzleError: located at ``line``; the reason names the link's problem.
    """
    try:
        return _parse_link(text.strip(), line, index)
    except PuzzleError as error:
        error.line = error.line if error.line is not None else line
        raise


def _parse_link(text: str, line: int | None, index: int) -> PuzzleRecord:
    if _SOLO.fullmatch(text):
        from .solo import parse_solo

        return parse_solo(text, line=line, index=index)
    payload = _PAYLOAD.fullmatch(text)
    if payload:
        return sudokupad_payload(payload[1], payload[2], line, index)
    if not _URL.fullmatch(text):
        raise FormatError("this line is neither a puzzle link nor a Solo game ID")
    url = urlsplit(text if "://" in text else "https://" + text)
    host = (url.hostname or "").lower()
    query = parse_qs(url.query, keep_blank_values=True)
    if host in _FPUZZLES_HOSTS:
        if "load" in url.query:
            # The payload is base64: a "+" must stay a "+", so the query is cut by
            # hand instead of through parse_qs (which reads "+" as a blank).
            data = url.query.split("load=", 1)[1].split("&", 1)[0]
            data = unquote(data).replace(" ", "+")
            return parse_json_text(load_payload(data), line=line, index=index)
        if "id" in query:
            raise FormatError(_offline("f-puzzles", "https://f-puzzles.com/?load=…"))
        raise FormatError("an f-puzzles link without ?load=… holds no puzzle")
    if host in _SUDOKUPAD_HOSTS:
        puzzle_id = query["puzzleid"][0] if "puzzleid" in query else url.path
        puzzle_id = unquote(puzzle_id.lstrip("/"))
        for lead in ("sudoku/", "puzzle/"):
            if puzzle_id.startswith(lead):
                puzzle_id = puzzle_id[len(lead) :]
        payload = re.match(r"(fpuzzles|fpuz|scl|ctc|scf)(.+)", puzzle_id, re.S)
        if payload is None:
            raise FormatError(_offline("SudokuPad", "https://sudokupad.app/fpuzzles… or …/scl…"))
        return sudokupad_payload(payload[1], payload[2], line, index)
    raise FormatError(f"a link to {host or 'an unknown site'} holds no puzzle this game can read")


def _offline(site: str, form: str) -> str:
    return (
        f"this short {site} link only names a puzzle kept on the {site} server, and this "
        f"game is offline; open the puzzle there and copy the link that carries it "
        f"({form})"
    )


def sudokupad_payload(prefix: str, data: str, line: int | None, index: int) -> PuzzleRecord:
    """A SudokuPad payload: ``fpuzzles``/``fpuz`` + f-puzzles data, ``scl``/``ctc`` +
    SudokuPad's zipped JSON."""
    from .sudokupad import decompress, parse_sudokupad_text

    if prefix == "scf":
        raise FormatError(
            "SudokuPad's compact scf links are not read; copy the puzzle's "
            "scl… or fpuzzles… link from SudokuPad instead"
        )
    text = decompress(unquote(data))
    if prefix in ("fpuzzles", "fpuz"):
        return parse_json_text(text, line=line, index=index)
    return parse_sudokupad_text(text, line=line, index=index)


def read_links(lines: Sequence[str]) -> list[Item]:
    """Every link of ``lines`` (for tests and callers holding lines already)."""
    _, records = variant_document("\n".join(lines))
    return list(records)
