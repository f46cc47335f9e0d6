"""Play mode: one game's board as a web page, with no code in sight.

``boardkit play wishland`` (or ``make play GAME=wishland``) serves ``play.ipynb`` (beside
this module) with Voilà. The notebook's one cell calls :func:`app`, which reads what to play
from, in this order:

1. ``BOARDKIT_PLAY`` in the environment: JSON that ``boardkit play`` writes from its command
   line, e.g. ``{"game": "wishland", "players": 3, "seed": 5, "variant": {"entrepreneurs":
   true}, "params": {"first_round_reversed": true}, "against": "computer"}``;
2. the page's address (Voilà hands its query string to the kernel as ``QUERY_STRING``), e.g.
   ``?game=dice-grid&players=3&seed=7&against=computer&variant.secret_lucky=false``, so a
   teacher can hand out one link per table (``rule.<parameter>=<value>`` changes a rule
   parameter, ``rule.first_round_reversed=true`` in Wishland).

The page shows the game's title, a "new game" form (players, seed, the game's simple variant
options, its house rules, whether the computer plays the other seats, and *Open a saved
game*) and the board with its own controls. The seats are private as at a table (see
:meth:`PlaySettings.board`); a finished game can be downloaded from the board and opened
again here to replay it. Bad settings and bad files are one line on the page, never a
traceback.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as widgets

from boardkit.boards.base import AI_AGENT
from boardkit.engine import BoardkitError, State, games
from boardkit.engine import game as get_game
from boardkit.engine.errors import UnknownGameError, VariantError, shown
from boardkit.engine.game import Game, VariantOption, get_dotted

#: the environment variable through which ``boardkit play`` passes its settings (JSON)
ENV = "BOARDKIT_PLAY"
#: the notebook Voilà serves
NOTEBOOK = Path(__file__).with_name("play.ipynb")
#: what the page plays when nothing says otherwise
DEFAULT_GAME = "dice-grid"
#: who plays the seats after the first: people taking turns at one screen, or the computer
AGAINST = {"people": "each other", "computer": "the computer"}
#: the address's settings (``variant.<option>`` and ``rule.<parameter>`` besides); Voilà's
#: own are ignored
QUERY_KEYS = ("game", "players", "seed", "against")
VOILA_KEYS = ("token", "template", "theme")


@dataclass(frozen=True)
class PlaySettings:
    """What to play: a game, its players, seed, variant options and rule parameters (by
    dotted name: a house rule, or any other), and who the others are."""

    game: str = DEFAULT_GAME
    players: int | None = None
    seed: int = 0
    variant: Mapping[str, Any] = field(default_factory=dict)
    against: str = "people"
    params: Mapping[str, Any] = field(default_factory=dict)

    def start(self) -> tuple[Game, State]:
        """The game and its first position; a :class:`~boardkit.BoardkitError` names what
        is wrong (an unknown game, a player count, a variant option, a rule parameter, the
        seed)."""
        g = get_game(self.game)
        if self.against not in AGAINST:
            raise VariantError(f"against: expected one of {', '.join(AGAINST)}, "
                               f"not {shown(self.against)}")
        return g, g.new_game(self.players, self.seed, dict(self.variant), dict(self.params))

    def board(self):
        """The board for a new game, its seats private as at a table: with
        ``against="computer"`` P1 is the person, who sees P1's seat and the public table only,
        and the computer answers for every other seat; against people, the view follows the
        player to move and the board asks for the device to be passed when the next player
        must not see what the last one saw (:class:`~boardkit.boards.Board`, ``private``)."""
        g, state = self.start()
        opponents = ({seat: AI_AGENT for seat in range(1, state.players)}
                     if self.against == "computer" else {})
        try:
            return g.board(state, seed=self.seed, opponents=opponents, private=True)
        except NotImplementedError:
            raise VariantError(f"{g.name} has no board to play on yet") from None


def _integer(key: str, raw: str) -> int:
    text = raw.strip()
    if not text.lstrip("-").isdigit() or len(text) > 20:
        raise VariantError(f"{key}: expected a whole number, not {shown(raw, 30)}")
    return int(text)


def _option_value(raw: str) -> Any:
    """A variant option from the address: JSON (``true``, ``2``, ``"x"``) or a bare word."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def _table(settings: dict, key: str) -> dict:
    """``settings[key]`` taken out of ``settings``: a JSON object (none: empty)."""
    value = settings.pop(key, None) or {}
    if not isinstance(value, dict):
        raise VariantError(f"{ENV}: {key} must be a JSON object, not {shown(value)}")
    return dict(value)


def read_settings(environ: Mapping[str, str] | None = None) -> PlaySettings:
    """The settings of ``boardkit play`` (``BOARDKIT_PLAY``) overridden by the page's address
    (``QUERY_STRING``). The address may only name a listed game (:func:`boardkit.games`):
    a ``module:attribute`` reference, which imports code, must come from the command line."""
    environ = os.environ if environ is None else environ
    base: dict[str, Any] = {}
    raw = environ.get(ENV)
    if raw:
        try:
            base = json.loads(raw)
        except ValueError:
            raise VariantError(f"{ENV}: expected the JSON that boardkit play writes") from None
        if not isinstance(base, dict):
            raise VariantError(f"{ENV}: expected a JSON object, not {shown(base)}")
    variant, params = _table(base, "variant"), _table(base, "params")
    unknown = sorted(set(base) - {"game", "players", "seed", "against"})
    if unknown:
        raise VariantError(f"{ENV}: unknown setting {shown(unknown[0])}")
    query = environ.get("QUERY_STRING", "") or ""
    if len(query) > 2000:
        raise VariantError(f"the page address is too long ({len(query):,} characters)")
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key.startswith("variant."):
            variant[key.removeprefix("variant.")] = _option_value(value)
        elif key.startswith("rule."):
            params[key.removeprefix("rule.")] = _option_value(value)
        elif key in ("players", "seed"):
            base[key] = _integer(key, value)
        elif key == "game":
            if value not in games():
                raise UnknownGameError(f"unknown game {shown(value, 40)}; available: "
                                       f"{', '.join(games())}")
            base[key] = value
        elif key == "against":
            base[key] = value
        elif key not in VOILA_KEYS:
            raise VariantError(f"unknown setting {shown(key, 30)} in the page address; known: "
                               f"{', '.join(QUERY_KEYS)}, variant.<option>, rule.<parameter>")
    return PlaySettings(variant=variant, params=params, **base)


# ---------------------------------------------------------------- the page


def _simple_options(g: Game) -> dict[str, VariantOption]:
    """The variant options the form offers: yes/no, and choices (a short range of whole
    numbers, one of the game's cards or scenarios); the others are kept as the address gives
    them (:meth:`Game.variant_options`, which the teacher's page reads too)."""
    return {o.name: o for o in g.variant_options() if o.kind in ("bool", "choice")}


def _close(widget: widgets.Widget) -> None:
    """Close a widget and everything inside it (a finished game's board)."""
    for child in getattr(widget, "children", ()):
        _close(child)
    widget.close()


class PlayApp(widgets.VBox):
    """The page: a title, the "new game" form, a message line and the board."""

    def __init__(self, settings: PlaySettings):
        self.game = get_game(settings.game)
        g = self.game
        self.settings = settings
        title = widgets.HTML(f"<h2>{html.escape(g.title)}</h2>")
        title.add_class("bk-play-title")
        small = widgets.Layout(width="auto", margin="2px 16px 2px 0")
        label = {"description_width": "initial"}  # labels as wide as their text
        self.players = widgets.Dropdown(
            options=[(str(n), n) for n in range(g.min_players, g.max_players + 1)],
            value=g.default_players, description="players", layout=small, style=label,
            disabled=g.min_players == g.max_players)
        self.seed = widgets.IntText(value=0, description="seed", style=label,
                                    layout=widgets.Layout(width="140px", margin="2px 16px 2px 0"))
        self.options: dict[str, widgets.ValueWidget] = {}
        defaults = g.make_variant({})
        for name, option in _simple_options(g).items():
            text = name.replace("_", " ")
            if option.kind == "bool":
                box = widgets.Checkbox(value=bool(getattr(defaults, name)), description=text,
                                       indent=False, tooltip=option.text, layout=small)
            else:
                box = widgets.Dropdown(
                    options=[("none" if v is None else str(v), v) for v in option.values],
                    value=getattr(defaults, name), description=text, tooltip=option.text,
                    layout=small, style=label)
            box.add_class(f"bk-play-option-{name}")
            self.options[name] = box
        self.rules: dict[str, widgets.ValueWidget] = {}
        for key, rule in g.house_rules().items():
            text = "house rule: " + key.rpartition(".")[2].replace("_", " ")
            if rule.values == (False, True):
                box = widgets.Checkbox(value=bool(rule.default), description=text, indent=False,
                                       tooltip=rule.description, layout=small)
            else:
                box = widgets.Dropdown(options=list(rule.values), value=rule.default,
                                       description=text, tooltip=rule.description,
                                       layout=small, style=label)
            box.add_class(f"bk-play-rule-{key.replace('.', '-').replace('_', '-')}")
            self.rules[key] = box
        self.against = widgets.Dropdown(options=[(text, key) for key, text in AGAINST.items()],
                                        value="people", description="play against",
                                        layout=small, style=label)
        self.new_button = widgets.Button(description="New game", icon="play",
                                         button_style="primary", layout=small)
        self.new_button.on_click(lambda _: self.new_game())
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False,
                                         description="Open a saved game", icon="folder-open",
                                         tooltip="a game downloaded from this page: replay a "
                                                 "finished one, or play an unfinished one on",
                                         layout=small)
        self.upload.add_class("bk-play-open")
        self.upload.observe(self._on_upload, "value")
        form = widgets.HBox([self.players, self.seed, *self.options.values(),
                             *self.rules.values(), self.against, self.new_button, self.upload],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        form.add_class("bk-play-form")
        self.message = widgets.HTML()
        self.message.add_class("bk-play-message")
        self.board = None
        self._fixed: dict[str, Any] = {}  # variant options the form does not show, kept from the settings
        self._fixed_params: dict[str, Any] = {}  # rule parameters it does not show, likewise
        super().__init__([title, form, self.message])
        self.add_class("bk-play")
        self.start(settings)

    def form_settings(self) -> PlaySettings:
        """The settings the form shows (with the options and rule parameters it cannot show
        kept as given; a house rule only when it differs from the game's own rule)."""
        variant = {**self._fixed, **{name: box.value for name, box in self.options.items()}}
        rules = self.game.house_rules()
        params = {**self._fixed_params, **{key: box.value for key, box in self.rules.items()
                                           if box.value != rules[key].default}}
        return PlaySettings(game=self.settings.game, players=self.players.value,
                            seed=self.seed.value, variant=variant, against=self.against.value,
                            params=params)

    def new_game(self) -> bool:
        """Start the game the form describes (the *New game* button). True when it started;
        otherwise the message line says why and the current game goes on."""
        return self.start(self.form_settings())

    def open_save(self, text: str | bytes, name: str = "the file") -> bool:
        """Open a game downloaded from a board (*Open a saved game*). A finished game is
        replayed on a board that shows everything (nothing is secret any more; the log
        slider steps through it); an unfinished one goes on as a table with this page's
        "play against" setting. True when it opened; otherwise the message line says why and
        the current game goes on."""
        try:
            state = self.game.from_json(text)
            if state.is_over:
                board = self.game.board(state, viewer=None)
            else:
                opponents = ({seat: AI_AGENT for seat in range(1, state.players)}
                             if self.against.value == "computer" else {})
                board = self.game.board(state, seed=state.seed, opponents=opponents,
                                        private=True)
        except BoardkitError as exc:
            self._say(f"✗ {name}: {exc}", error=True)
            return False
        except Exception as exc:  # a bug: one line on the page, never a traceback
            self._say(f"✗ internal error: {type(exc).__name__}: {str(exc)[:200]}", error=True)
            return False
        self._show(board)
        if state.is_over:
            board.show_move(0)
            what = "a finished game to replay: move the slider from the first move to the last"
        else:
            what = f"an unfinished game, played on from move {state.action_count}"
        self._say(f"opened {name}: {what}")
        return True

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        self.open_save(bytes(item["content"]), item.get("name", "the file"))

    def _show(self, board) -> None:
        old, self.board = self.board, board
        # ipywidgets keeps children as a tuple (a list would be cast to one)
        self.children: tuple[widgets.Widget, ...] = (*self.children[:3], board)
        if old is not None:
            _close(old)

    def start(self, settings: PlaySettings) -> bool:
        try:
            board = settings.board()
        except BoardkitError as exc:
            self._say(f"✗ {exc}", error=True)
            return False
        except Exception as exc:  # a bug: one line on the page, never a traceback
            self._say(f"✗ internal error: {type(exc).__name__}: {str(exc)[:200]}", error=True)
            return False
        shown_options = set(self.options)
        self._fixed = {k: v for k, v in settings.variant.items() if k not in shown_options}
        self._fixed_params = {k: v for k, v in settings.params.items() if k not in self.rules}
        state = board.state
        self.players.value = state.players
        self.seed.value = settings.seed
        chosen = self.game.make_variant(settings.variant)
        for name, box in self.options.items():
            box.value = getattr(chosen, name)
        for key, box in self.rules.items():  # the rule the game is played with
            box.value = get_dotted(state.params, key)
        self.against.value = settings.against
        self.settings = settings
        self._show(board)
        who = ("you are P1; the computer plays the others" if board.opponents else
               "take turns at this screen" if state.players > 1 else "a solo game")
        rules = board.rules_text(state)  # the board's status line says the same
        rules = f"; {rules}" if rules else ""
        self._say(f"new game: {state.players} player{'s' if state.players != 1 else ''}, "
                  f"seed {settings.seed} — {who}{rules}")
        return True

    def _say(self, text: str, error: bool = False) -> None:
        cls = "bk-error" if error else "bk-note"
        self.message.value = f"<div class='{cls}'>{html.escape(text, quote=False)}</div>"


def app(environ: Mapping[str, str] | None = None) -> widgets.Widget:
    """The play page for the settings in the environment and the page's address; a page
    with one line saying what is wrong when they name no game."""
    try:
        settings = read_settings(environ)
        return PlayApp(settings)
    except BoardkitError as exc:
        text = f"✗ {exc}"
    except Exception as exc:  # a bug: one line, never a traceback
        text = f"✗ internal error: {type(exc).__name__}: {str(exc)[:200]}"
    page = widgets.HTML(f"<div class='bk-error'>{html.escape(text, quote=False)}</div>")
    page.add_class("bk-play-message")
    return page
