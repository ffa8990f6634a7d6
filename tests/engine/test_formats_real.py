"""Every seed and real puzzle file loads to the right puzzle (or the precise error).

The shared data is read in place (never copied into the project).  The
``constructed/std.*`` files that the formats README describes are not shipped,
so they are written here, one per format, from that README's description.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from game.engine.errors import FormatError, InvalidPuzzleError, PuzzleError
from game.engine.formats import open_puzzles, parse_text
from game.engine.puzzle import Puzzle, PuzzleRecord
from game.engine.rules import candidates, is_solution
from game.engine.shape import Shape
from game.engine.solver import solutions
from game.engine.symbols import grid_string

BG = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
P = ".3.4.....9.28.63.1.......2.8...6.7...6.2.5.9...3.4...8.7.......4.89.25.6.....8.3."
P_SOLUTION = "635421987942876351187593624821369745764285193593147268379654812418932576256718439"
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
FS_COMMA = {
    "fs-comma-easy.txt": (
        "5...1...4274...6...8.9.4...81.46.3.2..2.3.1..7.6.91.58...5.3.1...5...9271...2...3"
    ),
    "fs-comma-hard.txt": (
        "..5...9....469.1..79........1.2....3.7...6.8.....146.223...8.......5...7...4.3.1."
    ),
    "fs-comma-extreme.txt": INKALA,
}


def records(path: Path) -> list[PuzzleRecord]:
    """Every record of a file that must load cleanly."""
    found = list(open_puzzles(path))
    errors = [item for item in found if isinstance(item, PuzzleError)]
    assert not errors, errors[:3]
    return [item for item in found if isinstance(item, PuzzleRecord)]


def only(path: Path) -> PuzzleRecord:
    (record,) = records(path)
    return record


def unique_solution(puzzle: Puzzle) -> tuple[int, ...]:
    found = solutions(puzzle.shape, puzzle.givens, limit=2)
    assert len(found) == 1
    assert is_solution(puzzle.shape, found[0], puzzle.givens)
    return found[0]


# -- seed puzzles --------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["bg-list-syntax.txt", "bg-pretty-grid.txt", "bg-spaced-blocks.txt"]
)
def test_bg_seed_files_are_the_classic_puzzle(shared_data: Path, name: str) -> None:
    record = only(shared_data / "seed-puzzles" / name)
    assert str(record.puzzle) == BG
    assert not record.puzzle.shape.is_jigsaw
    unique_solution(record.puzzle)


@pytest.mark.parametrize("name", sorted(FS_COMMA))
def test_fs_comma_seed_files(shared_data: Path, name: str) -> None:
    record = only(shared_data / "seed-puzzles" / name)
    assert str(record.puzzle) == FS_COMMA[name]
    unique_solution(record.puzzle)


def test_inkala_stars(shared_data: Path) -> None:
    assert str(only(shared_data / "seed-puzzles" / "inkala-stars.txt").puzzle) == INKALA


def test_every_seed_file_loads(shared_data: Path) -> None:
    files = sorted((shared_data / "seed-puzzles").iterdir())
    assert len(files) == 7
    for path in files:
        assert len(records(path)) == 1, path.name


# -- real files by format ---------------------------------------------------------------

FORMATS = "real-files/formats"


def test_sdk_minimal_files(shared_data: Path) -> None:
    folder = shared_data / FORMATS / "sdk"
    escargot = only(folder / "UO-CIS211_Duck_Sudoku__data_arto_inkala_escargot.sdk")
    assert str(escargot.puzzle).startswith("..53.....8......2..7..1.5..4....53..")
    for name in ("00-nakedsubset1", "arto_inkala_escargot", "evil"):
        unique_solution(only(folder / f"UO-CIS211_Duck_Sudoku__data_{name}.sdk").puzzle)


def test_sadman_full_sdk_keeps_givens_entries_and_notes_apart(shared_data: Path) -> None:
    path = shared_data / FORMATS / "sdk" / "fiveham_Sudoku_Solver__puzzles_fileformatexample.sdk"
    pf = open_puzzles(path)
    assert pf.kind == "SadMan .sdk"
    record = pf.record(0)
    assert str(record.puzzle) == (
        "6.......7....9..2.3.1..259.8....7.13....8....76.3....8.782..1.6.5..3....2.......9"
    )
    assert record.entries is not None
    # r1c7 holds 3 in [State] only: an entry, not a given.
    assert record.puzzle.givens[6] == 0 and record.entries[6] == 3
    assert grid_string(record.grid)[:9] == "6.....387"
    assert record.notes is not None
    assert record.notes[1] == 0b1_0000_0010  # ",29,..." -> {2, 9} on r1c2
    assert record.notes[0] == 0  # r1c1 is a given
    assert record.extra["author"] == "SadMan Software"
    assert record.extra["level"] == "Mild"
    assert record.title == "Straightforward enough"


def test_sdm_collections(shared_data: Path) -> None:
    folder = shared_data / FORMATS / "sdm-oneline"
    snow = records(folder / "alexdej_hodoku-py__tests_testdata_sudocue_snow2005.sdm")
    assert len(snow) == 100
    assert str(snow[0].puzzle) == (
        "..4...2...25...83.....6....6...4...14..675..87...2...5....5.....31...45...9...7.."
    )
    top = open_puzzles(folder / "alexdej_hodoku-py__tests_testdata_top1465.sdm")
    assert top.count == 1465  # the extra empty line at the end is no puzzle
    assert str(top.record(1464).puzzle) == (
        "....7...1..6.....5......4...9....5..6.81.5..........8731..9....76..2....2..31...9"
    )
    assert top.record(1464).line == 1465


def test_hodoku_exemplars_utf16_and_utf8_agree(shared_data: Path) -> None:
    folder = shared_data / FORMATS / "collections-with-comments"
    utf16 = records(folder / "zh3305_HoDoKu__exemplars-1.0.txt")
    utf8 = records(folder / "alexdej_hodoku-py__tests_testdata_exemplars-1.0.txt")
    assert len(utf16) == len(utf8) == 670
    assert [r.puzzle for r in utf16] == [r.puzzle for r in utf8]
    first = utf8[0]
    assert str(first.puzzle) == (
        "........9.6....3..2.4....7...937.5.1.....2..3...15.7....1.24.....8.3.6...4.5....."
    )
    assert first.title == "lc1(3) s"  # the trailing comment
    library = [r for r in utf8 if r.title == "0604"]
    assert len(library) == 1 and library[0].entries is not None  # one HoDoKu library line


def test_csv_rated_collection(shared_data: Path) -> None:
    path = (
        shared_data
        / FORMATS
        / "csv-rated"
        / "alexdej_hodoku-py__tests_testdata_HardestDatabase110626.txt"
    )
    pf = open_puzzles(path)
    assert pf.kind == "CSV collection"
    assert pf.title == "HardestDatabase110626"
    found = records(path)
    assert len(found) == 375
    first = found[0]
    assert str(first.puzzle) == (
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    )
    assert first.extra["Poster"] == "tarek"
    assert first.extra["ER"] == ""
    assert first.title == "HardestSudokusThread-00001;tarx0134"
    assert first.line == 3


def test_hodoku_library_placed_digits_are_entries(shared_data: Path) -> None:
    path = shared_data / FORMATS / "hodoku-library" / "zh3305_HoDoKu__FN_test.txt"
    record = only(path)
    assert record.entries is not None
    # "..15+7.3.9": r1c5 holds a placed 7 (an entry), r1c3 a given 1.
    assert record.puzzle.givens[2] == 1 and record.puzzle.givens[4] == 0
    assert record.entries[4] == 7
    assert record.extra["technique"] == "1301"
    assert record.notes is not None  # 17 deleted candidates -> a pencil-mark grid
    allowed = candidates(record.puzzle.shape, record.grid)
    assert record.notes != allowed  # deletions applied
    assert all(note & ~mask == 0 for note, mask in zip(record.notes, allowed, strict=True))


def test_hodoku_regression_library(shared_data: Path) -> None:
    found = records(shared_data / FORMATS / "hodoku-library" / "zh3305_HoDoKu__reglib-1.4.txt")
    assert len(found) == 1112
    assert all(record.puzzle.size == 9 for record in found)


def test_opensudoku_excerpt(shared_data: Path) -> None:
    pf = open_puzzles(
        shared_data / FORMATS / "opensudoku" / "ogarcia_opensudoku__sudoku_easy.EXCERPT.opensudoku"
    )
    assert pf.kind == "OpenSudoku XML"
    assert pf.title == "Sudoku Easy"
    found = records(Path(pf.path))
    assert len(found) == 10
    assert str(found[0].puzzle) == (
        "379....14.6..1..7..8...9..5435..7....9..4..2....8..4369..7...8..4..8..5.85....249"
    )
    for record in found:
        unique_solution(record.puzzle)


def test_project_euler_excerpt(shared_data: Path) -> None:
    path = (
        shared_data / FORMATS / "grid-headers" / "sharath29_project-euler__p096_sudoku.EXCERPT.txt"
    )
    pf = open_puzzles(path)
    assert pf.kind == "Project Euler grids"
    found = records(path)
    assert [r.title for r in found] == ["Grid 01", "Grid 02", "Grid 03"]
    assert [r.line for r in found] == [2, 12, 22]
    assert str(found[1].puzzle).startswith("2...8.3...6..7..84.3.5..2.9")


def test_jigsaw_variants(shared_data: Path) -> None:
    folder = shared_data / FORMATS / "jigsaw-variants"
    table = _tsv(shared_data / "real-files" / "jigsaw" / "other_sources_oneline.tsv")
    cases = {
        "r0mai_jigsaw-sudoku__1.puzzle": "r0mai/jigsaw-sudoku@5b30b62:1.puzzle",
        "r0mai_jigsaw-sudoku__easy.puzzle": "r0mai/jigsaw-sudoku@5b30b62:easy.puzzle",
        "ChrisMusson_JigsawSudokuSolver__puzzles_irregular.txt": (
            "ChrisMusson/JigsawSudokuSolver@ec41df2:puzzles/irregular.txt"
        ),
    }
    for name, key in cases.items():
        givens, regions, solution = table[key]
        record = only(folder / name)
        assert str(record.puzzle) == givens
        assert record.puzzle.shape == Shape.from_regions(regions)
        assert grid_string(unique_solution(record.puzzle)) == solution
    # easy.puzzle's "jigsaw" layout is the classic boxes.
    assert not only(folder / "r0mai_jigsaw-sudoku__easy.puzzle").puzzle.shape.is_jigsaw


def test_deficit_variant_is_refused(shared_data: Path) -> None:
    path = (
        shared_data
        / FORMATS
        / "jigsaw-variants"
        / "ChrisMusson_JigsawSudokuSolver__puzzles_deficit.txt"
    )
    (error,) = list(open_puzzles(path))
    assert isinstance(error, InvalidPuzzleError)
    assert str(error) == "line 9: the region layout has 9 regions; a 7x7 grid needs 7"


def test_ascii_art_jigsaw_is_refused_clearly(shared_data: Path) -> None:
    path = (
        shared_data / FORMATS / "jigsaw-variants" / "ryan-c-lewis_jigsaw-sudoku-solver__board2.txt"
    )
    with pytest.raises(FormatError, match="ASCII art"):
        open_puzzles(path)


# -- jigsaw collections with published solutions ----------------------------------------


def _tsv(path: Path) -> dict[str, tuple[str, str, str]]:
    with path.open(encoding="utf-8") as stream:
        rows = [row for row in csv.reader(stream, delimiter="\t") if not row[0].startswith("#")]
    return {row[0]: (row[1], row[2], row[3]) for row in rows}


def test_janko_jigsaws_in_every_encoding(shared_data: Path) -> None:
    base = shared_data / "real-files" / "jigsaw"
    table = _tsv(base / "jigsaw_oneline.tsv")
    assert len(table) == 32
    for key, (givens, regions, solution) in table.items():
        shape = Shape.from_regions(regions)
        original = only(
            base / "SmilingWayne_PuzzleSolver__JigsawSudoku" / "problems" / f"{key}_9x9.txt"
        )
        derived = only(base / "derived-comp3258" / f"janko_{key}.txt")
        for record in (original, derived):
            assert str(record.puzzle) == givens, key
            assert record.puzzle.shape == shape, key
        published = only(base / "derived-comp3258" / f"janko_{key}.solution.txt")
        assert str(published.puzzle) == solution
        assert grid_string(unique_solution(derived.puzzle)) == solution, key


def test_jigsaw_tsv_files_read_as_collections(shared_data: Path) -> None:
    base = shared_data / "real-files" / "jigsaw"
    table = _tsv(base / "jigsaw_oneline.tsv")
    found = records(base / "jigsaw_oneline.tsv")
    assert [str(r.puzzle) for r in found] == [givens for givens, _, _ in table.values()]
    assert all(r.puzzle.shape.is_jigsaw for r in found)
    others = records(base / "other_sources_oneline.tsv")
    assert len(others) == 6


def test_smilingwayne_published_solutions(shared_data: Path) -> None:
    base = shared_data / "real-files" / "jigsaw" / "SmilingWayne_PuzzleSolver__JigsawSudoku"
    for path in sorted((base / "problems").iterdir()):
        record = only(path)
        published = "".join((base / "solutions" / path.name).read_text().split()[2:])
        assert grid_string(unique_solution(record.puzzle)) == published, path.name


def test_a_jigsaw_solution_without_its_layout_is_no_classic_puzzle(shared_data: Path) -> None:
    # The solution files hold only digits; read as a classic grid their boxes clash.
    path = (
        shared_data
        / "real-files/jigsaw/SmilingWayne_PuzzleSolver__JigsawSudoku/solutions/93_9x9.txt"
    )
    (error,) = list(open_puzzles(path))
    assert isinstance(error, InvalidPuzzleError)
    assert (
        str(error)
        == "line 3, column 3: conflicting givens: 5 appears 2 times in box 1 (r1c3, r2c2)"
    )


COMP3258 = {
    "GavinHU66_jigsaw-sudoku__maps_map.txt": (
        "unique",
        "682543791149276358735691842524318976963487125478152639251769483817935264396824517",
    ),
    "GavinHU66_jigsaw-sudoku__maps_map2.txt": ("multiple", None),
    "GavinHU66_jigsaw-sudoku__maps_map3.txt": ("multiple", None),
    "GavinHU66_jigsaw-sudoku__maps_map5.txt": ("multiple", None),
    "GavinHU66_jigsaw-sudoku__maps_sample_sol.txt": (
        "unique",
        "682543791149276358735691842524318976963487125478152639251769483817935264396824517",
    ),
    "tim1234ltp_jigsaw-sudoku__map2.txt": ("unique", None),
    "Hansen-chen_JigsawSudokuGameGUI__board_testing.txt": (
        "unique",
        "692784315481563297523179648754632981938215476817946523145398762369827154276451839",
    ),
    "Hansen-chen_JigsawSudokuGameGUI__board_yoyo.txt": (
        "unique",
        "978324651356981427214675398561798243482153976793246815637412589829567134145839762",
    ),
    "patrickpang_jigsaw-sudoku__maps_map-gen2.txt": ("multiple", None),
    "patrickpang_jigsaw-sudoku__maps_map-test.txt": ("none", None),
}


@pytest.mark.parametrize("name", sorted(COMP3258))
def test_comp3258_maps(shared_data: Path, name: str) -> None:
    pf = open_puzzles(shared_data / "real-files" / "jigsaw-comp3258" / name)
    assert pf.kind == "COMP3258 jigsaw map"
    record = pf.record(0)
    assert record.puzzle.shape.is_jigsaw
    status, solution = COMP3258[name]
    found = solutions(record.puzzle.shape, record.puzzle.givens, limit=2)
    assert {0: "none", 1: "unique", 2: "multiple"}[len(found)] == status
    if solution is not None:
        assert grid_string(found[0]) == solution
    for grid in found:
        assert is_solution(record.puzzle.shape, grid, record.puzzle.givens)


def test_course_layout_is_read_as_a_partition(shared_data: Path) -> None:
    record = only(
        shared_data / "real-files" / "jigsaw-comp3258" / "GavinHU66_jigsaw-sudoku__maps_map.txt"
    )
    course = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
    assert record.puzzle.shape == Shape.from_regions(course)
    assert str(record.puzzle).startswith(".8......11....63..")


# -- real broken files --------------------------------------------------------------------

BAD = "real-files/bad-inputs"


def test_bad_map_with_ten_value_rows(shared_data: Path) -> None:
    with pytest.raises(FormatError) as caught:
        open_puzzles(shared_data / BAD / "16-real-tim1234ltp_jigsaw-sudoku__map.txt")
    assert caught.value.line == 19
    assert caught.value.reason == (
        "the jigsaw map has 10 rows of values after its 9 rows of regions; it needs 9"
    )


def test_bad_sdk_full_grid_with_repeated_digits(shared_data: Path) -> None:
    (error,) = list(open_puzzles(shared_data / BAD / "17-real-UO-CIS211_Duck_Sudoku__data_bad.sdk"))
    assert isinstance(error, InvalidPuzzleError)
    assert error.index == 0
    assert error.located() == (
        f"{shared_data / BAD / '17-real-UO-CIS211_Duck_Sudoku__data_bad.sdk'}:9:1: "
        "conflicting givens: 9 appears 2 times in column 1 (r6c1, r9c1)"
    )


def test_hexa_sdk_is_a_16x16_in_0_to_f(shared_data: Path) -> None:
    record = only(shared_data / BAD / "18-real-UO-CIS211_Duck_Sudoku__data_hexa1.sdk")
    assert record.puzzle.size == 16
    # "0" is the first symbol here: row 10 holds "..4F.A..C..D0..." -> 0 reads as digit 1.
    assert record.puzzle.givens[9 * 16 + 12] == 1
    assert record.puzzle.givens[9 * 16 + 3] == 16  # F
    unique_solution(record.puzzle)


def test_unsolvable_map_reads_fine_and_has_no_solution(shared_data: Path) -> None:
    record = only(shared_data / BAD / "19-real-patrickpang_jigsaw-sudoku__maps_map-test.txt")
    assert record.puzzle.givens[0] == 4
    assert solutions(record.puzzle.shape, record.puzzle.givens, limit=2) == []


# -- the constructed std.* files: one puzzle in every format ----------------------------------


def _rows(text: str, n: int = 9) -> list[str]:
    return [text[i * n : i * n + n] for i in range(n)]


def _pm_grid(puzzle: str) -> str:
    """HoDoKu's pencil-mark grid of ``puzzle`` with simple peer-elimination candidates."""
    p = Puzzle.from_string(puzzle)
    cands = candidates(p.shape, p.givens)
    groups = [
        str(g) if g else "".join(str(d + 1) for d in range(9) if m >> d & 1)
        for g, m in zip(p.givens, cands, strict=True)
    ]
    widths = [max(len(groups[r * 9 + c]) for r in range(9)) for c in range(9)]

    def band(left: str, middle: str, right: str) -> str:
        pieces = ["-" * (sum(widths[b * 3 : b * 3 + 3]) + 4) for b in range(3)]
        return left + middle.join(pieces) + right

    lines = [band(".", ".", ".")]
    for r in range(9):
        parts = [
            " "
            + " ".join(groups[r * 9 + c].ljust(widths[c]) for c in range(b * 3, b * 3 + 3))
            + " "
            for b in range(3)
        ]
        lines.append("|" + "|".join(parts) + "|")
        if r in (2, 5):
            lines.append(band(":", "+", ":"))
    lines.append(band("'", "'", "'"))
    return "\n".join(lines) + "\n"


def std_files() -> dict[str, bytes]:
    rows = _rows(P)
    zero = P.replace(".", "0")
    ss = []
    printed = ["*-----------*"]
    pipes = []
    for i, row in enumerate(rows):
        ss.append(f"{row[:3]}|{row[3:6]}|{row[6:]}")
        printed.append(f"|{row[:3]}|{row[3:6]}|{row[6:]}|")
        z = zero[i * 9 : i * 9 + 9]
        pipes.append(" | ".join(" ".join(z[b * 3 : b * 3 + 3]) for b in range(3)))
        if i in (2, 5):
            ss.append("-" * 11)
            printed.append("|---+---+---|")
            pipes.append("------+-------+------")
    printed.append("*-----------*")
    boxes = "".join(str((i // 27) * 3 + (i % 9) // 3) for i in range(81))
    haskell = "[" + ",".join("[" + ",".join(z) + "]" for z in _rows(zero)) + "]"
    files = {
        "std.oneline-dot.txt": P + "\n",
        "std.oneline-zero.txt": zero + "\n",
        "std.minimal.sdk": "\n".join(rows) + "\n",
        "std.header.sdk": "#AFrank\n#DSudopedia example\n#LEasy\n" + "\n".join(rows) + "\n",
        "std.simple-sudoku.ss": "\r\n".join(ss) + "\r\n",
        "std.simple-sudoku-print.txt": "\n".join(printed) + "\n",
        "std.hodoku-pm-grid.txt": _pm_grid(P),
        "std.hodoku-library.txt": f":0000:x:{P}:::\n",
        "std.star-9lines.txt": "\n".join(row.replace(".", "*") for row in rows) + "\n",
        "std.haskell-list.txt": haskell + "\n",
        "std.pipes-dashes-zero.txt": "\n".join(pipes) + "\n",
        "std.csv-dash.txt": ",".join("-" if c == "." else c for c in P) + "\n",
        "std.comp3258-boxes.txt": "\n".join(_rows(boxes) + rows) + "\n",
    }
    return {name: text.encode() for name, text in files.items()}


@pytest.mark.parametrize("name", sorted(std_files()))
def test_constructed_std_files_parse_to_the_same_givens(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(std_files()[name])
    record = only(path)
    assert str(record.puzzle) == P
    assert not record.puzzle.shape.is_jigsaw
    assert grid_string(unique_solution(record.puzzle)) == P_SOLUTION


def test_std_header_sdk_metadata(tmp_path: Path) -> None:
    path = tmp_path / "std.header.sdk"
    path.write_bytes(std_files()["std.header.sdk"])
    record = only(path)
    assert record.extra == {"author": "Frank", "description": "Sudopedia example", "level": "Easy"}


def test_pm_grid_keeps_candidates_as_notes() -> None:
    (record,) = parse_text(_pm_grid(P))
    assert isinstance(record, PuzzleRecord)
    p = Puzzle.from_string(P)
    expected = tuple(
        0 if g else m for g, m in zip(p.givens, candidates(p.shape, p.givens), strict=True)
    )
    assert record.notes == expected


def test_sudoku_zig_oneline_jigsaw(tmp_path: Path) -> None:
    givens = ".38.4.1...6.9532......6....97......54..........5..2......6..8...57....6.34.8....."
    regions = "000000111002333311022344331223344111255546666255448886255548866275747886777777886"
    path = tmp_path / "jigsaw.sudoku-zig-oneline.txt"
    path.write_text(f"{givens} {regions}\n")
    record = only(path)
    assert record.puzzle.shape == Shape.from_regions(regions)
    assert grid_string(unique_solution(record.puzzle)) == (
        "238549176761953248123465789976184325492318657685792431514627893857231964349876512"
    )
