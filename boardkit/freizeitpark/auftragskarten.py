"""Erweitertes Spiel: the twelve Auftragskarten (order cards).

Rulebook sections "Erweitertes Spiel" and "Auftragskarten", paraphrased: at the start one
random card is laid out (``freizeitpark.auftrag.ziehen``); it is an extra condition for
everybody, met before or after the minimums, and ticked off as "Auftrag erfüllt" once met
(``freizeitpark.auftrag.bedingung``). The card's conditions are data
(``data/freizeitpark/auftragskarten.toml``); the rule of each card is cited by its id
``freizeitpark.auftrag.<card>``. Cards that change scoring (Nachhaltigkeit, Park der
Landschaft, Volksfest) do so through the :class:`~.regelwerk.Ruleset`.
"""

from __future__ import annotations

import numpy as np

from boardkit.engine import RuleViolation, State
from boardkit.engine.rules import rule_ids

from .content import content
from .konstrukte import Analysis
from .regelwerk import Ruleset
from .wertung import tables

RULES = rule_ids("freizeitpark")
#: card id -> the rule of the card, which :func:`progress` carries out from the card's data
RULE_IDS = RULES.family({
    "vielfalt": "freizeitpark.auftrag.vielfalt",
    "wasserpark": "freizeitpark.auftrag.wasserpark",
    "kinderland": "freizeitpark.auftrag.kinderland",
    "achterbahn_land": "freizeitpark.auftrag.achterbahn_land",
    "halloween": "freizeitpark.auftrag.halloween",
    "besucherrekord": "freizeitpark.auftrag.besucherrekord",
    "zug": "freizeitpark.auftrag.zug",
    "kommerz": "freizeitpark.auftrag.kommerz",
    "messe": "freizeitpark.auftrag.messe",
    "nachhaltigkeit": "freizeitpark.auftrag.nachhaltigkeit",
    "park_der_landschaft": "freizeitpark.auftrag.park_der_landschaft",
    "volksfest": "freizeitpark.auftrag.volksfest",
})


def draw(rng: np.random.Generator) -> str:
    ids = list(content().cards)
    return ids[int(rng.integers(len(ids)))]


def check_card(state: State, value: object) -> None:
    """A card forced or read from a save is one of the Auftragskarten (the state is not
    needed)."""
    if value not in content().cards:
        raise RuleViolation("freizeitpark.auftrag.ziehen",
                            f"there is no Auftragskarte {value!r} (cards: {', '.join(content().cards)})")


def progress(rs: Ruleset, an: Analysis) -> tuple[int, int]:
    """(have, need) towards the card's condition; (0, 0) without a card."""
    card = rs.card
    if card is None:
        return (0, 0)
    # each kind has its own fields (CardEntry checks them)
    if card.kind == "count":
        assert card.target is not None and card.count is not None, card.id
        return (an.count(card.target), card.count)
    if card.kind == "each":
        return (sum(1 for c in card.constructs if an.count(c) >= 1), len(card.constructs))
    if card.kind == "train":
        assert card.min_cells is not None, card.id
        best = max((len(g) for g in an.groups
                    if g.symbol == card.symbol and an.status(g) in ("train", "open")), default=0)
        return (min(best, card.min_cells), card.min_cells)
    if card.kind == "messe":
        assert card.target is not None and card.base is not None and card.per is not None, card.id
        attractions = sum(an.count(a) for a in rs.attractions)
        need = card.base + attractions // card.per
        return (min(an.count(card.target), need), need)
    if card.kind == "sustainability":
        t = tables(rs, an)["nachhaltigkeit"]
        return (min(t.marks, t.minimum), t.minimum)
    if card.kind == "landscape_squares":
        assert card.count is not None, card.id
        return (an.count("landschaft"), card.count)
    raise AssertionError(card.kind)  # pragma: no cover - the schema lists the kinds


def met(rs: Ruleset, an: Analysis) -> bool:
    """Whether the card's condition holds (True without a card)."""
    if rs.card is None:
        return True
    have, need = progress(rs, an)
    return have >= need

