"""boardkit games as OpenSpiel games, without copying any rule.

``import boardkit.interop.openspiel`` registers every game of ``boardkit.games()`` with
OpenSpiel as ``boardkit_<name>`` (hyphens as underscores)::

    import pyspiel
    import boardkit.interop.openspiel as bko

    game = pyspiel.load_game("boardkit_wishland", {"players": 3})
    bko.register("my_course.game:GAME")          # a game registered later -> its OpenSpiel name

Parameters of every such game: ``players`` (the game's default count), ``variant`` (the
game's variant options as JSON, ``{"automatons": 2}``; in a game *string* write a comma
between options as ``%2C``, because OpenSpiel splits game strings at commas), ``params``
(rule parameters by dotted key as JSON, ``{"sheet.width": 6}``, as ``new_game(params=...)``
takes them) and ``seeds`` (see "Chance").

How the two protocols meet (docs/decisions.md, "boardkit games in OpenSpiel"):

* **Chance.** boardkit draws every random outcome inside ``State.apply`` from the state's
  seeded generator, so it has no chance nodes to offer. The adapter moves all of chance to
  one explicit chance node at the start: nature draws the boardkit seed uniformly from
  ``0..seeds-1`` (65,536 by default) and nobody observes it; after that every transition is a
  deterministic function of the seed and the actions, as it is in boardkit. The OpenSpiel
  game is therefore exactly "the boardkit game with its seed drawn from ``seeds`` values",
  an ``EXPLICIT_STOCHASTIC`` game of ``IMPERFECT_INFORMATION`` (the seed hides the future).
  Its history is the seed then the actions, so clones, saves and replays are exact, and the
  randomness of a run is the caller's (OpenSpiel samples the chance node).
* **Search.** A clone keeps the seed, so an algorithm that searches on clones of the true
  state (OpenSpiel's ``MCTSBot``) sees the coming dice and cards, as it sees the opponents'
  hands in any imperfect-information game. ``resample_from_infostate`` (IS-MCTS) gives a
  state consistent with what the player saw, with the hidden parts re-dealt and fresh
  randomness (boardkit's ``State.determinize``).
* **Returns** come from the game's rules, ``State.winners()``: with two or more players the
  winners share the win and the returns are zero-sum, a lone winner +1 and each other seat
  −1/(n−1) (a shared win in between; nobody won: all 0); solo, +1 for a win and −1 for a
  loss. Scores stay on the boardkit state (``state.boardkit.scores()``).
* **Information.** ``information_state_string(p)`` is seat ``p``'s boardkit view
  (``State.observation(p)``) as JSON, with the log as that seat reads it (perfect recall);
  ``observation_string(p)`` is the same view without the log. ``observation_tensor(p)``
  hashes that view into :data:`TENSOR_SIZE` numbers (each leaf of the JSON by its path);
  there is no information-state tensor (a perfect-recall view is a growing log).
* **Length.** ``max_game_length`` counts player decisions (moves the engine makes alone,
  a single legal option, are not decisions). See :data:`LONGEST`; a game that goes past its
  declared bound is stopped with :class:`InteropError` rather than break the promise.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

import numpy as np

try:
    import pyspiel
except ImportError:  # pragma: no cover - depends on the environment
    raise ImportError("boardkit.interop.openspiel needs OpenSpiel: pip install 'boardkit[interop]'"
                      " (or pip install open_spiel)") from None

from boardkit.agents import RandomAgent, play
from boardkit.engine import Action, registry
from boardkit.engine.errors import (
    BoardkitError,
    InteropError,
    UnsupportedGameError,
    VariantError,
    clipped,
    shown,
)
from boardkit.engine.game import Game
from boardkit.engine.state import PUBLIC, State
from boardkit.engine.words import scores_text

PREFIX = "boardkit_"
#: how many boardkit seeds the chance node draws from by default (a power of two, so the
#: probabilities 1/seeds add up to exactly 1)
SEEDS = 2**16
#: the largest ``seeds`` parameter (the chance node lists every outcome)
MAX_SEEDS = 2**20
#: the length of ``observation_tensor``
TENSOR_SIZE = 1024
#: a declared bound is this many times the longest game measured (:func:`measure_length`)
MARGIN = 4
#: the longest game of the built-in games in player decisions, by player count: the longest
#: of 40 games (seeds 0-39) per player count and variant, each decision drawn uniformly from
#: the listed legal actions (``measure_length``); variants measured: Wishland with and
#: without Entrepreneurs and Achievement tiles, Wanderlust base, House Rule, Family and solo
#: with 1-3 automatons, Lands with and without Expert Mode, Freizeitpark with and without
#: an Auftragskarte. The declared bound is MARGIN times these. Dice Grid's is derived from
#: its rules instead (:func:`_dice_grid_bound`).
LONGEST: dict[str, dict[int, int]] = {
    "wishland": {1: 100, 2: 115, 3: 162, 4: 196},
    "wanderlust": {1: 65, 2: 263, 3: 327, 4: 340, 5: 338},
    "lands": {1: 47},
    "freizeitpark": {1: 46, 2: 87, 3: 126, 4: 170, 5: 218, 6: 264},
}


def _dice_grid_bound(probe: State) -> int:
    """At most ``rounds`` turns per player, each a choice of die and a claim (or a pass)."""
    return 2 * probe.params.rounds * probe.players


#: bounds derived from a game's rules, by boardkit name: fn(a new state) -> decisions
DERIVED: dict[str, Callable[[State], int]] = {"dice-grid": _dice_grid_bound}


def openspiel_name(name: str) -> str:
    """The OpenSpiel short name of the boardkit game ``name``: ``boardkit_dice_grid``."""
    return PREFIX + re.sub(r"[^0-9A-Za-z_]", "_", name)


def measure_length(game: Game, players: int, variant: Mapping | None = None, games: int = 20,
                   seed: int = 0, params: Mapping | None = None) -> int:
    """The longest of ``games`` games of random play (seeds ``seed``..), in player
    decisions, each drawn uniformly from the listed legal actions as OpenSpiel's tests do."""
    longest = 0
    for k in range(games):
        state = game.new_game(players, seed=seed + k, variant=variant, params=params)
        uniform = RandomAgent(seed + k)  # one generator for every seat
        decided: list[Action] = []

        def count(_state: State, act: Action, decided: list[Action] = decided) -> None:
            decided.append(act)

        play(state, [uniform] * state.players, on_action=count)
        longest = max(longest, len(decided))
    return longest


# ------------------------------------------------------------------ registration
@dataclass
class _Spec:
    """One boardkit game offered to OpenSpiel."""

    game: Game
    short_name: str
    max_game_length: int | Mapping[int, int] | None

    def bound(self, probe: State, variant: Mapping, rules: Mapping | None = None) -> int:
        """The declared longest game for ``probe``'s player count, variant and rule
        parameters (the documented bounds hold for the default parameters only)."""
        given = self.max_game_length
        if isinstance(given, int):
            return given
        if isinstance(given, Mapping) and probe.players in given:
            return int(given[probe.players])
        name = self.game.name
        if name in DERIVED:
            return DERIVED[name](probe)
        if name in LONGEST and probe.players in LONGEST[name] and not rules:
            return MARGIN * LONGEST[name][probe.players]
        key = (probe.players, json.dumps(variant, sort_keys=True),
               json.dumps(rules or {}, sort_keys=True), name)
        if key not in _measured:
            _measured[key] = MARGIN * max(1, measure_length(self.game, probe.players, variant,
                                                            params=rules))
        return _measured[key]


_specs: dict[str, _Spec] = {}  # OpenSpiel short name -> spec
_measured: dict[tuple, int] = {}
_factories: dict[str, type] = {}  # OpenSpiel short name -> its BoardkitGame subclass
#: built-in or installed games that could not be registered on import, with the reason
SKIPPED: dict[str, str] = {}


def register(game_or_name: Game | str, max_game_length: int | Mapping[int, int] | None = None) -> str:
    """Offer a boardkit game to OpenSpiel; returns its OpenSpiel name (``boardkit_<name>``).

    ``game_or_name``: a :class:`Game`, a registered name or a ``"module:attribute"``
    reference. ``max_game_length``: the most player decisions a game can take (one number,
    or one per player count); by default a built-in game's documented bound, else
    :data:`MARGIN` times the longest of 20 random games, measured when a player count is
    first loaded. Registering the same game again replaces it (a course edits its game).
    """
    if isinstance(game_or_name, Game):
        game = game_or_name
    elif isinstance(game_or_name, str):
        game = registry.game(game_or_name)
    else:
        raise TypeError(f"register() needs a boardkit Game, a game name or a 'module:attribute' "
                        f"reference, not {shown(game_or_name)}")
    if not game.has_codec:
        raise UnsupportedGameError(f"{game.name} has no integer action codec, and OpenSpiel numbers every "
                           "action: give its Game a codec=ActionCodec(...) (docs/adding-a-game.md)")
    if max_game_length is not None:
        values = ([max_game_length] if isinstance(max_game_length, int)
                  else list(max_game_length.values()) if isinstance(max_game_length, Mapping) else [None])
        if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values):
            raise InteropError(f"max_game_length must be a positive integer or one per player count, "
                               f"not {shown(max_game_length)}")
    short = openspiel_name(game.name)
    taken = _specs.get(short)
    if taken is not None and taken.game.name != game.name:
        raise InteropError(f"the OpenSpiel name {short} of {game.name!r} is taken by "
                           f"{taken.game.name!r}; rename one of the two games")
    for key in [k for k in _measured if k[-1] == game.name]:
        del _measured[key]
    _specs[short] = _Spec(game, short, max_game_length)
    # OpenSpiel keeps the factory until the process exits, after Python has shut down; a
    # class (as OpenSpiel's own Python games register) outlives that, a closure crashes it
    factory = _factories.get(short)
    if factory is None:
        factory = _factories[short] = type(f"BoardkitGame_{short}", (BoardkitGame,),
                                           {"short_name": short, "__module__": __name__})
    pyspiel.register_game(_game_type(_specs[short], game.default_players), factory)
    return short


def _game_type(spec: _Spec, players: int) -> pyspiel.GameType:
    game = spec.game
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=f"boardkit {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if players > 1
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.default_players, "variant": "{}",
                                 "params": "{}", "seeds": SEEDS},
    )


# ------------------------------------------------------------------ the game
def _variant(game: Game, text, label: str = "variant") -> dict:
    """The ``variant`` (or ``params``) parameter: JSON of the game's options (or rule
    parameters), commas maybe as ``%2C``."""
    example = '{"expert": true}' if label == "variant" else '{"sheet.width": 6}'
    if not isinstance(text, str):
        raise VariantError(f"{game.name} {label}: expected JSON text such as '{example}', "
                           f"not {shown(text)}")
    try:
        value = json.loads(unquote(text) or "{}")
    except ValueError as exc:
        raise VariantError(f"{game.name} {label}: not JSON ({exc}): {shown(text)}") from None
    if not isinstance(value, dict):
        raise VariantError(f"{game.name} {label}: expected a JSON object, not {shown(text)}")
    return value


def _game_string_safe(variant: dict) -> str:
    """The variant as JSON that survives OpenSpiel's game strings (no comma, parenthesis or =)."""
    text = json.dumps(variant, sort_keys=True, separators=(",", ":"))
    for char, code in (("%", "%25"), (",", "%2C"), ("(", "%28"), (")", "%29"), ("=", "%3D")):
        text = text.replace(char, code)
    return text


class BoardkitGame(pyspiel.Game):
    """One boardkit game with a player count and variant, as OpenSpiel sees it."""

    #: the OpenSpiel name this class was registered under (one subclass per game)
    short_name: str = ""

    def __init__(self, params: Mapping | None = None):
        params = dict(params or {})
        spec = _specs[self.short_name]
        game = spec.game
        players = params.get("players", game.default_players)
        seeds = params.get("seeds", SEEDS)
        if isinstance(seeds, bool) or not isinstance(seeds, int) or not 1 <= seeds <= MAX_SEEDS:
            raise VariantError(f"{spec.short_name} seeds: the chance node draws from 1..{MAX_SEEDS:,} "
                               f"seeds, not {shown(seeds)}")
        variant = _variant(game, params.get("variant", "{}"))
        rules = _variant(game, params.get("params", "{}"), "params")
        # checks players, variant and rule parameters
        probe = game.new_game(players, seed=0, variant=variant, params=rules)
        #: the boardkit game
        self.boardkit_game = game
        self.players = probe.players
        self.seeds = seeds
        self.variant = probe.variant
        #: the rule parameters changed from the game's defaults (dotted keys)
        self.rule_params = rules
        self.codec = game.codec
        self.max_decisions = spec.bound(probe, variant, rules)
        self._outcomes: list[tuple[int, float]] | None = None
        # resample_from_infostate's fresh randomness besides the sampler's: a caller that
        # makes a sampler with the same seed on every call would otherwise give every world
        # sample the same future (OpenSpiel's IS-MCTS makes a new one, seeded from the machine)
        self._resamples = np.random.default_rng(0)
        params.update(players=self.players, seeds=seeds, variant=_game_string_safe(variant),
                      params=_game_string_safe(rules))
        info = pyspiel.GameInfo(
            num_distinct_actions=game.codec.size,
            max_chance_outcomes=seeds,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if self.players > 1 else None,
            max_game_length=self.max_decisions,
        )
        super().__init__(_game_type(spec, self.players), info, params)

    def new_initial_state(self, state=None) -> BoardkitState:
        """The chance node that draws the boardkit seed."""
        if state is not None:
            raise InteropError(f"{self.boardkit_game.name}: an OpenSpiel state starts at its chance "
                               "node; a boardkit save is loaded with boardkit's Game.from_json")
        return BoardkitState(self)

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._outcomes is None:
            self._outcomes = [(seed, 1.0 / self.seeds) for seed in range(self.seeds)]
        return self._outcomes

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _Observer(self, iig_obs_type, params)


# ------------------------------------------------------------------ the state
class _Held:
    """The boardkit state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes and serializes it by pickling them; this holder makes the
    first a boardkit ``clone()`` and the second the boardkit save (replayed by
    ``Game.from_json``). A determinized state (``resample_from_infostate``) is no longer
    what its seed and actions give, so it is pickled as it is."""

    __slots__ = ("state", "exact", "_memo", "_memo_at")

    def __init__(self, state: State | None = None, exact: bool = True):
        self.state = state
        self.exact = exact
        self._memo: dict = {}
        self._memo_at = -1

    def memo(self, key, compute: Callable):
        """``compute()`` once per position: OpenSpiel asks for the legal actions and each
        seat's view several times per decision. A position changes only by ``apply``,
        which always adds to the log, so the memo lapses when the log grows (as
        ``State.offer``'s does)."""
        at = len(self.playing().log)
        if at != self._memo_at:
            self._memo.clear()
            self._memo_at = at
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def playing(self) -> State:
        """The boardkit state. There is none at the chance node, where OpenSpiel asks only
        for the chance outcomes (never for legal actions or views)."""
        if self.state is None:
            raise InteropError("the chance node has no boardkit state yet: apply a seed first")
        return self.state

    def __deepcopy__(self, memo) -> _Held:
        return _Held(None if self.state is None else self.state.clone(), self.exact)

    def __reduce__(self):
        if self.state is None:
            return (_Held, ())
        if self.exact:
            return (_from_save, (self.state.game.name, self.state.to_json()))
        return (_Held, (self.state, False))


def _from_save(name: str, text: str) -> _Held:
    """A serialized state's boardkit part: its save, replayed. Forced outcomes are accepted
    (a teacher's position must round-trip); the text is already trusted as much as the pickle
    OpenSpiel wraps it in."""
    game = next((s.game for s in _specs.values() if s.game.name == name), None) or registry.game(name)
    return _Held(game.from_json(text, allow_forced=True))


class BoardkitState(pyspiel.State):
    """An OpenSpiel state around a boardkit state (``.boardkit``; ``None`` at the chance node)."""

    def __init__(self, game: BoardkitGame):
        super().__init__(game)
        self._held = _Held()

    @property
    def boardkit(self) -> State | None:
        """The boardkit state (explain a move, show the board, read the scores)."""
        return self._held.state

    def current_player(self) -> int:
        state = self._held.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        player = state.current_player
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        return list(held.memo("legal", lambda: tuple(sorted(
            {self.get_game().codec.encode(act) for act in held.playing().legal_actions()}))))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.get_game().chance_outcomes() if self._held.state is None else []

    def _apply_action(self, action: int) -> None:
        game = self.get_game()
        state = self._held.state
        if state is None:
            if not 0 <= action < game.seeds:
                raise InteropError(f"{game.boardkit_game.name}: the chance node draws a seed "
                                   f"0..{game.seeds - 1}, not {shown(action)}")
            self._held = _Held(game.boardkit_game.new_game(game.players, seed=int(action),
                                                           variant=game.variant,
                                                           params=game.rule_params))
            return
        if self.move_number() - 1 >= game.max_decisions:
            raise InteropError(
                f"{game.boardkit_game.name} with {game.players} players goes on after "
                f"{game.max_decisions} decisions, the longest game declared to OpenSpiel; "
                f"declare a larger bound with register(game, max_game_length=...)")
        state.apply(game.codec.decode(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return str(self.get_game().codec.decode(int(action)))

    def is_terminal(self) -> bool:
        state = self._held.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        state = self._held.state
        n = self.get_game().players
        if state is None or not state.is_over:
            return [0.0] * n
        return outcome(state)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> BoardkitState:
        """A state ``player_id`` cannot tell from this one: what they cannot see re-dealt
        and fresh randomness from here on (boardkit's ``State.determinize``); the seed of the
        new randomness comes from ``probability_sampler()`` and the game's own stream of
        resamples. OpenSpiel's IS-MCTS bot passes a sampler seeded from the machine, so its
        search does not repeat; give it :func:`seeded_resampler` for one that does."""
        seed = int(probability_sampler() * 2**53) ^ int(self.get_game()._resamples.integers(2**62))
        return self.resampled(player_id, seed)

    def resampled(self, player_id: int, seed: int) -> BoardkitState:
        """:meth:`resample_from_infostate` with the new randomness drawn from ``seed`` alone."""
        other = self.clone()
        state = self._held.state
        if state is not None and not state.is_over:
            other._held = _Held(state.determinize(player_id, seed), exact=False)
        return other

    def __str__(self) -> str:
        state = self._held.state
        if state is None:
            return f"chance node: the boardkit seed is drawn from 0..{self.get_game().seeds - 1}"
        # the seed and the log identify the position (and read as its story); the teacher's
        # full view is str(state.boardkit.observation(None)), several times dearer
        player = state.current_player  # None exactly when the game is over
        now = (f"the game is over; scores: {scores_text(state.scores())}" if player is None
               else f"P{player + 1} to {state.prompt()}")
        return self._held.memo("str", lambda: "\n".join(
            [f"seed {state.seed}", *(str(e) for e in state.log), now]))


def seeded_resampler(seed: int) -> Callable[[BoardkitState, int], BoardkitState]:
    """A resampler for OpenSpiel's IS-MCTS bot whose worlds follow ``seed``:
    ``bot.set_resampler(seeded_resampler(0))``. The bot's own resamples with
    ``pyspiel.UniformProbabilitySampler(0, 1)``, seeded from the machine on every call, so
    with seeded rollouts and a seeded ``random_state`` its games still differ from run to
    run; with this one they repeat."""
    rng = np.random.default_rng(seed)

    def resample(state: BoardkitState, player: int) -> BoardkitState:
        return state.resampled(player, int(rng.integers(2**62)))

    return resample


def outcome(state: State) -> list[float]:
    """The returns of a finished game (see the module docstring): zero-sum shares of the win
    with two or more players, ±1 solo."""
    n = state.players
    won = set(state.winners())
    if n == 1:
        return [1.0 if won else -1.0]
    if not won:
        return [0.0] * n
    return [n / (n - 1) * ((1.0 / len(won) if p in won else 0.0) - 1.0 / n) for p in range(n)]


# ------------------------------------------------------------------ observations
_VIEWERS = {pyspiel.PrivateInfoType.SINGLE_PLAYER: "seat", pyspiel.PrivateInfoType.NONE: PUBLIC,
            pyspiel.PrivateInfoType.ALL_PLAYERS: None}


class _Observer:
    """OpenSpiel's observer interface over ``State.observation``: a seat's view (or the
    public table, or everything), with its log when perfect recall is asked for."""

    def __init__(self, game: BoardkitGame, iig_obs_type=None, params=None):
        if params:
            raise InteropError(f"{game.boardkit_game.name}: observations take no parameters, "
                               f"got {clipped(', '.join(map(str, params)), 80)}")
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise InteropError(f"{game.boardkit_game.name}: boardkit views always include the "
                               "public information (public_info=False is not offered)")
        self.name = game.boardkit_game.name
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.viewer = (_VIEWERS[iig_obs_type.private_info] if iig_obs_type is not None
                       else "seat")
        self.tensor: np.ndarray | None
        if self.recall:  # a growing log has no fixed-size tensor
            self.tensor = None
            self.dict = {}
        else:
            self.tensor = np.zeros(TENSOR_SIZE, np.float32)
            self.dict = {"observation": self.tensor}

    def view(self, state: BoardkitState, player: int) -> dict:
        """The view as a dict (never modify it: it is kept for the position)."""
        held = state._held
        inner = held.state
        if inner is None:
            return {"game": self.name, "chance": "the seed is not drawn yet"}
        viewer = player if self.viewer == "seat" else self.viewer
        return held.memo(("view", viewer), lambda: inner.observation(viewer))

    def set_from(self, state: BoardkitState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            raise InteropError(f"{self.name}: a perfect-recall observation has no tensor (its log "
                               "grows); read it with string_from")
        held = state._held
        if held.state is None:
            tensor.fill(0.0)
            return
        tensor[:] = held.memo(("tensor", player, self.viewer), lambda: _hashed(
            {k: v for k, v in self.view(state, player).items() if k != "log"}))

    def string_from(self, state: BoardkitState, player: int) -> str:
        view = self.view(state, player)
        if not self.recall:
            view = {k: v for k, v in view.items() if k != "log"}
        return json.dumps(view, sort_keys=True, ensure_ascii=False)


def _hashed(view: dict) -> np.ndarray:
    """Feature hashing of a view: a number adds itself at the slot of its path (``/grid/0/3``),
    any other leaf (text, true/false, null) adds 1 at the slot of its path and value."""
    slots: list[int] = []
    values: list[float] = []
    todo: list[tuple[str, Any]] = [("", view)]
    while todo:
        path, node = todo.pop()
        kind = type(node)
        if kind is dict:
            todo.extend((f"{path}/{k}", v) for k, v in node.items())
        elif kind is list or kind is tuple:
            todo.extend((f"{path}/{i}", v) for i, v in enumerate(node))
        elif kind is int or kind is float:
            if math.isfinite(node):
                slots.append(zlib.crc32(path.encode()))
                values.append(node)
        else:
            slots.append(zlib.crc32(f"{path}={node}".encode()))
            values.append(1.0)
    out = np.zeros(TENSOR_SIZE, np.float32)
    np.add.at(out, np.asarray(slots, dtype=np.int64) % TENSOR_SIZE, np.asarray(values, dtype=np.float64))
    return out


# ------------------------------------------------------------------ on import
for _name in registry.games():
    try:
        register(_name)
    except BoardkitError as _exc:  # no codec, or an installed game that does not import
        SKIPPED[_name] = str(_exc)
