"""Das Regelwerk (the ruleset): the sheet, the structures and the rules in force for one game.

A :class:`Ruleset` gathers what the data files and the rule parameters say, with the
Auftragskarte of the expanded game folded in (which symbols exist, which shapes count, how
Landschaft scores). It is built once per (parameters, card) and shared by every state of
such a game; states keep only the key to it, so saving and copying stay cheap.

The setup itself (every player gets a sheet, the Auftragskarte is drawn) is :mod:`.setup`.
Rulebook sections read here: "Spielvorbereitung" (the sheet, two shared dice), "Erweitertes
Spiel" (what the Auftragskarte changes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from boardkit.engine.bitgrid import bitgrid
from boardkit.engine.grid import GridLabels, canonical_form, orientations

from .content import TABLES, CardEntry, Shape, content
from .params import Params
from .sheet import sheet_labels


@dataclass(frozen=True)
class TableRule:
    fields: int
    minimum: int


@dataclass(frozen=True)
class Ruleset:
    """The rules in force: geometry, symbols, shapes, points, tables, the card."""

    width: int
    height: int
    #: die face -> the distinct orientations of its structure (rotations and reflections)
    structures: dict[int, tuple[Shape, ...]]
    entrance: tuple[Shape, ...]
    #: symbol -> its construct's shape (None: grows freely)
    shapes: dict[str, Shape | None]
    #: symbol -> canonical form of its shape (for matching finished constructs)
    canon: dict[str, Shape | None]
    #: symbol -> the distinct orientations of its shape (empty for free symbols)
    orients: dict[str, tuple[Shape, ...]]
    #: symbols whose finished constructs may not touch another group of the same symbol
    #: (every construct but Landschaft and the Eingang; the Bummelzug included)
    touch: frozenset[str]
    #: symbols a die face gives (face 6: free choice)
    faces: dict[int, tuple[str, ...]]
    #: every symbol a player may draw in this game, in display order
    symbols: tuple[str, ...]
    #: symbol -> (table, points) for each finished construct
    scores: dict[str, tuple[str, int]]
    tables: dict[str, TableRule]
    #: Landschaft cells per scoring unit (card "Nachhaltigkeit": 2; 0: only squares score)
    landscape_per_point: int
    #: Nachhaltigkeit per unit of Landschaft cells
    landscape_points: int
    card: CardEntry | None
    attractions: tuple[str, ...]
    tie_break: str
    attractions_rule: str
    #: a roll that fits nowhere: "skip" the round (rulebook) or "out" (strict house rule)
    unplayable: str
    candidates: dict[int, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict,
                                                                 compare=False, repr=False)
    #: the placements as bit sets of the sheet (:meth:`placement_bits`), cached per face
    bit_placements: dict[tuple[int, int, int], tuple[list[tuple[int, int, int]], list[int]]] = \
        field(default_factory=dict, compare=False, repr=False)
    origin_bits: dict[tuple[int, int], list[int]] = field(default_factory=dict, compare=False,
                                                          repr=False)

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def labels(self) -> GridLabels:
        """The names of the sheet's cells, as the board labels them (rows from 1 at the top)."""
        return sheet_labels(self.width, self.height)

    def structure(self, face: int, turn: int) -> Shape:
        return self.structures[face][turn]

    def is_free(self, symbol: str) -> bool:
        return self.shapes.get(symbol) is None

    def placements(self, face: int) -> tuple[np.ndarray, np.ndarray]:
        """Every placement of a structure inside the sheet, as flat cell indices.

        Returns ``(meta, index)``: ``meta[i] = (turn, x, y)`` and ``index[i]`` the flat indices
        ``y * width + x`` of its cells (face 0 is the entrance). Cached per face.
        """
        if face not in self.candidates:
            shapes = self.entrance if face == 0 else self.structures[face]
            metas, idx = [], []
            for turn, shape in enumerate(shapes):
                sx = max(x for x, _ in shape) + 1
                sy = max(y for _, y in shape) + 1
                for y in range(self.height - sy + 1):
                    for x in range(self.width - sx + 1):
                        metas.append((turn, x, y))
                        idx.append([(y + cy) * self.width + x + cx for cx, cy in shape])
            if not idx:
                self.candidates[face] = (np.empty((0, 3), np.int64), np.empty((0, 1), np.int64))
            else:
                self.candidates[face] = (np.asarray(metas, np.int64), np.asarray(idx, np.int64))
        return self.candidates[face]

    def placement_bits(self, face: int, width: int, height: int
                       ) -> tuple[list[tuple[int, int, int]], list[int]]:
        """:meth:`placements` on a ``width × height`` sheet (the game's, or a smaller one
        drawn by hand) as ``(meta, bits)``: ``meta[i] = (turn, x, y)`` and ``bits[i]`` its
        cells as a bit set of that sheet (:func:`boardkit.engine.bitgrid.bitgrid`), in the
        same order. Cached per face and size."""
        key = (face, width, height)
        found = self.bit_placements.get(key)
        if found is None:
            grid = bitgrid(width, height)
            at_origin = self._origin(face, grid.stride)
            shapes = self.entrance if face == 0 else self.structures[face]
            meta = [(int(t), int(x), int(y)) for t, x, y in self.placements(face)[0].tolist()
                    if all(grid.inside(x + cx, y + cy) for cx, cy in shapes[t])]
            bits = [at_origin[t] << (y * grid.stride + x) for t, x, y in meta]
            found = self.bit_placements[key] = (meta, bits)
        return found

    def structure_bits(self, face: int, turn: int, x: int, y: int, stride: int) -> int:
        """The cells of a structure placed inside a sheet whose bit rows are ``stride``
        apart (:attr:`boardkit.engine.bitgrid.BitGrid.stride`), as a bit set."""
        return self._origin(face, stride)[turn] << (y * stride + x)

    def _origin(self, face: int, stride: int) -> list[int]:
        """The orientations of a structure at (0, 0), as bit sets."""
        found = self.origin_bits.get((face, stride))
        if found is None:
            shapes = self.entrance if face == 0 else self.structures[face]
            found = self.origin_bits[face, stride] = [
                sum(1 << (cy * stride + cx) for cx, cy in shape) for shape in shapes]
        return found


def _face_symbols(params: Params, card: CardEntry | None) -> dict[int, tuple[str, ...]]:
    data = content().constructs
    in_play = [c for c in data.values() if c.card is None or (card is not None and c.card == card.id)]
    faces: dict[int, list[str]] = {f: [] for f in range(1, 7)}
    for c in in_play:
        for f in c.faces:
            if c.kind == "attraction" and params.dice.attractions == "split":
                continue
            faces[f].append(c.id)
    if params.dice.attractions == "split":
        for f in (1, 2):
            faces[f] = list(params.dice.split[str(f)]) + faces[f]
    free = [c.id for c in in_play if c.faces and (c.card is None or params.dice.six_gives_card_symbol)]
    faces[6] = free
    return {f: tuple(v) for f, v in faces.items()}


@lru_cache(maxsize=64)
def _ruleset(params_json: str, card_id: str | None) -> Ruleset:
    params = Params.model_validate_json(params_json)
    data = content()
    card = data.cards[card_id] if card_id else None
    structures = {f: orientations(s.cells, True) for f, s in data.structures.items()}
    entrance = orientations(data.entrance.cells, True)
    in_play = {k: c for k, c in data.constructs.items() if c.card is None or (card and c.card == card.id)}
    shapes: dict[str, Shape | None] = {k: c.cells for k, c in in_play.items()}
    scores: dict[str, tuple[str, int]] = {}
    for k, c in in_play.items():
        if c.table and c.kind != "landscape":
            pts = getattr(params.points, k, None)
            if pts is None and card is not None and card.beliebtheit is not None:
                pts = card.beliebtheit  # the card's own construct (Bierzelt)
            scores[k] = (c.table, int(pts or 0))
    landscape_per_point = 1
    # each card kind has its own fields (CardEntry checks them)
    if card is not None and card.kind == "sustainability":
        assert card.cells_per_point is not None, card.id
        landscape_per_point = card.cells_per_point
    # the same-type rule holds for every construct but Landschaft and the Eingang; the
    # Bummelzug has no fixed shape but is a construct too (rule freizeitpark.konstrukt.abstand)
    touch = {k for k, s in shapes.items()
             if (s is not None and in_play[k].kind != "entrance") or in_play[k].kind == "train"}
    if card is not None and card.kind == "landscape_squares":
        assert card.nachhaltigkeit is not None, card.id
        shapes["landschaft"] = card.cells
        touch.add("landschaft")
        landscape_per_point = 0
        scores["landschaft"] = ("nachhaltigkeit", card.nachhaltigkeit)
    canon = {k: (canonical_form(s, True) if s is not None else None) for k, s in shapes.items()}
    orients = {k: (orientations(s, True) if s is not None else ()) for k, s in shapes.items()}
    faces = _face_symbols(params, card)
    symbols = tuple(dict.fromkeys(s for f in range(1, 7) for s in faces[f]))
    tables = {t: TableRule(getattr(params.tables, t).fields, getattr(params.tables, t).minimum)
              for t in TABLES}
    attractions = tuple(k for k, c in in_play.items() if c.kind == "attraction")
    return Ruleset(params.sheet.width, params.sheet.height, structures, entrance, shapes, canon,
                   orients,
                   frozenset(touch), faces, symbols, scores, tables, landscape_per_point,
                   params.points.landschaft_cell, card,
                   attractions, params.end.tie_break, params.dice.attractions,
                   params.end.unplayable)


def ruleset(params: Params, card: str | None) -> Ruleset:
    """The (cached) ruleset for these parameters and Auftragskarte."""
    return _ruleset(params.model_dump_json(), card)
