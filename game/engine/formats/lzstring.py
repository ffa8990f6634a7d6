"""lz-string, the compression inside f-puzzles and SudokuPad links, bit for bit.

A port of the JavaScript original (pieroxy's ``lz-string`` 1.4, the version those
sites ship): ``compressToBase64`` / ``decompressFromBase64`` and the URI-safe pair
``compressToEncodedURIComponent`` / ``decompressFromEncodedURIComponent``.  The
``lzstring`` package on PyPI (1.0.4) raises an index error on some real links, so
the project keeps its own, tested against links f-puzzles wrote.

JavaScript strings are UTF-16: the algorithm works on 16-bit code units (a
character outside the Basic Multilingual Plane is two of them), and so does this
port, so a title with an emoji compresses to the same text as in a browser.

Where the original is silent about bad input this port refuses it, raising
:class:`LZStringError`: a character outside the alphabet (JavaScript reads it as
``0`` and decodes garbage), a stream that ends before its end marker or refers to
a dictionary entry that does not exist (JavaScript returns ``""`` or ``null``),
and output past ``limit`` code units (a few kilobytes of crafted input can grow
quadratically; JavaScript would run out of memory).
"""

from __future__ import annotations

from collections.abc import Sequence

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
"""``compressToBase64``'s alphabet; ``=`` (64) only ever pads the end."""

URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
"""``compressToEncodedURIComponent``'s alphabet."""

LIMIT = 16 * 1024 * 1024
"""Default cap on the decompressed length, in UTF-16 code units."""

_BASE64_VALUES = {char: value for value, char in enumerate(BASE64)}
_URI_VALUES = {char: value for value, char in enumerate(URI_SAFE)}


class LZStringError(ValueError):
    """The text is not lz-string data (the reason says why and where)."""


# -- compressing ----------------------------------------------------------------


def compress_to_base64(text: str) -> str:
    """``LZString.compressToBase64(text)``: padded with ``=`` to a multiple of 4."""
    packed = _compress(_code_units(text), 6, BASE64)
    return packed + "=" * (-len(packed) % 4)


def compress_to_encoded_uri_component(text: str) -> str:
    """``LZString.compressToEncodedURIComponent(text)`` (no padding)."""
    return _compress(_code_units(text), 6, URI_SAFE)


def _code_units(text: str) -> str:
    """``text`` as JavaScript sees it: one character per UTF-16 code unit."""
    if text.isascii() or all(ord(char) < 0x10000 for char in text):
        return text
    raw = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(raw[i] | raw[i + 1] << 8) for i in range(0, len(raw), 2))


def _compress(text: str, bits_per_char: int, alphabet: str) -> str:
    """The LZW-style coder of the original, emitting ``bits_per_char``-bit symbols."""
    out: list[int] = []  # bits, most significant first within each output symbol

    def emit(value: int, width: int) -> None:
        # The original writes codes least significant bit first.
        for _ in range(width):
            out.append(value & 1)
            value >>= 1

    dictionary: dict[str, int] = {}
    to_create: set[str] = set()
    enlarge_in = 2  # compensates for the first entry, which does not count
    dict_size = 3
    num_bits = 2
    w = ""

    def emit_w() -> None:
        nonlocal enlarge_in, num_bits
        if w in to_create:
            code = ord(w[0])
            if code < 256:
                emit(0, num_bits)
                emit(code, 8)
            else:
                emit(1, num_bits)
                emit(code, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << num_bits
                num_bits += 1
            to_create.discard(w)
        else:
            emit(dictionary[w], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1

    for c in text:
        if c not in dictionary:
            dictionary[c] = dict_size
            dict_size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit_w()
        dictionary[wc] = dict_size
        dict_size += 1
        w = c
    if w:
        emit_w()
    emit(2, num_bits)  # end of stream
    # The original always shifts in at least one more zero bit, then flushes.
    out.extend([0] * (bits_per_char - len(out) % bits_per_char))
    symbols = []
    for start in range(0, len(out), bits_per_char):
        value = 0
        for bit in out[start : start + bits_per_char]:
            value = value << 1 | bit
        symbols.append(alphabet[value])
    return "".join(symbols)


# -- decompressing --------------------------------------------------------------


def decompress_from_base64(data: str, limit: int = LIMIT) -> str:
    """``LZString.decompressFromBase64(data)``.

    :raises LZStringError: for characters outside the base64 alphabet, broken
        data, or output longer than ``limit`` code units.
    """
    return _decompress(_values(data, _BASE64_VALUES, "base64"), limit)


def decompress_from_encoded_uri_component(data: str, limit: int = LIMIT) -> str:
    """``LZString.decompressFromEncodedURIComponent(data)`` (blanks read as ``+``,
    as the original does: a ``+`` in a query string may arrive as a blank).

    :raises LZStringError: as :func:`decompress_from_base64`.
    """
    return _decompress(_values(data.replace(" ", "+"), _URI_VALUES, "URI-safe"), limit)


def _values(data: str, table: dict[str, int], name: str) -> list[int]:
    values = []
    for position, char in enumerate(data):
        value = table.get(char)
        if value is None:
            raise LZStringError(
                f"character {char!r} at position {position + 1} is not in lz-string's "
                f"{name} alphabet"
            )
        values.append(value)
    if not values:
        raise LZStringError("there is no data to decompress")
    return values


def _decompress(values: Sequence[int], limit: int) -> str:
    """The decoder of the original, reading 6-bit symbols (``resetValue`` 32)."""
    length = len(values)
    index = 1
    value = values[0]
    position = 32

    def read(width: int) -> int:
        nonlocal index, value, position
        bits = 0
        for shift in range(width):
            if value & position:
                bits |= 1 << shift
            position >>= 1
            if position == 0:
                position = 32
                # Past the end the original reads "" as 0; so do we.
                value = values[index] if index < length else 0
                index += 1
        return bits

    dictionary: list[str] = ["", "", ""]  # codes 0-2 are commands, never entries
    enlarge_in = 4
    num_bits = 3
    first = read(2)
    if first == 2:
        return ""
    if first not in (0, 1):
        raise LZStringError("the data does not start with a character (it is not lz-string)")
    c = chr(read(8 if first == 0 else 16))
    dictionary.append(c)
    w = c
    result = [c]
    total = 1
    while True:
        if index > length:
            raise LZStringError("the data ends before its end marker (it is cut short)")
        code = read(num_bits)
        if code == 2:
            return _from_code_units("".join(result))
        if code in (0, 1):
            dictionary.append(chr(read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << num_bits
                num_bits += 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise LZStringError(
                f"the data refers to dictionary entry {code}, past the {len(dictionary)} "
                "it has (it is corrupt)"
            )
        total += len(entry)
        if total > limit:
            raise LZStringError(f"the data decompresses to over {limit:,} characters")
        result.append(entry)
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1


def _from_code_units(units: str) -> str:
    """JavaScript's string (UTF-16 code units) as a Python one: pairs become one
    character; a lone surrogate stays as it is."""
    if all(ord(char) < 0xD800 or ord(char) > 0xDFFF for char in units):
        return units
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
