"""The interactive board every game shares: an SVG canvas plus the teaching panel.

A game's board subclasses :class:`Board` and implements three hooks; everything else —
validating the browser's messages, asking the State, showing rule violations with the rule's
paraphrase, undo, the log slider, "view as", the AI move and auto-play — lives here once::

    class MyBoard(Board):
        def render(self, state, viewer, legal_targets) -> str:   # the SVG (see boards.svg)
        def targets(self, state) -> dict[str, Action]:           # target id -> legal action
        def intent(self, msg, state) -> Action | None:           # any click -> an action

The board never re-implements a rule: a click becomes an Action through ``intent``, and the
State decides (``apply`` raises :class:`~boardkit.engine.RuleViolation`, shown in the panel).

Front-end messages (``widgets/board.js`` → Python, through ``model.send``)::

    {"kind": "click", "target": "cell:1,2"}
    {"kind": "drag", "target": "tile:3", "phase": "start" | "move" | "end", "x": 12.5, "y": 40}
    {"kind": "key", "key": "r", "target": "tile:3"}        # target optional

They are validated (:func:`parse_message`); anything else is refused with an error shown in
the panel, and no exception ever leaves the message handler.
"""

from __future__ import annotations

import base64
import html
import re
import traceback
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Annotated, Any, Generic, Literal, TypeVar

import anywidget
import ipywidgets as widgets
import traitlets
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from boardkit.agents import Agent, HumanAgent, make_agent
from boardkit.engine import PUBLIC, Action, ActionFormatError, BoardkitError, RuleViolation, State
from boardkit.engine.content import format_validation_error
from boardkit.engine.resources import widgets_dir
from boardkit.engine.rules import describe
from boardkit.engine.words import plural

from . import svg as S

# ---------------------------------------------------------------- messages

_TARGET = Field(pattern=S.TARGET_PATTERN, max_length=80)
_COORD = Field(allow_inf_nan=False, ge=-1e6, le=1e6)


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ClickMessage(_Message):
    """The user clicked (or pressed Enter on) the element tagged ``data-target``."""

    kind: Literal["click"]
    target: Annotated[str, _TARGET]


class DragMessage(_Message):
    """The user drags the element ``target``; ``x``/``y`` in the SVG's own units."""

    kind: Literal["drag"]
    target: Annotated[str, _TARGET]
    phase: Literal["start", "move", "end"] = "end"
    x: Annotated[float, _COORD]
    y: Annotated[float, _COORD]


class KeyMessage(_Message):
    """A key pressed while the board has the focus (``target``: the focused element)."""

    kind: Literal["key"]
    key: Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[\x20-\x7e]{1,24}$")]
    target: Annotated[str, _TARGET] | None = None


BoardMessage = Annotated[ClickMessage | DragMessage | KeyMessage, Field(discriminator="kind")]
_MESSAGE = TypeAdapter(BoardMessage)
MESSAGE_KINDS = ("click", "drag", "key")


def parse_message(raw: Any) -> ClickMessage | DragMessage | KeyMessage:
    """Validate a message from the front end; :class:`ActionFormatError` says what is wrong."""
    if not isinstance(raw, dict):
        raise ActionFormatError(f"board message: expected an object, got {type(raw).__name__}")
    kind = raw.get("kind")
    if kind not in MESSAGE_KINDS:
        raise ActionFormatError(f"board message: kind: {kind!r} is not one of "
                                f"{', '.join(MESSAGE_KINDS)}"[:300])
    try:
        return _MESSAGE.validate_python(raw)
    except ValidationError as exc:
        raise ActionFormatError(format_validation_error("board message", exc)[:600]) from None


def _text(value: Any) -> str:
    """Escape text content for the panel's HTML (quotes may stay as they are)."""
    return html.escape(str(value), quote=False)


#: the view that follows the game: the eyes of the player whose decision it is (a board's
#: default); when nobody is to decide (the game is over), the public table
TURN = "turn"

#: the "view as" dropdown's values for the views that are not a seat
_EVERYTHING, _PUBLIC, _TURN = -1, -2, -3
_VIEWERS: dict[int, str | None] = {_EVERYTHING: None, _PUBLIC: PUBLIC, _TURN: TURN}


def _dropdown_value(viewer: int | str | None) -> int:
    if viewer is None:
        return _EVERYTHING
    if viewer == PUBLIC:
        return _PUBLIC
    if viewer == TURN:
        return _TURN
    assert isinstance(viewer, int), viewer  # a checked viewer: a seat
    return viewer


def _view_label(viewer: int | str | None) -> str:
    return "the player to move" if viewer == TURN else S.viewer_label(viewer)


def _secrets_differ(state: State, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` see different things (hidden information between them):
    their observations compared, with the viewer's own name left out."""
    first, second = state.observation(a), state.observation(b)
    first.pop("viewer", None)
    second.pop("viewer", None)
    return first != second


class SeatError(BoardkitError):
    """A click from a "view as" seat that is not the one deciding."""


# ---------------------------------------------------------------- front end


_HELPERS_IMPORT = re.compile(r"^import\s*\{[^}]*\}\s*from\s*[\"']\./helpers\.js[\"'];?[ \t]*$",
                             re.MULTILINE)


def _read_front_end() -> tuple[str, str]:
    """``board.js`` with ``helpers.js`` inlined (anywidget loads one module, so no relative
    imports), and ``board.css``."""
    folder = widgets_dir()
    helpers = (folder / "helpers.js").read_text(encoding="utf-8")
    board = (folder / "board.js").read_text(encoding="utf-8")
    board, found = _HELPERS_IMPORT.subn("", board)
    if found != 1:
        raise RuntimeError(f"{folder / 'board.js'}: expected one import from ./helpers.js")
    esm = f"// --- helpers.js\n{helpers}\n// --- board.js\n{board}"
    return esm, (folder / "board.css").read_text(encoding="utf-8")


_ESM, _CSS = _read_front_end()


class BoardCanvas(anywidget.AnyWidget):
    """The SVG canvas: shows ``svg``, marks ``legal`` targets, reports clicks/drags/keys."""

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)


# ---------------------------------------------------------------- the board

#: the board's "AI move" and auto-play: the game's default search agent (``Game(search=...)``)
#: with a time budget, so a click answers in about a second in every game
AI_AGENT = "mcts:1s"


#: prefix of the click targets derived from an action's integer code
CODE_TARGET = "act:"


def action_target(state: State, act: Action) -> str:
    """The click target of ``act`` derived from its integer code (``act:<code>``), so a
    board never writes its own mapping between targets and actions."""
    return f"{CODE_TARGET}{state.game.codec.encode(act)}"


def action_of_target(state: State, target: str) -> Action:
    """The action a code target names, through the game's validated decoder."""
    raw = target[len(CODE_TARGET):]
    if not raw.isdigit() or len(raw) > 18:
        raise ActionFormatError(f"click target {target!r}: expected {CODE_TARGET}<action code>")
    return state.game.codec.decode(int(raw))


#: the game's State class a board shows (``class LandsBoard(Board[LandsState])``)
StateT = TypeVar("StateT", bound=State)


class Board(widgets.VBox, Generic[StateT]):
    """A game's live board and teaching panel. Subclasses implement the three hooks, typed
    with their game's State class when they name it (``Board[LandsState]``).

    ``state``: the position to start from. The board plays on its own copy, so clicks never
    change the ``state`` a notebook cell holds, and no later cell changes what a reader is
    playing; read the board's position back with :attr:`state`, go back to the start with
    :meth:`reset` (the *Reset* button).

    ``viewer``: whose eyes the board shows — :data:`TURN` (the default: the player whose
    decision it is), a seat, :data:`~boardkit.engine.PUBLIC` (the public table) or ``None``
    (everything: a teacher's explicit choice, which shows every hidden card).

    ``private``: the seats are private, as at a table (play mode). The "view as" menu offers
    only the people's own seats and the public table, never everything; a click counts only
    for a person's seat; with several people at one screen (hot seat) the view follows the
    player to move and, when the next player would see something the last one must not,
    the board covers the secrets until the next player says they hold the device ("pass the
    device"); undo goes back to the person's previous decision; auto-play is not offered.
    ``agent``: a name from
    :mod:`boardkit.agents` or an :class:`~boardkit.agents.Agent` for "AI move" and auto-play;
    by default the game's search agent with one second per decision (:data:`AI_AGENT`).
    ``opponents``: seats the computer plays (``{1: "mcts:200"}``); the other seats are
    people (:class:`~boardkit.agents.HumanAgent`) who play by clicking, and after each of
    their moves the opponents answer until it is a person's turn again.
    """

    #: a short name shown in the status line (defaults to the game's title)
    title: str = ""
    #: how many positions the log slider keeps replayed in memory
    cache_size = 64

    def __init__(self, state: StateT, *, viewer: int | str | None = TURN,
                 agent: str | Agent[Any] = AI_AGENT, seed: int = 0, interval: int = 700,
                 opponents: dict[int, str | Agent[Any]] | None = None, private: bool = False,
                 **kwargs: Any) -> None:
        if not isinstance(state, State):
            raise TypeError(f"a board needs a boardkit State, got {state!r}")
        state = state.clone()  # the board's own game: the caller's state stays as it was
        self._start = state.clone()  # what Reset returns to
        self._head = state  # the latest position (the end of the slider)
        self._cursor = state.action_count  # the position shown, in player actions
        self._cache: OrderedDict[int, StateT] = OrderedDict()
        #: seats the computer plays: after a person's move they answer at once
        self.opponents = self._check_opponents(state, opponents or {}, seed)
        #: play mode: each person sees their own seat only (see the class's docs)
        self.private = bool(private)
        #: the seats people play (by clicking)
        self.people = [p for p in range(state.players) if p not in self.opponents]
        if self.private and len(self.people) == 1 and viewer == TURN:
            viewer = self.people[0]  # one person: their own seat
        #: hot seat: the seat whose person holds the device (the view shown)
        self._holder: int | None = self.people[0] if self.private and len(self.people) == 1 else None
        self._viewer = self._check_viewer(state, viewer)
        self.agent = make_agent(agent, seed, game=state.game.name)
        self.last_error: BoardkitError | None = None
        self.last_action: Action | None = None
        self._note = ""
        self._syncing = False
        #: the traceback of the last internal error (a bug in a hook), for debugging
        self.last_traceback = ""
        #: attempts shown (see :meth:`attempt`): (action, verdict), on position ``_tried_at``
        self.tried: list = []
        self._tried_at = -1

        self.canvas = BoardCanvas()
        self.canvas.on_msg(self._on_canvas_msg)
        self.status = widgets.HTML()
        self.status.add_class("bk-status")
        self.message = widgets.HTML()
        self.message.add_class("bk-message")
        self.undo_button = widgets.Button(description="Undo", icon="undo",
                                          tooltip="take back the last move",
                                          layout=widgets.Layout(width="auto"))
        self.undo_button.on_click(lambda _: self._guard(self.undo))
        self.reset_button = widgets.Button(description="Reset", icon="refresh",
                                           tooltip="start again from the first position shown",
                                           layout=widgets.Layout(width="auto"))
        self.reset_button.on_click(lambda _: self._guard(self.reset))
        self.ai_button = widgets.Button(description="AI move", icon="robot",
                                        tooltip=f"let {self.agent.name} decide",
                                        layout=widgets.Layout(width="auto"))
        self.ai_button.on_click(lambda _: self._guard(self.ai_move))
        self.autoplay = widgets.Play(value=0, min=0, max=10**9, step=1, interval=interval,
                                     show_repeat=False,
                                     tooltip="let the AI play on its own")
        self.autoplay.observe(self._on_autoplay_tick, "value")
        self.pass_button = widgets.Button(description="", icon="eye", button_style="warning",
                                          tooltip="the next player holds the device: show "
                                                  "their seat",
                                          layout=widgets.Layout(width="auto", display="none"))
        self.pass_button.on_click(lambda _: self._guard(self.take_device))
        # the menu and the slider fill the panel's width (CSS: bk-fill), margins included
        self.view_as = widgets.Dropdown(options=self._views(state),
                                        value=_dropdown_value(self._viewer),
                                        description="view as",
                                        style={"description_width": "initial"})
        self.view_as.add_class("bk-fill")
        self.view_as.observe(self._on_view_as, "value")
        self.slider = widgets.IntSlider(value=self._cursor, min=0, max=self._cursor,
                                        description="move", continuous_update=False,
                                        style={"description_width": "initial"})
        self.slider.add_class("bk-fill")
        self.slider.observe(self._on_slider, "value")
        self.log_view = widgets.HTML()
        self.log_view.add_class("bk-log")
        #: the game's save as a download link (a private board: once the game is over)
        self.save_link = widgets.HTML()
        self.save_link.add_class("bk-save")
        self._saved: tuple[object, str] = (None, "")
        autoplay_label = widgets.HTML("auto-play")
        autoplay_label.add_class("bk-label")
        buttons = widgets.HBox([self.undo_button, self.reset_button, self.ai_button])
        buttons.add_class("bk-buttons")
        autoplay = widgets.HBox([autoplay_label, self.autoplay])
        autoplay.add_class("bk-autoplay")
        if self.private:  # auto-play would play the people's seats for them
            autoplay.layout.display = "none"
        controls = widgets.VBox([buttons, self.pass_button, autoplay, self.view_as, self.slider])
        controls.add_class("bk-controls")
        # the teaching panel beside the picture, so a board with every control fits a
        # laptop screen (docs/decisions.md: "boards fit 1366x768"); it wraps below the
        # picture when the output area is too narrow for both
        self.side = widgets.VBox([controls, self.message, self.save_link, self.log_view])
        self.side.add_class("bk-side")
        body = widgets.HBox([self.canvas, self.side])
        body.add_class("bk-body")
        super().__init__([self.status, body], **kwargs)
        self.add_class("bk-board")
        if self.opponents:  # the computer may open the game
            self._let_opponents_move()
        self._hand_over(self._head)
        self.refresh()

    # ------------------------------------------------------------ game hooks
    def render(self, state: StateT, viewer: int | str | None, legal_targets: set[str]) -> str:
        """The SVG of ``state`` as ``viewer`` may see it (``None``: everything).

        Tag clickable elements with ``data-target`` (see :mod:`boardkit.boards.svg`) and
        read what depends on the viewer from ``state.observation(viewer)``.
        """
        raise NotImplementedError

    def targets(self, state: StateT) -> dict[str, Action]:
        """Target id → action, for every legal action of ``state`` that has a target.

        The default derives the ids from the actions' own integer codes
        (:func:`action_target`, for a game with a codec); a board with its own target names
        overrides it."""
        if not state.game.has_codec:
            raise NotImplementedError(f"{type(self).__name__}.targets: {state.game.name} has no "
                                      "action codec to derive click targets from")
        return {action_target(state, act): act for act in state.legal_actions()}

    def intent(self, msg: ClickMessage | DragMessage | KeyMessage, state: StateT) -> Action | None:
        """The action a message means, legal or not (so an illegal click can be explained).

        ``None``: the message means nothing here (a key without a binding, say). Raise
        :class:`~boardkit.engine.ActionFormatError` for a target the game does not know.
        The default maps clicks on legal targets and ignores everything else.
        """
        if isinstance(msg, ClickMessage):
            if msg.target.startswith(CODE_TARGET) and state.game.has_codec:
                return action_of_target(state, msg.target)  # legal or not: explained
            found = self.targets(state).get(msg.target)
            if found is None:
                raise ActionFormatError(f"nothing to do at {msg.target!r} now")
            return found
        return None

    def log_counts(self, state: StateT) -> list[str]:
        """Other moves the log lists that are neither players' decisions nor automatic
        ones (Wanderlust's automatons), for the log header: ``["6 by automatons"]``."""
        return []

    # ------------------------------------------------------------ public API
    @property
    def state(self) -> StateT:
        """The position shown (a past one while the slider is moved back)."""
        if self._cursor >= self._head.action_count:
            return self._head
        if self._cursor not in self._cache:
            self._cache[self._cursor] = self._head.replay_prefix(self._cursor)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        self._cache.move_to_end(self._cursor)
        return self._cache[self._cursor]

    @state.setter
    def state(self, new: StateT) -> None:
        if not isinstance(new, State) or new.game is not self._head.game:
            raise TypeError(f"expected a {self._head.game.name} State, got {new!r}")
        if new.players != self._head.players:
            self._syncing = True
            try:
                if self.opponents or self.private:
                    raise ValueError("a play-mode board keeps its number of players: start a "
                                     "new board for another table")
                self.people = list(range(new.players))
                self._viewer = TURN
                self.view_as.options = self._views(new)
                self.view_as.value = _TURN
            finally:
                self._syncing = False
        new = new.clone()  # the board's own copy, as at construction
        self._start = new.clone()
        self._set_head(new)
        self._holder = None
        self._hand_over(new)
        self.last_error, self._note = None, ""
        self.refresh()

    @property
    def head(self) -> StateT:
        """The latest position (the right end of the log slider)."""
        return self._head

    @property
    def viewer(self) -> int | str | None:
        """The view chosen: a seat, :data:`TURN` (the player to move), None (everything: the
        teacher's view) or :data:`~boardkit.engine.PUBLIC` (the public table). Whose eyes a
        position is drawn with: :meth:`seen_by`."""
        return self._viewer

    @viewer.setter
    def viewer(self, seat: int | str | None) -> None:
        self.view_as.value = _dropdown_value(self._check_viewer(self._head, seat))

    def handle_message(self, raw: Any) -> bool:
        """The validated entry point of front-end messages. True when a move was made.

        Never raises: a malformed message, an unknown target or an illegal move is shown in
        the panel (and kept in :attr:`last_error`).
        """
        self.tried = []  # the reader takes over: attempts shown by a notebook go
        try:
            msg = parse_message(raw)
            state = self.state
            act = self.intent(msg, state)
            if act is None:
                return False
            if not isinstance(act, Action):
                raise TypeError(f"{type(self).__name__}.intent returned {act!r}, not an Action")
            self._check_seat(state)
            return self._apply(act, state)
        except BoardkitError as exc:
            self._fail(exc)
        except Exception as exc:  # a bug in a hook: show it, never crash the kernel
            self._internal_error(exc)
        return False

    def play(self, act: Action) -> bool:
        """Try ``act`` on the shown position (as a click would). True when it was legal."""
        def move() -> bool:
            if self.private:
                self._check_seat(self.state)
            return self._apply(act, self.state)
        return self._guard(move)

    def attempt(self, act: Action) -> Board:
        """Show what the rules say about ``act`` on the shown position, without playing it.

        The verdict is kept with the position (:meth:`current_tries`) for the game's
        ``render`` to draw — a ghost, a route, or at least a box below the table
        (:func:`boardkit.boards.svg.attempt_boxes`); a refused attempt is also named in the
        panel as a refused click is. Nothing changes the game. Returns the board, so attempts
        chain (``board.attempt(legal).attempt(illegal)``); the reader's next click or drag
        clears them, and so does any move.
        """
        if not isinstance(act, Action):
            raise TypeError(f"attempt needs a boardkit Action, got {_text(repr(act))}")
        state = self.state
        verdict = state.explain(act)
        self.current_tries(state).append((act, verdict))
        if not verdict.legal:
            self.last_error = RuleViolation(verdict.rule, verdict.message)
            self._note = ""
        self.refresh()
        return self

    def current_tries(self, state: StateT) -> list:
        """The attempts shown on ``state``: (action, verdict) pairs, dropped once the game
        moved on."""
        if self._tried_at != state.action_count:
            self.tried, self._tried_at = [], state.action_count
        return self.tried

    def undo(self) -> bool:
        """Take back the last move before the shown position (the later ones are dropped).

        Against the computer, the person's last decision is taken back with the computer's
        answers to it, so the turn is the person's again."""
        back = self._cursor - 1
        if self.opponents:
            seats = [e.player for e in self._head.log if e.kind == "action"][:self._cursor]
            back = max((k for k, p in enumerate(seats) if p not in self.opponents), default=-1)
        if back < 0:
            self._note = "nothing to undo"
            self.refresh()
            return False
        taken = self._cursor - back
        self._set_head(self._head.replay_prefix(back))
        if self.opponents:  # the computer opened the game: it plays its first moves again
            self._let_opponents_move()
        self.last_error, self.last_action = None, None
        self._note = ("took back one move" if taken == 1 else
                      f"took back your last move and the computer's {plural(taken - 1, 'answer')}")
        self._hand_over(self._head)
        self.refresh()
        return True

    def reset(self) -> bool:
        """Start again from the position the board was given (every move is dropped)."""
        self.autoplay.playing = False
        self._set_head(self._start.clone())
        if self.opponents:
            self._let_opponents_move()
        self._hand_over(self._head)
        self.last_error, self.last_action = None, None
        self._note = "back to the start"
        self.refresh()
        return True

    def ai_move(self) -> bool:
        """Let the agent make the current player's decision."""
        state = self.state
        if state.is_over:
            self._note = "the game is over"
            self.refresh()
            return False
        if self.private:  # a person's own seat only; in a notebook, any seat (a teacher's tool)
            self._check_seat(state)
        act = self.agent.act(state)
        return self._apply(act, state, by=f"AI ({self.agent.name})")

    def show_move(self, k: int) -> None:
        """Show the position after ``k`` player actions (the log slider does this)."""
        self.slider.value = max(0, min(int(k), self._head.action_count))

    @property
    def may_save(self) -> bool:
        """Whether the game's save may be downloaded now. A save holds the seed and every
        draw, so on a private board (play mode) it is offered once the game is over, when
        nothing is secret any more; a notebook's board offers it always."""
        return not self.private or self._head.is_over

    def save_name(self) -> str:
        """The file name of the save: the game, its players and seed, and its moves."""
        head = self._head
        return (f"{head.game.name.replace(':', '-')}-{head.players}p-seed{head.seed}-"
                f"{head.action_count}moves.json")

    def save_html(self) -> str:
        """A link that downloads the game's save (``Game.from_json`` loads it), or a line
        saying when it will be offered."""
        if not self.may_save:
            return "<div class='bk-note'>the game's save can be downloaded once it is over</div>"
        key = (id(self._head), len(self._head.log))
        if self._saved[0] != key:  # encode once per position, not at every redraw
            data = base64.b64encode(self._head.to_json().encode()).decode("ascii")
            name = html.escape(self.save_name())
            self._saved = (key, f"<a class='bk-save-link' download='{name}' href='data:"
                                f"application/json;base64,{data}'>⤓ download the game ({name})</a>")
        return self._saved[1]

    def svg(self) -> str:
        """The SVG of the shown position for the current viewer."""
        state = self.state
        return self.render(state, self.seen_by(state), self._legal_targets(state))

    def seen_by(self, state: StateT) -> int | str | None:
        """Whose eyes ``state`` is drawn with: a seat, the public table or ``None``
        (everything). :data:`TURN` follows the player to move; on a private board, the
        person holding the device (never anyone else, even on a past position), and the
        public table while the device is being passed."""
        view = self._viewer
        if view != TURN:
            return view
        if self.private:
            return PUBLIC if self._holder is None or self._waiting() is not None else self._holder
        player = state.current_player
        return PUBLIC if player is None else player

    @property
    def covered(self) -> bool:
        """Hot seat: the device is being passed, and the board shows the public table until
        the next player takes it (:meth:`take_device`)."""
        return self.private and self._viewer == TURN and self._waiting() is not None

    def take_device(self) -> bool:
        """Hot seat: the player to move holds the device now; show their seat."""
        seat = self._waiting()
        if seat is None:
            self._note = "nobody is waiting for the device"
            self.refresh()
            return False
        self._holder = seat
        self.last_error, self._note = None, f"P{seat + 1} holds the device"
        self.refresh()
        return True

    # ------------------------------------------------------------ internals
    def _views(self, state: StateT) -> list[tuple[str, int]]:
        """The views the "view as" menu offers. A notebook's board: the player to move,
        everything (a teacher's), the public table, and each seat's. A private board: the
        people's own seats (the player to move when several people share the screen) and
        the public table — never a seat the computer plays, never everything."""
        public = (S.viewer_label(PUBLIC), _PUBLIC)
        if not self.private:
            return ([(_view_label(TURN), _TURN), (S.viewer_label(None), _EVERYTHING), public]
                    + [(S.viewer_label(p), p) for p in range(state.players)])
        if len(self.people) == 1:
            return [(f"{S.viewer_label(self.people[0])} (you)", self.people[0]), public]
        return [(_view_label(TURN), _TURN), public]

    def _waiting(self) -> int | None:
        """Hot seat: the seat that must take the device before the board shows it (None:
        nobody waits)."""
        player = self._head.current_player
        if (not self.private or len(self.people) < 2 or player is None or player == self._holder
                or player not in self.people):
            return None
        return player

    def _hand_over(self, state: StateT) -> None:
        """Hot seat: after a move, the view passes to the next player at once when the two
        see the same things; otherwise the board waits for the device to change hands (and
        at the start, when any two people's views differ, for the first player to take it)."""
        player = state.current_player
        if (not self.private or player is None or player not in self.people
                or player == self._holder):
            return
        others = [self._holder] if self._holder is not None else [
            p for p in self.people if p != player]
        if not any(_secrets_differ(state, other, player) for other in others):
            self._holder = player  # nothing to hide between them: the view passes at once

    def _check_seat(self, state: StateT) -> None:
        """A move is made for the seat that is to decide, by whoever may: refuse it
        otherwise (:class:`SeatError`)."""
        player = state.current_player
        if player is None:
            return
        if self.private:
            if player not in self.people:
                raise SeatError(f"it is P{player + 1}'s decision, and the computer plays P"
                                f"{player + 1}")
            if self.covered:
                raise SeatError(f"pass the device to P{player + 1}, then press "
                                f"'{self.pass_button.description}'")
            if self._viewer == TURN and player != self._holder:
                raise SeatError(f"P{self._holder + 1 if self._holder is not None else '?'} holds "
                                f"the device; this was P{player + 1}'s decision")
            if self._viewer not in (TURN, player):
                raise SeatError(f"you are viewing as {S.viewer_label(self._viewer)}; switch "
                                f"'view as' back to your seat to play")
            return
        seen = self.seen_by(state)
        if seen is not None and seen != player:
            raise SeatError(
                f"you are viewing as {_view_label(self._viewer)}, but it is P{player + 1}'s "
                f"decision; switch 'view as' to P{player + 1} (or to the player to move) to "
                "play it")

    @staticmethod
    def _check_opponents(state: State, opponents: Mapping[int, str | Agent[Any]],
                         seed: int) -> dict[int, Agent[Any]]:
        out = {}
        for seat, who in dict(opponents).items():
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
                raise ValueError(f"opponents: seat must be 0..{state.players - 1}, not {seat!r}")
            agent = make_agent(who, seed + seat, game=state.game.name)
            if not isinstance(agent, HumanAgent):
                out[seat] = agent
        return out

    def _let_opponents_move(self, limit: int = 10_000) -> None:
        """After a person's move, the computer seats play until a person must decide."""
        state = self._head
        for _ in range(limit):
            if state.is_over or state.current_player not in self.opponents:
                break
            bot = self.opponents[state.current_player]
            act = bot.act(state)
            state.apply(act)
            self.last_action = act
        self._cursor = state.action_count

    def _check_viewer(self, state: StateT, viewer: object) -> int | str | None:
        if viewer == PUBLIC or viewer == TURN:
            checked: int | str | None = str(viewer)
        elif viewer is None:
            checked = None
        elif isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < state.players:
            raise ValueError(f"viewer must be '{TURN}' (the player to move), None (everything), "
                             f"'{PUBLIC}' (the public table) or a seat 0..{state.players - 1}, "
                             f"not {viewer!r}")
        else:
            checked = viewer
        if self.private:
            allowed = [v for _, v in self._views(state)]
            if _dropdown_value(checked) not in allowed:
                raise ValueError(f"a private board shows only {', '.join(label for label, _ in self._views(state))}, "
                                 f"not {_view_label(checked)}")
        return checked

    def _set_head(self, state: StateT) -> None:
        self._head = state
        self._cursor = state.action_count
        self._cache.clear()

    def _may_move(self, state: StateT) -> bool:
        try:
            self._check_seat(state)
        except SeatError:
            return False
        return not state.is_over

    def _legal_targets(self, state: StateT) -> set[str]:
        return set(self.targets(state)) if self._may_move(state) else set()

    def _apply(self, act: Action, state: StateT, by: str | None = None) -> bool:
        try:
            state.apply(act)  # the State decides; illegal moves change nothing
        except RuleViolation as exc:
            self._fail(exc)
            return False
        if state is not self._head:  # a move in the past: the later moves are dropped
            self._set_head(state)
        else:
            self._cursor = state.action_count
        self.last_error, self.last_action = None, act
        self._note = f"{by + ': ' if by else ''}{act}"
        if self.opponents:
            before = state.action_count
            self._let_opponents_move()
            if state.action_count > before:
                self._note += f"; the computer answered with {plural(state.action_count - before, 'move')}"
        self._hand_over(state)
        self.refresh()
        return True

    def _guard(self, fn: Callable[[], object]) -> bool:
        try:
            return bool(fn())
        except BoardkitError as exc:
            self._fail(exc)
        except Exception as exc:
            self._internal_error(exc)
        return False

    def _fail(self, exc: BoardkitError) -> None:
        self.last_error = exc
        self._note = ""
        self._safe_refresh()

    def _internal_error(self, exc: Exception) -> None:
        self.last_error = BoardkitError(f"internal error: {type(exc).__name__}: {exc} "
                                        "(board.last_traceback has the details)")
        self.last_error.__cause__ = exc
        self.last_traceback = traceback.format_exc()
        self._safe_refresh()

    def _safe_refresh(self) -> None:
        try:
            self.refresh()
        except Exception as exc:  # the renderer itself fails: keep the panel alive
            self.message.value = (f"<div class='bk-error'>internal error while drawing: "
                                  f"{html.escape(type(exc).__name__)}: {html.escape(str(exc))}</div>")

    def _on_canvas_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        try:
            self.handle_message(content)
        except Exception:  # pragma: no cover - handle_message already catches everything
            pass

    def _on_slider(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        self._guard(lambda: self._move_cursor(change["new"]))

    def _move_cursor(self, k: int) -> bool:
        self._cursor = max(0, min(int(k), self._head.action_count))
        self.last_error, self._note = None, ""
        self.refresh()
        return True

    def _on_view_as(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return

        def switch() -> bool:
            self._viewer = self._check_viewer(self._head, _VIEWERS.get(change["new"], change["new"]))
            self.last_error = None
            self.refresh()
            return True

        self._guard(switch)

    def _on_autoplay_tick(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] == change["old"] or change["new"] == 0:
            return
        if self.state.is_over:
            self.autoplay.playing = False
            return
        self._guard(self.ai_move)
        if self.state.is_over or self.last_error is not None:
            self.autoplay.playing = False

    # ------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw the canvas and the panel from the shown position."""
        state = self.state
        legal = self._legal_targets(state)
        picture = self.render(state, self.seen_by(state), legal)
        waiting = self._waiting() if self._viewer == TURN else None
        self.pass_button.description = "" if waiting is None else f"I am P{waiting + 1}: show my seat"
        self.pass_button.layout.display = "none" if waiting is None else None
        with self.canvas.hold_sync():
            self.canvas.svg = picture
            self.canvas.legal = sorted(legal)
        self.status.value = self._status_html(state)
        self.message.value = self._message_html()
        self.save_link.value = self.save_html()
        self.log_view.value = self._log_html(state)
        self._syncing = True
        try:
            self.slider.max = self._head.action_count
            self.slider.value = self._cursor
        finally:
            self._syncing = False
        self.undo_button.disabled = self._cursor == 0
        self.reset_button.disabled = self._head.action_count == self._start.action_count
        self.ai_button.disabled = state.is_over or (self.private and not self._may_move(state))

    def _title(self) -> str:
        return self.title or self._head.game.title

    def status_text(self, state: StateT) -> str:
        """One line on whose turn it is and what they are asked, or how the game ended (the
        board's headline; a board may draw it into its picture)."""
        player = state.current_player
        if player is None:  # the game is over
            winners = state.winners()
            won = ", ".join(f"P{p + 1}" for p in winners)
            if not winners:
                turn = "game over — no winner"
            elif len(winners) == state.players > 1:  # every seat shares the win: a draw
                turn = "game over — a draw"
            else:
                turn = f"game over — {'winner' if len(winners) == 1 else 'winners'}: {won}"
        else:
            turn = f"P{player + 1} to {state.prompt()}"
        return turn

    @staticmethod
    def rules_text(state: State) -> str:
        """How the rules of ``state``'s game differ from the rulebook's: the house rules in
        force and the other rule parameters changed (empty when none is), for the status line
        (a position under other rules looks the same on the board)."""
        game = state.game
        changed = game.params_overrides(state.params)
        if not changed:
            return ""
        house = game.house_rules()
        parts = [f"house rule {key}" + ("" if changed[key] is True else f" = {changed[key]}")
                 for key in house if key in changed]
        others = [key for key in changed if key not in house]
        if others:
            parts.append(f"rule parameter{'s' if len(others) > 1 else ''} changed: "
                         f"{', '.join(others)}")
        return "; ".join(parts)

    def _status_html(self, state: StateT) -> str:
        parts = [f"<b>{_text(self._title())}</b> · "
                 f"<span class='bk-turn'>{_text(self.status_text(state))}</span>"]
        rules = self.rules_text(state)
        if rules:
            parts.append(f"<span class='bk-rules'>{_text(rules)}</span>")
        waiting = self._waiting() if self._viewer == TURN else None
        if waiting is not None:
            parts.append(f"<span class='bk-pass'>pass the device to P{waiting + 1}</span>")
        seen = self.seen_by(state)
        if seen is not None:
            parts.append(f"<span class='bk-viewer'>viewing as {S.viewer_label(seen)}</span>")
        if self._cursor < self._head.action_count:
            parts.append(f"<span class='bk-past'>showing move {self._cursor} of "
                         f"{self._head.action_count}: a move here drops the later ones</span>")
        return "<div class='bk-status-line'>" + " · ".join(parts) + "</div>"

    def _message_html(self) -> str:
        exc = self.last_error
        if exc is None:
            if not self._note:
                return ""
            return f"<div class='bk-note'>✓ {_text(self._note)}</div>"
        if isinstance(exc, RuleViolation):
            paraphrase = describe(exc.rule)
            # the id breaks after a dot or not at all (the panel breaks other words anywhere)
            rule = (f"<div class='bk-rule'>rule <code>{_text(exc.rule).replace('.', '.<wbr>')}</code>"
                    f"{': ' + _text(paraphrase) if paraphrase else ''}</div>")
            return (f"<div class='bk-error' data-rule='{html.escape(exc.rule)}'>"
                    f"<span class='bk-text'>✗ illegal: {_text(exc.message)}</span>{rule}</div>")
        kind = "refused" if isinstance(exc, ActionFormatError | SeatError) else "error"
        return f"<div class='bk-error'><span class='bk-text'>✗ {kind}: {_text(str(exc))}</span></div>"

    def _log_html(self, state: StateT) -> str:
        viewer = self.seen_by(state)
        events = list(self._head.log)
        shown = len(state.log)
        items = []
        for i, event in enumerate(events):
            cls = [f"bk-{event.kind}"]
            if i >= shown:
                cls.append("bk-future")
            title = ""
            if event.kind == "auto":
                # a step with a single legal option: the engine takes it (DESIGN, pending choices)
                title = " title='automatic: the only legal option, taken by the engine'"
            items.append(f"<li class='{' '.join(cls)}'{title}>{_text(event.visible_text(viewer))}</li>")
        head = self._head
        entries = f"{len(events)} {'entry' if len(events) == 1 else 'entries'}"
        counts = f"{plural(head.action_count, 'move')} by players"
        if head.auto_count:
            counts += f", {head.auto_count} automatic"
        counts += "".join(f", {extra}" for extra in self.log_counts(head))
        # the entries also hold dice, draws and rule notes, so they outnumber the moves
        return ("<details class='bk-log-box' open><summary>event log: "
                f"{entries} ({counts})</summary><ol>{''.join(items)}</ol></details>")

    # ------------------------------------------------------------ static views
    def _static_html(self) -> str:
        state = self.state
        rules = self.rules_text(state)
        return (f"<div class='bk-static'><div>{_text(self._title())} · "
                f"{_text(self.status_text(state))}{' · ' + _text(rules) if rules else ''}"
                f"</div>{self.svg()}</div>")

    def _repr_html_(self) -> str:
        return self._static_html()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        try:
            bundle["text/html"] = self._static_html()
        except Exception:  # a static view is a bonus: never break the live one
            pass
        bundle["text/plain"] = f"<{type(self).__name__}: {self.status_text(self.state)}>"
        return bundle

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.status_text(self.state)}>"
