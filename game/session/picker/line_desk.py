"""The path line at work: what it holds while open, and the look-ups it asks for.

Tab completes and Enter looks the path up on the picker's look-up lane, so a slow
or hung disk never holds up a frame; an answer to a text since edited is dropped.
:class:`~.browser.Browser` owns one (``browser.lines``) and hands it the folder
shown and where to go once a path leads somewhere.
"""

from __future__ import annotations

from collections.abc import Callable

from .jobs import Jobs, Priority
from .path_line import Completion, Found, PathLine, Refused, complete, line_text, look_up


class LineDesk:
    """The path line (Ctrl+L) and its look-ups (see the module docstring)."""

    def __init__(
        self, jobs: Jobs, lane: str, folder: Callable[[], str], go: Callable[[Found], None]
    ) -> None:
        self.jobs = jobs
        self.lane = lane
        self.folder = folder  # the folder shown: where a relative path starts
        self.go = go
        self.line: PathLine | None = None  # the path line, while it is open

    def tick(self, dt: float) -> None:
        """Time passes for a look-up still waiting (the line says so after a while)."""
        line = self.line
        if line is not None and line.waiting:
            line.waited += dt

    def open_line(self, text: str | None = None) -> PathLine:
        """Ctrl+L: the path line, holding ``text`` or else the folder shown."""
        self.close_line()
        self.line = PathLine(line_text(self.folder()) if text is None else text)
        return self.line

    def close_line(self) -> None:
        """Esc: the line goes, and any look-up it asked for is dropped."""
        line = self.line
        if line is not None:
            for what in ("complete", "go"):
                self.jobs.cancel(("line", what, line.version), self.lane)
            self.line = None

    def edit_line(self, text: str) -> None:
        """The player typed: the line holds ``text`` now."""
        line = self.line
        if line is not None:
            version = line.version
            if line.edited(text):
                for what in ("complete", "go"):
                    self.jobs.cancel(("line", what, version), self.lane)

    def complete_line(self) -> None:
        """Tab: complete the name being typed (the answer comes through :meth:`tick`)."""
        line = self.line
        if line is None:
            return
        text, base = line.text, self.folder()
        line.waiting, line.waited = "Looking…", 0.0
        self.jobs.submit(
            ("line", "complete", line.version),
            lambda stop: complete(text, base, stop),
            self.lane,
            Priority.FIRST,
        )

    def go_line(self) -> None:
        """Enter: go where the line says, once it is known to lead somewhere."""
        line = self.line
        if line is None:
            return
        text, base = line.text, self.folder()
        line.problem, line.choices, line.more = "", (), 0
        line.waiting, line.waited = "Opening…", 0.0
        self.jobs.submit(
            ("line", "go", line.version),
            lambda stop: look_up(text, base, stop),
            self.lane,
            Priority.FIRST,
        )

    def absorb(self, what: str, version: int, value: object) -> bool:
        line = self.line
        if line is None or version != line.version:
            return False  # closed, or asked about a text since edited
        line.waiting = ""
        if isinstance(value, Completion):
            line.edited(value.text)
            line.choices, line.more, line.problem = value.choices, value.more, value.problem
        elif isinstance(value, Refused):
            line.problem = value.reason
        elif isinstance(value, Found):
            self.go(value)
        else:
            line.problem = f"That cannot be looked up ({value})."
        return True
