"""A game: its name, State class, actions, variants, rule parameters and rule catalog.

``Game.new_game`` validates the player count, the variant options and the rule parameters
(a pydantic model each, unknown keys refused) before it builds a State. ``from_json``
reads a save, replays it and checks that the replay matches it (:mod:`.saves`).
"""

from __future__ import annotations

import importlib
import json
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Generic

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.fields import FieldInfo

from . import saves
from .actions import Action, ActionCodec, ActionSet
from .content import format_validation_error, read_toml
from .errors import KNOWN_RULES, DataError, VariantError, shown
from .rules import RuleCatalog, catalog, data_folder, use_folder
from .state import MAX_SEED, S
from .words import plural


class NoOptions(BaseModel):
    """A game without variant options."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def house_rule(default: Any, description: str) -> Any:
    """Declare a rule parameter as a **house rule**: not the rulebook's rule, an alternative
    to it (a reading the rulebook allows, or a change a class wants to try). Its default is
    the rulebook's; it is a yes/no or a choice among named values. Play mode offers every
    house rule of a game in its "new game" form (:meth:`Game.house_rules`)."""
    return Field(default, description=description, json_schema_extra={"house_rule": True})


@dataclass(frozen=True)
class HouseRule:
    """A house rule of a game (:func:`house_rule`): its dotted parameter name, the values
    it can take, its value in the game's data file, and what it changes."""

    key: str
    values: tuple[Any, ...]
    default: Any
    description: str


@dataclass(frozen=True)
class Choices:
    """Metadata of a variant option that names one of the game's things (a card, a
    scenario): ``Annotated[str | None, Choices(names)]``. ``names()`` gives the values it
    takes, read from the game's content when a form is drawn; the option's validator still
    decides what is accepted."""

    names: Callable[[], Iterable[Any]]


#: an integer option with at most this many values is offered as a menu, not a number box
MENU_LIMIT = 12


@dataclass(frozen=True)
class VariantOption:
    """One variant option as a form offers it (:meth:`Game.variant_options`).

    ``kind``: ``"bool"`` (yes/no), ``"choice"`` (one of ``values``; ``None`` among them,
    first, when the option may be left unset), ``"number"`` (a whole number within ``low``
    and ``high`` when they are given; unset allowed when ``optional``) or ``"other"`` (no
    simple control fits: it is given as data)."""

    name: str
    kind: str
    default: Any
    text: str
    values: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False


def _bound(info: FieldInfo, name: str) -> int | None:
    return next((getattr(m, name) for m in info.metadata if getattr(m, name, None) is not None),
                None)


def variant_options(model: type[BaseModel]) -> list[VariantOption]:
    """The options of a variant model, each as the simplest control that offers it."""
    out = []
    defaults = model()
    for name, info in model.model_fields.items():
        kind, default = info.annotation, getattr(defaults, name)
        optional = type(None) in typing.get_args(kind)
        bare = [a for a in typing.get_args(kind) if a is not type(None)] if optional else [kind]
        text = info.description or name.replace("_", " ")
        choices = next((m for m in info.metadata if isinstance(m, Choices)), None)
        low, high = _bound(info, "ge"), _bound(info, "le")
        if kind is bool:
            out.append(VariantOption(name, "bool", default, text))
        elif choices is not None:
            values = tuple(choices.names())
            out.append(VariantOption(name, "choice", default, text,
                                     ((None,) if optional else ()) + values, optional=optional))
        elif bare == [int] and low is not None and high is not None \
                and 0 <= high - low < MENU_LIMIT and not optional:
            out.append(VariantOption(name, "choice", default, text, tuple(range(low, high + 1))))
        elif bare == [int]:
            out.append(VariantOption(name, "number", default, text, low=low, high=high,
                                     optional=optional))
        else:
            out.append(VariantOption(name, "other", default, text, optional=optional))
    return out


def _house_rules(model: type[BaseModel], prefix: str = "") -> list[tuple[str, FieldInfo]]:
    """The house-rule fields of a parameter model and its nested models: (dotted key, field)."""
    out: list[tuple[str, FieldInfo]] = []
    for name, info in model.model_fields.items():
        kind = info.annotation
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            out += _house_rules(kind, f"{prefix}{name}.")
        elif isinstance(info.json_schema_extra, dict) and info.json_schema_extra.get("house_rule"):
            out.append((f"{prefix}{name}", info))
    return out


def get_dotted(model: Any, key: str) -> Any:
    """The value of the dotted parameter ``a.b.c`` in a parameter model."""
    for part in key.split("."):
        model = getattr(model, part)
    return model


def set_dotted(tree: dict[str, Any], key: str, value: Any, where: str) -> None:
    """Set ``a.b.c`` in a nested dict; the path must already exist (no typos pass)."""
    node = tree
    parts = key.split(".")
    for i, part in enumerate(parts):
        if not isinstance(node, dict) or part not in node:
            known = ", ".join(sorted(node)) if isinstance(node, dict) else "(not a table)"
            raise VariantError(
                f"{where}: unknown rule parameter '{'.'.join(parts[: i + 1])}' (known here: {known})"
            )
        if i == len(parts) - 1:
            node[part] = value
        else:
            node = node[part]


def resolve(ref: Any) -> Any:
    """A ``"module:attribute"`` reference imported on first use (games name their board,
    agents and heuristic this way so ``import boardkit`` stays light); anything else as is."""
    if not isinstance(ref, str):
        return ref
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def _named(name: str) -> Game[Any]:
    """The game called ``name``, found through the registry (:func:`boardkit.engine.game`):
    how a pickled position finds its game again, here or in another process."""
    found: Game[Any] = resolve("boardkit.engine.registry:game")(name)
    return found


class Game(Generic[S]):
    """Everything about one game that is not a position.

    ``Game[LandsState]``: the game of ``state_class``; the positions it makes are of that
    class, and each holds the game (``state.game``). A game pickles as its name (a position
    pickled with it stays small), found again through the registry when loaded.

    ``board``, the ``agents`` factories and ``heuristic`` may be given as
    ``"module:attribute"`` strings; they are imported when first used. ``data``: the folder
    holding the game's ``rules.toml`` (its rule catalog) and ``params.toml`` (its rule
    parameters), for a game that lives outside the package (a course's own game); the
    built-in games keep theirs in the package's ``data/<name>/``.
    """

    def __init__(self, name: str, title: str, state_class: type[S],
                 actions: Iterable[type[Action]], players: tuple[int, int],
                 default_players: int | None = None, variant_model: type[BaseModel] = NoOptions,
                 params_model: type[BaseModel] | None = None, lower_is_better: bool = False,
                 codec: ActionCodec | None = None, summary: str = "", status: str = "",
                 board: str | None = None, agents: Mapping[str, Any] | None = None,
                 heuristic: Callable[[S, int], float] | str | None = None,
                 search: Mapping[str, Any] | None = None,
                 data: str | Path | None = None, solo: Mapping[str, Any] | None = None) -> None:
        self.name = name
        if data is not None:
            folder = Path(data)
            if not (folder / "rules.toml").is_file():
                raise DataError(f"game '{name}': data: {folder} has no rules.toml (the game's rule "
                                "catalog; see docs/adding-a-game.md)")
            use_folder(name, folder)
        self.title = title
        self.state_class = state_class
        self.actions = ActionSet(actions)
        self.min_players, self.max_players = players
        self.default_players = default_players or self.min_players
        self.variant_model = variant_model
        self.params_model = params_model
        self.lower_is_better = lower_is_better
        self._codec = codec
        self.summary = summary
        self.status = status
        self._board = board  # "module:Class" of the game's board widget
        #: the game's own agents, name -> factory(seed[, budget]) or "module:factory"
        self.agents = dict(agents or {})
        self._heuristic = heuristic
        #: the settings of the game's default search agent (``mcts``): keyword arguments of
        #: :class:`boardkit.agents.mcts.MCTSAgent`, such as ``iterations`` and ``rollout_depth``
        #: (``agent``: a subclass, or its "module:Class", that refines the search for the game)
        self.search = dict(search or {})
        #: how the game is played alone: ``new_game`` keyword arguments (``players`` and
        #: ``variant``), None when it has no solo mode. By default a game that takes one
        #: player is played alone with one player and its default variant.
        if solo is None and self.min_players == 1:
            solo = {"players": 1}
        self.solo = dict(solo) if solo is not None else None

    def __repr__(self) -> str:
        return f"<boardkit game {self.name!r}: {self.title}>"

    def _repr_html_(self) -> str:
        """The game as a notebook shows it: its title, players, options and how to start."""
        from html import escape

        low, high = self.min_players, self.max_players
        players = plural(low, "player") if low == high else f"{low}–{high} players"
        options = ", ".join(f"<code>{escape(o)}</code>" for o in self.variant_model.model_fields)
        return (f"<div><b>{escape(self.title)}</b> (<code>{escape(self.name)}</code>): "
                f"{players}{', solo mode' if self.solo and high > 1 else ''}; options: {options or 'none'}. "
                f"Start one with <code>.new_game(players={self.default_players}, seed=0)</code>."
                "</div>")

    def __reduce__(self) -> tuple[Callable[[str], Game[Any]], tuple[str]]:
        return (_named, (self.name,))

    @property
    def heuristic(self) -> Callable[[S, int], float] | None:
        """heuristic(state, player) -> float, higher is better for that player (greedy agent)."""
        fn: Callable[[S, int], float] | None = resolve(self._heuristic)
        return fn

    # --------------------------------------------------------------- content
    @property
    def rules(self) -> RuleCatalog:
        return catalog(self.name)

    @property
    def data_folder(self) -> Path:
        """The folder of the game's data files (``rules.toml``, ``params.toml``)."""
        return data_folder(self.name)

    @cached_property
    def default_params(self) -> dict[str, Any]:
        """The rule parameters from ``data/<game>/params.toml`` (a plain nested dict)."""
        if self.params_model is None:
            return {}
        path = self.data_folder / "params.toml"
        raw = read_toml(path)
        self._validate_params(raw, str(path))
        return raw

    def _validate_params(self, raw: dict[str, Any], where: str) -> BaseModel:
        if self.params_model is None:
            raise VariantError(f"{self.name} has no rule parameters to set")
        try:
            return self.params_model.model_validate(raw)
        except ValidationError as exc:
            raise VariantError(format_validation_error(where, exc)) from None

    def make_params(self, overrides: Mapping[str, Any] | None = None) -> BaseModel | None:
        """Validated rule parameters: the data file's values with dotted-key overrides."""
        if self.params_model is None:
            if overrides:
                raise VariantError(f"{self.name} has no rule parameters to set")
            return None
        tree = json.loads(json.dumps(self.default_params))
        for key, value in (overrides or {}).items():
            set_dotted(tree, key, value, f"{self.name} params")
        return self._validate_params(tree, f"{self.name} params")

    def variant_options(self) -> list[VariantOption]:
        """The game's variant options as a form offers them (:class:`VariantOption`): play
        mode's "new game" form and the teacher's page draw their controls from it."""
        return variant_options(self.variant_model)

    def house_rules(self) -> dict[str, HouseRule]:
        """The game's house rules (:func:`house_rule`), by dotted parameter name."""
        if self.params_model is None:
            return {}
        defaults = self.make_params()
        out = {}
        for key, info in _house_rules(self.params_model):
            kind = info.annotation
            values: tuple[Any, ...] = ((False, True) if kind is bool
                                       else typing.get_args(kind))
            out[key] = HouseRule(key, values, get_dotted(defaults, key), info.description or key)
        return out

    def params_overrides(self, params: BaseModel | None) -> dict[str, Any]:
        """The dotted keys where ``params`` differ from the data file (for saves)."""
        if params is None:
            return {}
        current = params.model_dump(mode="json")
        out: dict[str, Any] = {}

        def walk(a: dict[str, Any], b: dict[str, Any], prefix: str) -> None:
            for k, v in a.items():
                key = f"{prefix}{k}"
                if isinstance(v, dict) and isinstance(b.get(k), dict):
                    walk(v, b[k], key + ".")
                elif b.get(k) != v:
                    out[key] = v

        defaults = self.make_params()
        walk(current, {} if defaults is None else defaults.model_dump(mode="json"), "")
        return out

    def make_variant(self, variant: Mapping[str, Any] | BaseModel | None) -> BaseModel:
        if isinstance(variant, self.variant_model):
            return variant
        if variant is not None and not isinstance(variant, Mapping):
            raise VariantError(f"{self.name} variant: expected a dict of options, got {variant!r}")
        try:
            return self.variant_model.model_validate(dict(variant or {}))
        except ValidationError as exc:
            known = ", ".join(self.variant_model.model_fields) or "none"
            raise VariantError(
                format_validation_error(f"{self.name} variant", exc) + f"\n(options: {known})"
            ) from None

    def variant_dict(self, variant: BaseModel) -> dict[str, Any]:
        return variant.model_dump(mode="json")

    # ------------------------------------------------------------- new games
    def new_game(self, players: int | None = None, seed: int = 0,
                 variant: Mapping[str, Any] | BaseModel | None = None,
                 params: Mapping[str, Any] | None = None) -> S:
        """A new game. ``variant``: options (``{"expert": True}``); ``params``: rule
        parameters by dotted key (``{"points.bonus": 3}``)."""
        n = self.default_players if players is None else players
        if isinstance(n, bool) or not isinstance(n, int) or not self.min_players <= n <= self.max_players:
            span = (f"{self.min_players}" if self.min_players == self.max_players
                    else f"{self.min_players}–{self.max_players}")
            raise VariantError(f"{self.name} takes {span} players, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise VariantError(f"seed must be an integer in 0..2**63-1, not {shown(seed)}")
        self._know_rules()
        return self.state_class(n, seed, self.make_variant(variant), self.make_params(params),
                                game=self)

    def _know_rules(self) -> None:
        """Read the rule catalog before the first position, so a refusal that cites an id
        the catalog lacks is a :class:`DataError` from the first explain or click on, not
        only once something else happened to read the catalog."""
        if self.name not in KNOWN_RULES and (data_folder(self.name) / "rules.toml").is_file():
            try:
                catalog(self.name)
            except DataError:  # a catalog that does not read is reported where it is read
                pass

    def from_dict(self, data: Any, strict: bool = True, allow_forced: bool = False) -> S:
        """Rebuild a game from :meth:`State.to_dict` by replaying it.

        The save is checked against a schema first; anything wrong, in the file or in its
        replay, raises :class:`SaveGameError` naming the record. ``strict``: the replay must
        reproduce the saved history exactly. ``allow_forced``: accept random outcomes the
        save marks as forced (a teacher's position, see :meth:`State.force`); refused by
        default, because a save could otherwise choose any die roll or secret draw by marking
        it forced. Outcomes forced by the game's own variant (a scenario) are always accepted.
        """
        return saves.load(self, data, strict=strict, allow_forced=allow_forced)

    def from_json(self, text: str | bytes, allow_forced: bool = False) -> S:
        """Load a game saved with :meth:`State.to_json` (replays it and checks the replay).

        A save with forced random outcomes loads only with ``allow_forced=True`` (see
        :meth:`from_dict`). Over-long or over-nested text is refused before it is parsed.
        """
        return saves.load(self, saves.parse(text), allow_forced=allow_forced)

    # ------------------------------------------------------------ algorithms
    @property
    def has_codec(self) -> bool:
        """True when the game maps its actions to integers (:attr:`codec`)."""
        return self._codec is not None

    @property
    def codec(self) -> ActionCodec:
        if self._codec is None:
            raise NotImplementedError(f"{self.name} has no integer action codec")
        return self._codec

    @property
    def has_board(self) -> bool:
        """Whether the game has an interactive board (:meth:`board`)."""
        return self._board is not None

    def board(self, state: S | None = None, **kwargs: Any) -> Any:
        """The game's interactive board widget (needs ipywidgets/anywidget)."""
        if self._board is None:
            raise NotImplementedError(f"{self.name} has no board yet")
        return resolve(self._board)(state or self.new_game(), **kwargs)
