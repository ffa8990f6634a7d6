"""The steps wings make (XY-, XYZ- and W-Wing), one shape for classic houses and variants.

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


def w_wing_step(
    pincers: tuple[int, int],
    bridge: tuple[int, int],
    digits: tuple[int, int],
    eliminations: tuple[tuple[int, int], ...],
    explanation: str,
    units: tuple[int, ...],
    rating: float,
) -> Step:
    """A W-Wing's step: two cells holding ``x`` and ``y``, joined through the strong link
    on ``y`` between ``bridge``'s cells (``near`` sees the first pincer, ``far`` the
    second), remove ``x`` where both pincers are seen."""
    one, two = pincers
    near, far = bridge
    x, y = digits
    return Step(
        "W-Wing",
        eliminations=eliminations,
        explanation=explanation,
        marks=(
            Mark(one, x, Role.PINCER),
            Mark(one, y, Role.PINCER),
            Mark(two, x, Role.PINCER),
            Mark(two, y, Role.PINCER),
            Mark(near, y, Role.PIVOT),
            Mark(far, y, Role.PIVOT),
        ),
        links=(
            Link((one, y), (near, y), strong=False),
            Link((near, y), (far, y), strong=True),
            Link((far, y), (two, y), strong=False),
        ),
        units=units,
        rating=rating,
    )
