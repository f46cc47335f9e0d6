"""Wishland's content, read from ``data/wishland/*.toml`` and validated on load.

Transcribed from the rulebook (``provenance = "rulebook"``): ``board.toml`` (card types,
symbols, Turn Order Track, Advertisement Space, Mascot Card Bonuses), ``hotels.toml`` and
``entrepreneurs.toml`` (what every Hotel and Entrepreneur card does), ``achievements.toml``.
Designed by us (``provenance = "illustrative"``): ``cards.toml`` (the card faces the rulebook
does not print) and ``tables.toml`` (the scoring tables it only pictures).

Rewards are *data*: lists of :class:`Effect` interpreted by :mod:`boardkit.wishland.rewards`.
At run time a card is a plain :class:`Card` looked up by its integer id
``(kind index + 1) * 100 + number`` — Hotel #13 is ``413``, Entrepreneur #8 is ``708`` — so
the game state holds only integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Self

from pydantic import Field, model_validator

from boardkit.engine import DataError
from boardkit.engine.content import Provenance, Strict, load
from boardkit.engine.resources import data_dir

KINDS = ("ride", "restaurant", "actor", "hotel", "mascot", "ticket", "entrepreneur")
RIDE, RESTAURANT, ACTOR, HOTEL, MASCOT, TICKET, ENTREPRENEUR = range(7)
#: the five Marketplace rows (worker spaces), in board order, and the kind each sells
ROWS = ("rides", "restaurants", "actors", "hotels", "mascots")
ADVERTISEMENT = "advertisement"
SPACES = (ADVERTISEMENT, *ROWS)
#: the five colours of Hotel #17's sets and Achievement Tile #4
FIVE = (RIDE, RESTAURANT, ACTOR, HOTEL, MASCOT)
RESOURCES = ("happiness", "visitors", "workers")

GAINS = ("vp", "credits", "happiness", "visitors", "workers", "choice", "ticket",
         "entertainment")
INCOME = ("credits", "credits_per", "when_count", "in_round")
ONGOING = ("when_play", "when_nth", "when_claim", "discount", "nth_discount", "ignore_limit",
           "advertise_collect", "swap_resources", "pay_collect", "buy_vp", "double_track",
           "double_mascot", "new_symbol_credit")
FINAL = ("ticket_table", "symbol_table", "milestones", "symbol_sets", "bonus_card",
         "entertainment", "mascot_self", "duplicate_entertainment", "no_restaurant_penalty",
         "colour_sets", "all_symbols", "common_symbol", "penalty")
SETUP = ("private_tile",)
#: the effects that count or discount the cards of one kind
KIND_NEEDED = ("credits_per", "when_count", "discount")
if TYPE_CHECKING:  # Literals built from the tuples above when the module runs; a name to a checker
    EffectName = str
    KindName = str
else:
    EffectName = Literal[tuple(sorted(set(GAINS + INCOME + ONGOING + FINAL + SETUP)))]
    KindName = Literal[KINDS]


#: a card's lists of rewards (the fields of :class:`Card` that hold them)
CardPart = Literal["immediate", "income", "ongoing", "final", "setup"]
#: a list of gains named by plain values, so that the state holds no content objects
#: (:func:`boardkit.wishland.rewards.effects_of`): a card's list of rewards
#: ``("card", 413, "immediate")``, the gains of one of them ``("card", 107, "ongoing", 0)``,
#: a Turn Order space's ``("turn", 4)``, the Advertisement Space's ``("advert",)``, the nth
#: Mascot Card Bonus's ``("mascot", 2)``
RewardRef = (tuple[Literal["card"], int, CardPart] | tuple[Literal["card"], int, CardPart, int]
             | tuple[Literal["turn"], int] | tuple[Literal["advert"]]
             | tuple[Literal["mascot"], int])


def card_id(kind: int, number: int) -> int:
    return (kind + 1) * 100 + number


# ------------------------------------------------------------------ schemas


class Effect(Strict):
    """One reward: what happens (``effect``) and its parameters."""

    effect: EffectName
    n: int = 1
    kind: str | None = None
    min_cost: int = Field(0, ge=0)
    at_least: int = Field(0, ge=0)
    nth: int = Field(0, ge=0)
    round: int = Field(0, ge=0)
    who: Literal["self", "any"] = "self"
    track: Literal["happiness", "visitors"] | None = None
    cost: int = Field(0, ge=0)
    table: str | None = None
    gain: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _known_kind(self) -> Self:
        if self.kind is not None and self.kind not in KINDS:
            raise ValueError(f"kind '{self.kind}' is not one of {', '.join(KINDS)}")
        if self.kind is None and self.effect in KIND_NEEDED:
            raise ValueError(f"effect '{self.effect}' needs a kind (the cards it counts)")
        for g in self.gain:
            if g.effect not in GAINS:
                raise ValueError(f"'{g.effect}' cannot be gained (gains: {', '.join(GAINS)})")
        return self


def _check_list(effects: tuple[Effect, ...], allowed: tuple[str, ...], where: str) -> None:
    for e in effects:
        if e.effect not in allowed:
            raise ValueError(f"{where}: '{e.effect}' is not allowed here "
                             f"(allowed: {', '.join(allowed)})")


class _Rewards(Strict):
    immediate: tuple[Effect, ...] = ()
    income: tuple[Effect, ...] = ()
    ongoing: tuple[Effect, ...] = ()
    final: tuple[Effect, ...] = ()
    setup: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _lists(self) -> Self:
        _check_list(self.immediate, GAINS, "immediate")
        _check_list(self.income, INCOME, "income")
        _check_list(self.ongoing, ONGOING, "ongoing")
        _check_list(self.final, FINAL, "final")
        _check_list(self.setup, SETUP, "setup")
        return self


class KindSpec(Strict):
    key: KindName
    colour: str
    row: str
    cards: int = Field(ge=1)
    symbols: list[str]


class TurnSpace(Strict):
    space: int = Field(ge=1)
    gain: tuple[Effect, ...]


class GainSpec(Strict):
    gain: tuple[Effect, ...]


class MascotBonus(Strict):
    nth: int = Field(ge=1)
    gain: tuple[Effect, ...]


class BoardFile(Strict):
    game: Literal["wishland"]
    provenance: Provenance
    source: str
    kind: list[KindSpec]
    entertainment_symbols: list[str]
    turn_order: list[TurnSpace]
    advertisement: GainSpec
    mascot_bonus: list[MascotBonus]

    @model_validator(mode="after")
    def _order(self) -> Self:
        if [k.key for k in self.kind] != list(KINDS):
            raise ValueError(f"kind: the card types must be {', '.join(KINDS)} in this order")
        if [k.row for k in self.kind[:5]] != list(ROWS):
            raise ValueError(f"kind: the Marketplace rows must be {', '.join(ROWS)}")
        if [t.space for t in self.turn_order] != list(range(1, len(self.turn_order) + 1)):
            raise ValueError("turn_order: spaces must be numbered 1, 2, 3, ...")
        if [m.nth for m in self.mascot_bonus] != list(range(1, len(self.mascot_bonus) + 1)):
            raise ValueError("mascot_bonus: nth must be 1, 2, 3, ...")
        return self


class HotelRule(_Rewards):
    number: int = Field(ge=1)
    text: str = Field(min_length=8)


class HotelFile(Strict):
    game: Literal["wishland"]
    provenance: Provenance
    source: str
    hotel: list[HotelRule]


class EntrepreneurFile(Strict):
    game: Literal["wishland"]
    provenance: Provenance
    source: str
    entrepreneur: list[HotelRule]


class Face(_Rewards):
    number: int = Field(ge=1)
    cost: int = Field(ge=0)
    symbol: str
    entertainment: str | None = None


class TicketFace(Strict):
    cost: int = Field(0, ge=0)


class CardsFile(Strict):
    game: Literal["wishland"]
    provenance: Provenance
    source: str
    actor_entertainment: list[str]
    ticket: TicketFace
    ride: list[Face]
    restaurant: list[Face]
    actor: list[Face]
    mascot: list[Face]
    hotel: list[Face]


class Condition(Strict):
    stat: Literal["happiness", "visitors", "workers", "vp", "credits", "income", "cards",
                  "max_cards", "min_cards", "max_symbol", "distinct_symbols", "cards_played",
                  "expensive_cards"]
    at_least: int = Field(ge=0)
    kind: str | None = None
    kinds: tuple[str, ...] = ()
    min_cost: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _kinds(self) -> Self:
        for k in ((self.kind,) if self.kind else ()) + self.kinds:
            if k not in KINDS:
                raise ValueError(f"kind '{k}' is not one of {', '.join(KINDS)}")
        if self.stat == "cards" and not self.kind:
            raise ValueError("stat 'cards' needs a kind")
        if self.stat in ("max_cards", "min_cards") and not self.kinds:
            raise ValueError(f"stat '{self.stat}' needs kinds")
        return self


class AchievementSpec(Strict):
    number: int = Field(ge=1)
    text: str = Field(min_length=8)
    mode: Literal["all", "any"] = "all"
    require: tuple[Condition, ...]


class AchievementFile(Strict):
    game: Literal["wishland"]
    provenance: Provenance
    source: str
    board: list[AchievementSpec]
    tile: list[AchievementSpec]


class TableSpec(Strict):
    key: str
    text: str
    rows: tuple[tuple[int, int], ...]

    @model_validator(mode="after")
    def _sorted(self) -> Self:
        thresholds = [r[0] for r in self.rows]
        if thresholds != sorted(set(thresholds)):
            raise ValueError(f"table {self.key}: thresholds must increase")
        return self


class TablesFile(Strict):
    game: Literal["wishland"]
    provenance: Provenance
    source: str
    table: list[TableSpec]


# ------------------------------------------------------------------ run-time content


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the rules use it (no state: the state holds only the id)."""

    id: int
    kind: int
    number: int
    cost: int
    symbol: str | None
    entertainment: str | None
    immediate: tuple[Effect, ...]
    income: tuple[Effect, ...]
    ongoing: tuple[Effect, ...]
    final: tuple[Effect, ...]
    setup: tuple[Effect, ...]
    text: str

    @property
    def kind_name(self) -> str:
        return KINDS[self.kind]

    @property
    def name(self) -> str:
        return f"{KINDS[self.kind].title()} #{self.number}"

    def describe(self) -> str:
        """A one-line description of the card (for the board and the log)."""
        bits = [self.name]
        if self.kind != TICKET and self.kind != ENTREPRENEUR:
            bits.append(f"cost {self.cost}")
        if self.symbol:
            bits.append(self.symbol)
        if self.entertainment:
            bits.append(f"entertainment: {self.entertainment}")
        if self.text:
            bits.append(self.text)
        return ", ".join(bits)


@dataclass(frozen=True, slots=True)
class Achievement:
    id: str  # "board-3", "tile-7"
    number: int
    text: str
    mode: str
    require: tuple[Condition, ...]

    @property
    def blank(self) -> bool:
        return not self.require


@dataclass(frozen=True)
class Content:
    board: BoardFile
    cards: dict[int, Card]
    achievements: dict[str, Achievement]
    tables: dict[str, TableSpec]
    category_symbols: tuple[str, ...]  # the 12, by colour
    symbol_kind: dict[str, int]  # category symbol -> its colour's kind
    entertainment_symbols: tuple[str, ...]  # the 11
    actor_entertainment: tuple[str, ...]  # the 8 on Actor cards
    provenance: dict[str, str]  # file -> provenance

    def deck(self, kind: int) -> list[int]:
        return [c for c, card in self.cards.items() if card.kind == kind]


def _faces(kind: int, faces: list[Face], count: int, symbols: set[str], where: str,
           rules: dict[int, HotelRule] | None = None) -> dict[int, Card]:
    numbers = [f.number for f in faces]
    if numbers != list(range(1, count + 1)):
        raise DataError(f"{where}: {KINDS[kind]} numbers must be 1..{count} in order, "
                        f"found {len(numbers)} cards")
    out = {}
    for f in faces:
        if f.symbol not in symbols:
            raise DataError(f"{where}: {KINDS[kind]}[{f.number - 1}].symbol: '{f.symbol}' is "
                            f"not a Category Symbol of this colour ({', '.join(sorted(symbols))})")
        hotel = rules[f.number] if rules else None  # a Hotel's rewards are in its own file
        rule: _Rewards = f if hotel is None else hotel
        cid = card_id(kind, f.number)
        out[cid] = Card(cid, kind, f.number, f.cost, f.symbol, f.entertainment,
                        f.immediate + (hotel.immediate if hotel else ()), rule.income,
                        rule.ongoing, rule.final, rule.setup,
                        hotel.text if hotel else "")
    return out


def load_content() -> Content:
    """Read and cross-check every Wishland data file (DataError names file and field)."""
    folder = data_dir() / "wishland"
    board = load(BoardFile, folder / "board.toml")
    hotels = load(HotelFile, folder / "hotels.toml")
    ents = load(EntrepreneurFile, folder / "entrepreneurs.toml")
    faces = load(CardsFile, folder / "cards.toml")
    achv = load(AchievementFile, folder / "achievements.toml")
    tables = load(TablesFile, folder / "tables.toml")

    spec = {k.key: k for k in board.kind}
    by_kind = {KINDS.index(k): set(s.symbols) for k, s in spec.items() if s.symbols}
    category = tuple(s for k in KINDS[:4] for s in spec[k].symbols)
    if len(category) != 12 or len(set(category)) != 12:
        raise DataError(f"{folder / 'board.toml'}: kind: the four colours need 3 different "
                        "Category Symbols each (12 in all)")
    symbol_kind = {s: KINDS.index(k) for k in KINDS[:4] for s in spec[k].symbols}
    ent11 = tuple(board.entertainment_symbols)
    if len(ent11) != 11 or len(set(ent11)) != 11:
        raise DataError(f"{folder / 'board.toml'}: entertainment_symbols: 11 different symbols")
    ent8 = tuple(faces.actor_entertainment)
    if len(ent8) != 8 or not set(ent8) <= set(ent11):
        raise DataError(f"{folder / 'cards.toml'}: actor_entertainment: 8 of the board's "
                        "Entertainment Symbols")

    where = str(folder / "cards.toml")
    hotel_rules = {h.number: h for h in hotels.hotel}
    if sorted(hotel_rules) != list(range(1, spec["hotel"].cards + 1)):
        raise DataError(f"{folder / 'hotels.toml'}: hotel: numbers must be 1..{spec['hotel'].cards}")
    cards: dict[int, Card] = {}
    cards.update(_faces(RIDE, faces.ride, spec["ride"].cards, by_kind[RIDE], where))
    cards.update(_faces(RESTAURANT, faces.restaurant, spec["restaurant"].cards,
                        by_kind[RESTAURANT], where))
    cards.update(_faces(ACTOR, faces.actor, spec["actor"].cards, by_kind[ACTOR], where))
    cards.update(_faces(MASCOT, faces.mascot, spec["mascot"].cards, set(category), where))
    cards.update(_faces(HOTEL, faces.hotel, spec["hotel"].cards, by_kind[HOTEL], where,
                        hotel_rules))
    for c in cards.values():
        if (c.kind == ACTOR) != (c.entertainment is not None):
            raise DataError(f"{where}: {c.kind_name}[{c.number - 1}].entertainment: only Actor "
                            "cards have (exactly) one Entertainment Symbol")
        if c.entertainment is not None and c.entertainment not in ent8:
            raise DataError(f"{where}: actor[{c.number - 1}].entertainment: '{c.entertainment}' "
                            "is not one of actor_entertainment")
    for n in range(1, spec["ticket"].cards + 1):
        cid = card_id(TICKET, n)
        cards[cid] = Card(cid, TICKET, n, faces.ticket.cost, None, None, (), (), (), (), (), "")
    ent_rules = {e.number: e for e in ents.entrepreneur}
    if sorted(ent_rules) != list(range(1, spec["entrepreneur"].cards + 1)):
        raise DataError(f"{folder / 'entrepreneurs.toml'}: entrepreneur: numbers must be "
                        f"1..{spec['entrepreneur'].cards}")
    for n, ent in ent_rules.items():
        cid = card_id(ENTREPRENEUR, n)
        cards[cid] = Card(cid, ENTREPRENEUR, n, 0, None, None, ent.immediate, ent.income,
                          ent.ongoing, ent.final, ent.setup, ent.text)

    achievements: dict[str, Achievement] = {}
    for prefix, items in (("board", achv.board), ("tile", achv.tile)):
        for i, a in enumerate(items):
            if a.number != i + 1:
                raise DataError(f"{folder / 'achievements.toml'}: {prefix}[{i}].number: "
                                f"expected {i + 1}")
            aid = f"{prefix}-{a.number}"
            achievements[aid] = Achievement(aid, a.number, a.text, a.mode, a.require)
    if any(achievements[f"board-{i}"].blank for i in range(1, len(achv.board) + 1)):
        raise DataError(f"{folder / 'achievements.toml'}: board: no board Achievement is blank")

    table_map = {t.key: t for t in tables.table}
    for c in cards.values():
        for e in c.final:
            if e.effect in ("ticket_table", "symbol_table") and e.table not in table_map:
                raise DataError(f"{folder / 'hotels.toml'}: {c.name}: table '{e.table}' is not "
                                f"in tables.toml")
    if "entertainment" not in table_map:
        raise DataError(f"{folder / 'tables.toml'}: table: 'entertainment' is missing")

    provenance: dict[str, str] = {
        "board.toml": board.provenance, "hotels.toml": hotels.provenance,
        "entrepreneurs.toml": ents.provenance, "cards.toml": faces.provenance,
        "achievements.toml": achv.provenance, "tables.toml": tables.provenance}
    return Content(board, cards, achievements, table_map, category, symbol_kind, ent11, ent8,
                   provenance)


def table_value(table: TableSpec, count: int) -> int:
    """Victory Points of the highest row of ``table`` that ``count`` reaches (0 if none)."""
    best = 0
    for at_least, vp in table.rows:
        if count >= at_least:
            best = vp
    return best


CONTENT = load_content()
CARDS = CONTENT.cards
