"""The rule catalog: one entry per rule, loaded from ``data/<game>/rules.toml``.

Code cites rule ids (``RuleViolation("dice-grid.claim.empty", ...)``), tests assert them and
notebooks show the paraphrase. Where a rulebook is silent or ambiguous the entry records the
reading chosen and why (``ambiguity`` + ``reading``); a rule the engine does not enforce says
why in ``reason``. ``by`` says how an enforced rule holds: ``check`` (an action can break it,
so code refuses it with :class:`RuleViolation` citing the id), or ``flow``, ``setup``,
``scoring``, ``effect``, ``content`` (the game's own machinery carries it out, so no action
can break it).

Code names an id either as the literal of a refusal (``RuleViolation("lands.build.area",
...)``, ``OneOf(..., rule="...")``), which is checked when raised, or through :func:`rule_ids`,
which checks it against the catalog once, when the module is imported::

    RULES = rule_ids("lands")
    ABILITY = RULES.family({"bury": "lands.ability.bury", ...})

    @RULES.implements("lands.score.unfilled", "lands.score.extra")
    def penalty(...): ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from html import escape
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import Field, model_validator

from .content import Provenance, Strict, load
from .errors import KNOWN_RULES, DataError
from .resources import data_dir
from .words import wrap

RULE_ID = re.compile(r"^[a-z0-9][a-z0-9\-]*(\.[a-z0-9_\-]+)+$")

#: how an enforced rule holds: ``check`` can be broken by an action and is refused by a check
#: that cites it; the others are carried out by the game and no action can break them
ENFORCED_BY = ("check", "flow", "setup", "scoring", "effect", "content")
EnforcedBy = Literal["check", "flow", "setup", "scoring", "effect", "content"]


class RuleEntry(Strict):
    id: str = Field(pattern=RULE_ID.pattern)
    section: str = Field(min_length=1, description="rulebook section the rule comes from")
    text: str = Field(min_length=8, description="one-sentence paraphrase in our own words")
    enforced: bool = True
    by: EnforcedBy = Field("check", description=(
        "how it holds: 'check' (an action can break it; a refusal cites it), 'flow' (the order "
        "of play), 'setup', 'scoring', 'effect' (a card's or track's effect carried out), "
        "'content' (the data itself)"))
    reason: str | None = Field(None, description="why the engine does not enforce it")
    ambiguity: str | None = Field(None, description="what the rulebook leaves open")
    reading: str | None = Field(None, description="the reading chosen, and why")

    @model_validator(mode="after")
    def _consistent(self) -> RuleEntry:
        if not self.enforced and not self.reason:
            raise ValueError(f"rule {self.id} is not enforced, so it needs a 'reason'")
        if self.ambiguity and not self.reading:
            raise ValueError(f"rule {self.id} records an ambiguity, so it needs a 'reading'")
        return self

    def describe(self) -> str:
        """The rule as a reader meets it in a lesson: its id and paraphrase, then what the
        rulebook leaves open and our reading, if it does; broken at words."""
        text = f"{self.id}: {self.text}"
        if self.ambiguity:
            text += f"\n    unclear: {self.ambiguity}\n    our reading: {self.reading}"
        return wrap(text)


class RuleFile(Strict):
    game: str
    provenance: Provenance
    source: str = Field(description="which rulebook the paraphrases come from")
    rule: list[RuleEntry]


#: the cells of the catalog read from the left, top: Jupyter right-aligns a table's cells,
#: which suits figures but makes a sentence hard to read
LEFT = ' style="text-align: left; vertical-align: top"'
#: an id is read (and copied) whole: it never wraps at its hyphen ("dice-" / "grid.claim")
ID = ' style="text-align: left; vertical-align: top; white-space: nowrap"'


@dataclass(frozen=True)
class RuleCatalog:
    """The rules of one game, by id, in rulebook order."""

    game: str
    source: str
    entries: tuple[RuleEntry, ...]
    _by_id: dict[str, RuleEntry] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {r.id: r for r in self.entries})

    def __getitem__(self, rule_id: str) -> RuleEntry:
        try:
            return self._by_id[rule_id]
        except KeyError:
            raise KeyError(f"no rule '{rule_id}' in the {self.game} rule catalog") from None

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._by_id

    def __iter__(self) -> Iterator[RuleEntry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def ids(self) -> list[str]:
        return [r.id for r in self.entries]

    def text(self, rule_id: str) -> str:
        entry = self._by_id.get(rule_id)
        return entry.text if entry else ""

    def ambiguous(self) -> list[RuleEntry]:
        return [r for r in self.entries if r.ambiguity]

    def table(self) -> str:
        """A plain-text table (used by ``boardkit rules <game>``)."""
        width = max((len(r.id) for r in self.entries), default=4)
        lines = [f"{'rule':<{width}}  {'section':<18}  paraphrase", "-" * (width + 60)]
        for r in self.entries:
            flag = "" if r.enforced else "  (not enforced: " + (r.reason or "") + ")"
            lines.append(f"{r.id:<{width}}  {r.section[:18]:<18}  {r.text}{flag}")
            if r.ambiguity:
                lines.append(f"{'':<{width}}  {'':<18}  unclear: {r.ambiguity}")
                lines.append(f"{'':<{width}}  {'':<18}  reading: {r.reading}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = []
        for r in self.entries:
            extra = ""
            if r.ambiguity:
                extra = (
                    f"<br><em>Unclear:</em> {escape(r.ambiguity)}"
                    f"<br><em>Our reading:</em> {escape(r.reading or '')}"
                )
            if not r.enforced:
                extra += f"<br><em>Not enforced:</em> {escape(r.reason or '')}"
            rows.append(
                f"<tr><td{ID}><code>{escape(r.id)}</code></td><td{LEFT}>{escape(r.section)}</td>"
                f"<td{LEFT}>{escape(r.text)}{extra}</td></tr>"
            )
        return (
            f"<table><caption>{escape(self.game)} rule catalog ({escape(self.source)})</caption>"
            f"<tr><th{LEFT}>id</th><th{LEFT}>section</th><th{LEFT}>rule</th></tr>"
            + "".join(rows) + "</table>"
        )


def load_catalog(path: Path, game: str | None = None) -> RuleCatalog:
    """Load and validate one rules.toml; ids must be unique and start with the game name."""
    parsed = load(RuleFile, path)
    if game is not None and parsed.game != game:
        raise DataError(f"{path}: game: expected '{game}', found '{parsed.game}'")
    seen: set[str] = set()
    for i, entry in enumerate(parsed.rule):
        if entry.id in seen:
            raise DataError(f"{path}: rule[{i}].id: '{entry.id}' appears twice")
        if not entry.id.startswith(parsed.game + "."):
            raise DataError(f"{path}: rule[{i}].id: '{entry.id}' must start with '{parsed.game}.'")
        seen.add(entry.id)
    return RuleCatalog(parsed.game, parsed.source, tuple(parsed.rule))


#: game name -> the folder of its data files, for games that keep them outside the package
_FOLDERS: dict[str, Path] = {}


def use_folder(game: str, folder: Path) -> None:
    """Read ``game``'s data files (``rules.toml``, ``params.toml``) from ``folder``."""
    _FOLDERS[game] = Path(folder)
    catalog.cache_clear()
    KNOWN_RULES.clear()


def data_folder(game: str) -> Path:
    """The folder of a game's data files: its own (``Game(data=...)``) or the package's."""
    return _FOLDERS.get(game) or data_dir() / game


@cache
def catalog(game: str) -> RuleCatalog:
    """The rule catalog of a game (``engine`` holds the rules every game shares)."""
    loaded = load_catalog(data_folder(game) / "rules.toml", game)
    KNOWN_RULES[game] = frozenset(loaded.ids())
    waiting = sorted(_PENDING.pop(game, set()) - KNOWN_RULES[game])
    if waiting:
        raise _unknown(game, waiting)
    return loaded


def describe(rule_id: str) -> str:
    """The paraphrase of any rule id, looked up in its game's catalog ('' if unknown)."""
    game = rule_id.split(".", 1)[0]
    try:
        return catalog(game).text(rule_id)
    except (DataError, FileNotFoundError):
        return ""


# ------------------------------------------------------------------ rule ids named by code
#: game -> the ids its code named through :func:`rule_ids` (families and implementations)
CITED: dict[str, set[str]] = {}
#: game -> ids named before its catalog could be read (a course's game whose data folder is
#: registered after its rule modules are imported); checked when the catalog loads
_PENDING: dict[str, set[str]] = {}

F = TypeVar("F", bound=Callable)
K = TypeVar("K")


def _unknown(game: str, ids: list[str]) -> DataError:
    where = data_folder(game) / "rules.toml"
    return DataError(f"{where}: rule: no entry for {', '.join(repr(i) for i in ids[:5])}"
                     f"{f' and {len(ids) - 5} more' if len(ids) > 5 else ''}, named by the "
                     f"{game} code")


class RuleIds:
    """The rule ids of one game's catalog as its code names them: each id is checked against
    the catalog once, when named (at import, for a module-level name), and remembered in
    :data:`CITED` so a test can tell which catalog entries the code carries out."""

    def __init__(self, game: str):
        self.game = game

    def _name(self, ids: tuple[str, ...]) -> None:
        wrong = [i for i in ids if not i.startswith(self.game + ".")]
        if wrong:
            raise DataError(f"rule ids of {self.game} must start with '{self.game}.': {wrong[:5]}")
        CITED.setdefault(self.game, set()).update(ids)
        try:
            known = catalog(self.game)
        except FileNotFoundError:  # a course's game: checked when its catalog is first read
            _PENDING.setdefault(self.game, set()).update(ids)
            return
        missing = [i for i in ids if i not in known]
        if missing:
            raise _unknown(self.game, missing)

    def __getitem__(self, rule_id: str) -> str:
        """The id itself, once it is known to be in the catalog."""
        self._name((rule_id,))
        return rule_id

    def family(self, ids: Mapping[K, str]) -> dict[K, str]:
        """A declared family of ids (card number -> id, ability -> id), every one written out
        and checked, for code that picks one by a key instead of building it with a format."""
        self._name(tuple(ids.values()))
        return dict(ids)

    def implements(self, *ids: str) -> Callable[[F], F]:
        """Decorator: the function carries out these rules (ones no action can break:
        setup, flow, scoring, effects). Sets ``fn.rules`` to the ids."""
        self._name(ids)

        def mark(fn: F) -> F:
            fn.rules = tuple(getattr(fn, "rules", ())) + ids  # type: ignore[attr-defined]
            return fn
        return mark


def rule_ids(game: str) -> RuleIds:
    """The registry through which ``game``'s code names its rule ids (see the module doc)."""
    return RuleIds(game)
