"""The step an XY-Wing or XYZ-Wing makes, one shape for classic houses and variants.

The two finders differ in how cells see each other (houses alone, or any rule's
weak links) and so in what they say; what they mark and link on the board is the
same, and lives here once.
"""

from __future__ import annotations

from .step import Link, Mark, Role, Step


def wing_step(
    name: str,
    pivot: int,
    pincers: tuple[int, int],
    digits: tuple[int, int, int],
    eliminations: tuple[tuple[int, int], ...],
    explanation: str,
    rating: float,
) -> Step:
    """``name``'s step: the pivot's ``x`` reaches the first pincer, its ``y`` the second,
    and both pincers hold ``z`` (``digits`` is ``(x, y, z)``; an XYZ-Wing's pivot holds
    ``z`` too)."""
    one, two = pincers
    x, y, z = digits
    held = (x, y, z) if name == "XYZ-Wing" else (x, y)
    return Step(
        name,
        eliminations=eliminations,
        explanation=explanation,
        marks=(
            *(Mark(pivot, digit, Role.PIVOT) for digit in held),
            Mark(one, x, Role.PINCER),
            Mark(one, z, Role.PINCER),
            Mark(two, y, Role.PINCER),
            Mark(two, z, Role.PINCER),
        ),
        links=(
            Link((pivot, x), (one, x), strong=False),
            Link((pivot, y), (two, y), strong=False),
        ),
        rating=rating,
    )
