"""Bytes to text: encodings, byte-order marks, line breaks, size caps, I/O and hostile files."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.engine.errors import FileTooLargeError, FormatError, PuzzleError
from game.engine.formats import (
    COLLECTION_CAP,
    UnreadableFileError,
    open_puzzles,
    parse_bytes,
)
from game.engine.formats import collection as collection_module
from game.engine.formats.source import INVISIBLE
from game.engine.puzzle import PuzzleRecord

P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
ROWS = [P[i * 9 : i * 9 + 9] for i in range(9)]
ROOT = Path(__file__).resolve().parents[2]


def puzzles(path: Path) -> list[str]:
    found = []
    for item in open_puzzles(path):
        assert isinstance(item, PuzzleRecord), item
        found.append(str(item.puzzle))
    return found


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("utf8-bom.txt", b"\xef\xbb\xbf" + P.encode() + b"\n"),
        ("utf16le-bom.txt", ("\ufeff" + P + "\r\n").encode("utf-16-le")),
        ("utf16be-bom.txt", ("\ufeff" + P + "\n").encode("utf-16-be")),
        ("utf16le-nobom.txt", (P + "\n").encode("utf-16-le")),
        ("grid-utf16.txt", ("\ufeff" + "\r\n".join(ROWS)).encode("utf-16-le")),
        ("grid-bom.txt", b"\xef\xbb\xbf" + "\n".join(ROWS).encode()),
        ("cr-only.txt", "\r".join(ROWS).encode()),
        ("crlf-extra.txt", ("\r\n".join(ROWS) + "\r\n\r\n\r\n").encode()),
        ("no-final-newline.txt", P.encode()),
        ("collection-cr.txt", ("# c\r" + P + "\r").encode()),
    ],
)
def test_encodings_and_line_endings(tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    assert puzzles(path) == [P]
    assert [str(item.puzzle) for item in parse_bytes(data) if isinstance(item, PuzzleRecord)] == [P]


def test_latin1_byte_in_a_comment_is_harmless_but_not_in_a_cell(tmp_path: Path) -> None:
    path = tmp_path / "latin1.sdk"
    path.write_bytes(b"#DTr\xe8s facile\n" + "\n".join(ROWS).encode() + b"\n")
    (record,) = list(open_puzzles(path))
    assert isinstance(record, PuzzleRecord)
    assert record.title == "Tr\ufffds facile"
    path.write_bytes(P[:5].encode() + b"\xe9" + P[6:].encode() + b"\n")
    (error,) = list(open_puzzles(path))
    assert isinstance(error, FormatError)
    assert str(error) == "line 1, column 6: byte 0xe9, which is not UTF-8 text"


def test_fullwidth_digits_are_not_digits() -> None:
    (error,) = parse_bytes((P[:3] + "\uff15" + P[4:] + "\n").encode())
    assert isinstance(error, FormatError)
    assert str(error) == "line 1, column 4: unknown character '\uff15'"


# -- I/O --------------------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFileError) as caught:
        open_puzzles(tmp_path / "nope.txt")
    assert caught.value.reason == "no such file"
    assert caught.value.located() == f"{tmp_path / 'nope.txt'}: no such file"
    assert isinstance(caught.value, FormatError)


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFileError, match="is a directory"):
        open_puzzles(tmp_path)


@pytest.mark.skipif(
    sys.platform == "win32" or os.geteuid() == 0, reason="root reads any file anyway"
)
def test_permission_denied(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text(P)
    path.chmod(0)
    with pytest.raises(UnreadableFileError, match="permission denied"):
        open_puzzles(path)


def test_file_too_large_for_any_format(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as stream:
        stream.truncate(COLLECTION_CAP + 1)  # sparse: costs no disk
    with pytest.raises(FileTooLargeError) as caught:
        open_puzzles(path)
    assert caught.value.reason == "the file is 64.0 MiB; files are read up to 64 MiB"


def test_whole_file_cap_names_its_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(collection_module, "WHOLE_CAP", 1024 * 1024)
    path = tmp_path / "big.opensudoku"
    game = f'<game data="{P.replace(".", "0")}"/>\n'
    path.write_text("<opensudoku>\n" + game * 12000 + "</opensudoku>\n")
    with pytest.raises(FileTooLargeError) as caught:
        open_puzzles(path)
    assert caught.value.reason.endswith("XML files are read up to 1 MiB")
    # The same amount of puzzles one per line is no problem: that is read lazily.
    lines = tmp_path / "big.txt"
    lines.write_text((P + "\n") * 20000)
    assert open_puzzles(lines).count == 20000


# -- hostile files ----------------------------------------------------------------------------


def test_nul_bytes_mean_binary(tmp_path: Path) -> None:
    path = tmp_path / "nul.txt"
    path.write_bytes(P[:10].encode() + b"\x00" + P[11:].encode())
    with pytest.raises(FormatError) as caught:
        open_puzzles(path)
    assert str(caught.value) == "line 1, column 11: the file is not text (it holds a NUL byte)"


def test_binary_junk_without_nul_bytes(tmp_path: Path) -> None:
    path = tmp_path / "junk.bin"
    path.write_bytes(bytes(range(128, 256)) * 40)
    with pytest.raises(FormatError, match="not text"):
        open_puzzles(path)


def test_ten_megabyte_single_line_fails_after_its_head(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_bytes(b"1" * (10 * 1024 * 1024))
    with pytest.raises(FormatError) as caught:
        open_puzzles(path)
    assert caught.value.line == 1
    assert "no puzzle format has lines over 65536" in caught.value.reason


def test_long_line_in_memory() -> None:
    with pytest.raises(FormatError, match="the line is 70000 characters long"):
        parse_bytes(b"# x\n" + b"." * 70000 + b"\n")


def test_every_problem_is_a_puzzle_error_subclass(tmp_path: Path) -> None:
    for data in (b"", b"\x00\x01", b"<html>", b"[Puzzle]\n", b"1 2 3"):
        path = tmp_path / "x.txt"
        path.write_bytes(data)
        try:
            items = list(open_puzzles(path))
        except PuzzleError as error:
            assert error.path == str(path)
            continue
        assert all(isinstance(item, PuzzleError) for item in items)


def test_the_formats_package_never_imports_pygame() -> None:
    code = (
        "import sys, game.engine.formats, game.cli.solve; "
        "sys.exit(1 if any(m.startswith('pygame') for m in sys.modules) else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


Q = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
ZWSP, ZWNJ, ZWJ, WJ, BOM, SHY = "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"


@pytest.mark.parametrize(
    "text",
    [
        P[:5] + ZWSP + P[5:] + "\n" + Q + "\n",  # between digits: not a cell
        P + "\n" + BOM + Q + "\n",  # a BOM at the start of the second puzzle
        BOM + P + "\n" + Q[:40] + BOM + Q[40:] + "\n",  # and inside a line
        P[:9] + ZWJ + ZWNJ + P[9:] + "\r\n" + WJ + Q + SHY + "\r\n",
        "\n".join(ROWS) + ZWSP + "\n\n" + "\n".join(Q[i : i + 9] + WJ for i in range(0, 81, 9)),
    ],
)
def test_invisible_characters_are_ignored_as_a_reader_ignores_them(text: str) -> None:
    found = parse_bytes(text.encode("utf-8"))
    assert [r.puzzle.givens for r in found if isinstance(r, PuzzleRecord)] == [
        tuple(int(c) if c != "." else 0 for c in p) for p in (P, Q)
    ], found


def test_invisible_characters_in_the_lines_of_a_big_collection(tmp_path: Path) -> None:
    """Collections are read line by line, lazily: each line is cleaned the same way."""
    lines = [P, BOM + Q, P[:3] + ZWSP + P[3:], Q + ZWJ] * 500
    path = tmp_path / "web.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    opened = open_puzzles(path)
    assert isinstance(opened, collection_module.LineCollection)
    assert opened.count == len(lines)
    assert all(isinstance(item, PuzzleRecord) for item in opened)


INVISIBLES = sorted(INVISIBLE)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(P + Q + "0"), min_size=81, max_size=81).map("".join),
    st.dictionaries(
        st.integers(0, 81), st.text(st.sampled_from(INVISIBLES), min_size=1, max_size=3)
    ),
)
# Found by CI: a grid whose givens clash was blamed on a soft hyphen, because the
# text with a blank there read as some other format.
@example("." * 79 + "88", {64: "\xad"})
def test_invisible_characters_between_cells_give_the_same_puzzle(
    cells: str, inserted: dict[int, str]
) -> None:
    """Any 81-cell line, with invisible characters between (or around) its cells."""
    line = "".join(inserted.get(i, "") + char for i, char in enumerate(cells))
    line += inserted.get(81, "")
    plain = parse_bytes((cells + "\n").encode())
    (item,) = parse_bytes((line + "\n").encode())
    (expected,) = plain
    if isinstance(expected, PuzzleRecord):
        assert isinstance(item, PuzzleRecord), item
        assert item.puzzle == expected.puzzle
    else:  # a clash: the same error at the same place, counted in seen characters
        assert isinstance(item, PuzzleError)
        assert (item.reason, item.line, item.column) == (
            expected.reason,
            expected.line,
            expected.column,
        )


SPACED = " ".join(P)
ROW16 = " ".join(str(n) for n in [1, 16, 0, 3] + [0] * 12)


@pytest.mark.parametrize(
    ("text", "line", "column", "between"),
    [
        # Blank-separated cells: dropping the ZWSP glues two cells into one.
        (Q + "\n" + SPACED[:5] + ZWSP + SPACED[6:] + "\n", 2, 6, ("'.'", "'4'")),
        # A puzzle's id and its cells run together.
        ("id42" + WJ + P + "\n" + Q + "\n", 1, 5, ("'2'", "'.'")),
        # A 16x16 row of numbers: "1" and "16" would become 116.
        (
            "\n".join([ROW16.replace("1 16", "1" + ZWJ + "16")] + ["0 " * 15 + "0"] * 15),
            1,
            2,
            ("'1'", "'1'"),
        ),
    ],
)
def test_an_invisible_character_that_separates_is_named(
    text: str, line: int, column: int, between: tuple[str, str]
) -> None:
    items = parse_bytes(text.encode())
    errors = [item for item in items if isinstance(item, PuzzleError)]
    assert len(errors) == 1, items
    (error,) = errors
    assert (error.line, error.column) == (line, column), error
    assert "invisible character (U+" in error.reason
    assert f"between {between[0]} and {between[1]}" in error.reason


def test_an_invisible_separator_in_a_big_collection_is_named(tmp_path: Path) -> None:
    """Lazily read lines follow the same rule, with the file's line numbers."""
    path = tmp_path / "web.txt"
    lines = [P, Q] * 300 + ["id7" + ZWSP + Q]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    opened = open_puzzles(path)
    assert isinstance(opened, collection_module.LineCollection)
    with pytest.raises(FormatError) as caught:
        opened.record(600)
    assert (caught.value.line, caught.value.column) == (601, 4)
    assert caught.value.located().endswith(
        "601:4: an invisible character (U+200B, zero width space) between '7' and '4' "
        "separates them, but invisible characters are ignored, so the two run together: "
        "put a blank there"
    )
    assert str(opened.record(599).puzzle) == Q


def test_an_invisible_character_is_not_blamed_for_an_unrelated_error() -> None:
    clash = "55" + P[2:]
    (item,) = parse_bytes((clash[:40] + ZWSP + clash[40:] + "\n").encode())
    assert isinstance(item, PuzzleError)
    assert "invisible" not in item.reason
