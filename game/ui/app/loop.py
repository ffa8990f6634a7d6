"""The application: command line, window, and the one event loop.

``run_game(argv)`` is what ``python main.py`` calls.  The loop is

    wait for events (no longer than the top scene's ``wake_in``)
    -> measure dt -> :meth:`App.step`

and :meth:`App.step` is one whole iteration (gate, scene, tasks, time, drawing)
with the events and ``dt`` passed in, so a test can run iterations one at a time
with synthetic events and exact time.  When nothing animates and no clock is
shown, the loop sleeps until an event comes (:class:`PygameEvents`) and costs no CPU.

Ctrl+C in the terminal that started the game quits it as closing the window
does, the game saved first, with exit status 130 (see :func:`_quit_on_interrupt`).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import Protocol

import pygame

from ...session.play import Settings
from ..input import Action, Command, Dropped, Intent, Window, WindowChange, translate
from ..stage import (
    AppContext,
    Destination,
    Display,
    Go,
    Notice,
    OpenFile,
    OpenText,
    Picker,
    Scene,
    SceneStack,
    Transition,
    fitted,
)
from . import routes
from . import startup as seams


@dataclass(frozen=True)
class Options:
    windowed: bool = False
    size: tuple[int, int] | None = None
    path: str | None = None


def parse_options(argv: Sequence[str]) -> Options:
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Sudoku. Opens full screen; F11 switches to a window and back.",
    )
    parser.add_argument("--windowed", action="store_true", help="open in a resizable window")
    parser.add_argument("--size", metavar="WxH", type=_size, help="window size, e.g. 1280x800")
    parser.add_argument(
        "path",
        nargs="?",
        help="a puzzle file to play, a folder to browse, or a puzzle itself: a line of "
        "digits, an f-puzzles or SudokuPad link, a Solo game ID",
    )
    args = parser.parse_args(list(argv))
    return Options(windowed=args.windowed or args.size is not None, size=args.size, path=args.path)


def _size(text: str) -> tuple[int, int]:
    from ...cli.numbers import parse_whole  # numbers read alike by every option

    parts = [parse_whole(part) for part in text.lower().split("x")]
    if len(parts) != 2 or parts[0] is None or parts[1] is None:
        raise argparse.ArgumentTypeError(f"{text[:24]!r} is not a size like 1280x800")
    width, height = parts[0], parts[1]
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError("the window must be at least 320x240")
    return (width, height)


SLICE = 1 / 60
"""How long the loop sleeps between looks at the queue when SDL cannot sleep for it."""


class EventSource(Protocol):
    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        """The pending events, waiting up to ``timeout`` seconds (None: until one comes)."""


class Clock(Protocol):
    def tick(self) -> float:
        """Seconds since the previous call."""


class PygameEvents:
    """Events from pygame's queue, sleeping while there are none.

    ``pygame.event.wait`` polls SDL every millisecond (about 2 % of a core while
    the player thinks).  SDL's own ``SDL_WaitEventTimeout`` really sleeps on the
    window system's connection, and called with no event it only waits, leaving
    the event in the queue for pygame to read, so it is used when the SDL library
    pygame loaded can be found.  Otherwise (and under the dummy driver, which has
    nothing to sleep on) the loop sleeps a frame at a time and then reads the
    queue: a frame's latency at most, and a sixteenth of the wake-ups.
    """

    def __init__(self) -> None:
        self._sdl_wait = _sdl_wait_function()

    def wait(self, timeout: float | None) -> list[pygame.event.Event]:
        if self._sdl_wait is not None:
            if timeout is None or timeout > 0:
                ms = -1 if timeout is None else max(1, round(timeout * 1000))
                self._sdl_wait(None, ms)
            return pygame.event.get()
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            events = pygame.event.get()
            left = SLICE if deadline is None else deadline - time.monotonic()
            if events or left <= 0:
                return events
            time.sleep(min(SLICE, left))


def _sdl_wait_function() -> Callable[[None, int], int] | None:
    """``SDL_WaitEventTimeout`` of the SDL that pygame uses, or None if not found."""
    path = None
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8") as maps:
                path = next((line.split()[-1] for line in maps if "/libSDL2-2" in line), None)
        except OSError:
            return None
    elif sys.platform == "win32":
        candidate = os.path.join(os.path.dirname(pygame.__file__), "SDL2.dll")
        path = candidate if os.path.exists(candidate) else None
    if path is None or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None  # the dummy driver cannot sleep on anything: SDL would poll too
    try:
        function = ctypes.CDLL(path).SDL_WaitEventTimeout
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_void_p, ctypes.c_int]
    function.restype = ctypes.c_int
    return function


class MonotonicClock:
    def __init__(self) -> None:
        self._last = time.monotonic()

    def tick(self) -> float:
        now = time.monotonic()
        dt, self._last = now - self._last, now
        return dt


class App:
    """The loop around a scene stack (see the module docstring)."""

    def __init__(
        self,
        ctx: AppContext,
        display: Display,
        scenes: Iterable[Scene] = (),
        *,
        events: EventSource | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.ctx = ctx
        self.display = display
        self.events = events or PygameEvents()
        self.clock = clock or MonotonicClock()
        self.stack = SceneStack(routes.router(ctx))
        self.frames = 0
        self.interrupted = False  # Ctrl+C asked the game to quit
        ctx.size = display.size
        ctx.listen(self._settings_changed)
        self.stack.reset(list(scenes) or [routes.menu(ctx)])

    # -- one iteration --------------------------------------------------------------

    def step(self, events: Iterable[pygame.event.Event], dt: float) -> bool:
        """Handle ``events``, advance time by ``dt``, draw if needed; False once quitting."""
        for event in events:
            intent = translate(event, self.ctx.keymap, self.stack.top.input_context())
            if intent is not None:
                self.dispatch(intent)
            if self.stack.quit:
                return False
        self.ctx.tasks.poll()
        self.stack.apply(self.stack.top.update(dt))
        if self.stack.quit:
            return False
        for title, message in self.ctx.session.frame():
            self.ctx.tell(title, message)
        if self.ctx.notices:
            self.apply(Go(Notice(*self.ctx.notices.pop(0))))
        if self.stack.needs_draw():
            self.display.present(self.stack.draw(self.display.surface))
            self.frames += 1
        return True

    def dispatch(self, intent: Intent) -> None:
        """App-wide intents here (window, full screen, quit, drops); the rest to the top scene."""
        if isinstance(intent, Command):
            if intent.action is Action.FULLSCREEN:
                self.ctx.change_settings(fullscreen=not self.display.fullscreen)
                return
            if intent.action is Action.QUIT:
                self.stack.quit = True
                return
        if isinstance(intent, WindowChange):
            if intent.change is Window.RESIZED:
                self._resized()
                return
            if intent.change is Window.EXPOSED:
                for scene in self.stack.scenes:
                    scene.invalidate()
                return
            if intent.change is Window.TASK_DONE:
                return  # the poll after the events delivers it
            if intent.change in (Window.FOCUS_LOST, Window.MINIMISED):
                self.ctx.session.suspend()
        if isinstance(intent, Dropped):
            self.apply(routes.dropped(self.ctx, intent.path, self.stack.top))
            return
        self.apply(self.stack.top.handle(intent))

    def apply(self, transition: Transition | None) -> None:
        self.stack.apply(transition)

    # -- the whole run --------------------------------------------------------------

    def run(self) -> int:
        """Loop until a scene, the window or Ctrl+C asks to quit; the exit status."""
        try:
            while not self.stack.quit and not self.interrupted:
                if self.stack.needs_draw():
                    timeout: float | None = 0.0
                else:
                    timeout = self.stack.top.wake_in()
                events = self.events.wait(timeout)
                if self.interrupted or not self.step(events, self.clock.tick()):
                    break
        finally:
            self.ctx.session.quit()
            self.ctx.tasks.cancel_all()
        return INTERRUPTED if self.interrupted else 0

    # -- window and settings --------------------------------------------------------

    def _resized(self) -> None:
        self.display.resized(self.display.size)
        self._relayout()

    def _relayout(self) -> None:
        self.ctx.size = self.display.size
        for scene in self.stack.scenes:
            scene.resize(self.ctx.size)
            scene.invalidate()

    def _settings_changed(self, old: Settings, new: Settings) -> None:
        if new.fullscreen != self.display.fullscreen:
            self.display.set_fullscreen(new.fullscreen)
            self._relayout()
        for scene in self.stack.scenes:
            scene.restyle()
            scene.invalidate()


def run_game(argv: Sequence[str]) -> int:
    """``python main.py [--windowed [--size WxH]] [FILE|DIR|PUZZLE]``: play."""
    options = parse_options(argv)
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as error:
        print(f"main.py: cannot open a window: {error}", file=sys.stderr)
        print("See README.md, section Troubleshooting.", file=sys.stderr)
        return 1
    ctx = AppContext(Settings())
    seams.install(ctx)  # saved settings, autosave, the picker: before the window opens
    if options.windowed:
        # The command line wins over a saved setting, for this run only.
        ctx.settings_override(fullscreen=False)
    size = options.size
    if size is not None:
        size, clamped = fitted(size)
        if clamped:
            want = f"{options.size[0]}x{options.size[1]}" if options.size else ""
            print(
                f"main.py: --size {want} does not fit this screen; using {size[0]}x{size[1]}",
                file=sys.stderr,
            )
    try:
        display = Display(ctx.settings.fullscreen, size)
    except pygame.error as error:
        print(f"main.py: cannot open a window: {error}", file=sys.stderr)
        return 1
    app = App(ctx, display)
    if options.path:
        app.apply(Go(opening(options.path)))
    try:
        with _quit_on_interrupt(app):
            return app.run()
    finally:
        pygame.quit()


COMMAND_LINE = "the command line"
"""How messages name a puzzle given on the command line."""


def opening(argument: str) -> Destination:
    """Where the command line's argument leads: a folder to browse, a file to play, or
    the puzzle it is (a line of digits, a link, a Solo ID) when no such file exists."""
    if os.path.isdir(argument):
        return Picker(argument)
    if not os.path.lexists(argument):
        from ...session.puzzles import reads_as_puzzle

        if reads_as_puzzle(argument):
            return OpenText(argument, COMMAND_LINE)
    return OpenFile(argument)


INTERRUPTED = 130
"""The game's exit status after Ctrl+C, as for every command (``game.cli.exits``)."""


@contextlib.contextmanager
def _quit_on_interrupt(app: App) -> Iterator[None]:
    """While the loop runs, SIGINT (Ctrl+C) makes ``app`` quit, saved, instead of raising.

    Python's own handler raises :class:`KeyboardInterrupt` wherever the main
    thread is, which skips the save and prints a traceback; and while the loop
    sleeps in SDL's wait, a C call, no Python handler runs at all until the next
    window event.  So the handler only sets :attr:`App.interrupted` (the loop
    quits through its ordinary ``finally``, which saves), and the sleep is ended
    from outside: the interpreter writes each signal's number to the socket given
    to :func:`signal.set_wakeup_fd`, from the C handler itself, and a small
    thread waiting on the other end posts a QUIT event, which wakes SDL's wait at
    once.  SIGTERM needs none of this: SDL turns it into a QUIT event already.
    """

    def handle(signum: int, frame: FrameType | None) -> None:
        app.interrupted = True

    try:
        previous = signal.signal(signal.SIGINT, handle)
    except ValueError:  # not the main thread (an embedding test): nothing to catch
        yield
        return
    reader, writer = socket.socketpair()
    writer.setblocking(False)  # the interpreter's C handler must never block on it
    old_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    waker = threading.Thread(target=_post_quit_on_signal, args=(reader,), daemon=True)
    waker.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(old_fd)
        writer.close()  # the waker reads the end of the stream and stops
        waker.join()
        reader.close()
        # After Ctrl+C the process is on its way out: a second one must not turn
        # the last clean-up (pygame.quit) into a traceback.
        signal.signal(signal.SIGINT, signal.SIG_IGN if app.interrupted else previous)


def _post_quit_on_signal(reader: socket.socket) -> None:
    """Post QUIT for each SIGINT written to ``reader``; return at the end of the stream."""
    while True:
        try:
            received = reader.recv(64)
        except OSError:
            return
        if not received:
            return
        if signal.SIGINT in received and pygame.display.get_init():
            with contextlib.suppress(pygame.error):  # a full queue wakes the loop anyway
                pygame.event.post(pygame.event.Event(pygame.QUIT))
