"""The Wishland board: Marketplace rows with their worker stacks, the tracks, Achievements,
every player's play area by colour (with the Card Limit) and the pending choice as buttons.

Targets (``data-target``): every clickable element that is a move carries its action's own
code (:func:`~boardkit.boards.base.action_target`, ``act:<code>``), so the base board maps a
click to that action through the game's validated decoder. The one choice that takes several
clicks is a Marketplace card with the "extra Workers" selector (Worker Reserve ability): the
card's target is the purchase with the selected number (:meth:`WishlandBoard.purchases`).
Two targets are UI settings, not moves: ``extra:<0-3>`` (the selector) and ``info:<card id>``
(a card's (i): keep its whole text in the details box).

The board never decides legality: a click becomes an action (legal or not) and the State
answers; an illegal click shows the rule's message. Moves the engine played by itself since
the last decision (a single legal option, logged ``auto``) are named at the top right.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from boardkit.boards import Board
from boardkit.boards import svg as S
from boardkit.boards.base import ClickMessage, DragMessage, KeyMessage, action_target
from boardkit.engine import Action, ActionFormatError, State
from boardkit.engine.words import scores_text

from .actions import (
    BonusCard,
    ChooseReward,
    ChooseTurnSpace,
    ClaimAchievement,
    Collect,
    CollectForFree,
    EndTurn,
    KeepEntrepreneur,
    PayForVictoryPoint,
    PayToCollect,
    PlaceWorkers,
    SoloAdvertise,
    SoloDiscard,
    SoloDraw,
    SoloFreeDraw,
    SoloPlay,
)
from .content import ADVERTISEMENT, CARDS, CONTENT, KINDS, MASCOT, ROWS, TICKET, Effect

COLOUR = {"ride": "#e3b23c", "restaurant": "#c8453a", "actor": "#3b73b9", "hotel": "#3c8d53",
          "mascot": "#3a3a3a", "ticket": "#7b5ea7", "entrepreneur": "#e07b2a"}
TINT = {"ride": "#fbf0d2", "restaurant": "#f6dad7", "actor": "#dbe6f4", "hotel": "#d9ecdf",
        "mascot": "#e2e2e2", "ticket": "#e7e0f1", "entrepreneur": "#f9e2cf"}
ROW_KIND = dict(zip(ROWS, KINDS[:5], strict=True))

W = S.FIT_W  # the picture's width: a laptop screen's (boards.svg.FIT_W x FIT_H)
CARD_W, CARD_H, GAP = 131, 56, 5
MX, MY = 8, 44  # the Marketplace's origin (below the two heading lines)
ROW_H = CARD_H + 3
SPACE_W = 88  # the row's label: its name, Workers to place, stacks, deck and discard
CARDS_X = MX + SPACE_W + 6
MARKET_R = CARDS_X + 4 * (CARD_W + GAP)  # the Marketplace's right edge
RIGHT = MARKET_R + 8  # the right column: Turn Order Track, Achievements, card details
RIGHT_W = W - RIGHT - 8
TEXT = 10  # the smallest text
LINE = 12  # its line height
DETAIL_H = 88  # the card details box: a card's whole text (the longest is 5 lines)

#: the card faces' own style: a card's details show in the details box while the pointer is
#: on it (or it has the focus); its (i) keeps them there
CARD_CSS = """
svg.bk-svg .wl-detail { visibility: hidden; pointer-events: none; }
svg.bk-svg .wl-card:hover .wl-detail, svg.bk-svg .wl-card:focus-within .wl-detail {
  visibility: visible; }
"""

_SHORT = {"vp": "{n} VP", "credits": "{n} Cr", "happiness": "{n} Happiness",
          "visitors": "{n} Visitor", "workers": "{n} Worker", "choice": "{n} H/V/W",
          "ticket": "{n} Ticket", "entertainment": "{n} ent. symbol"}
_TERSE = {"vp": "+{n} VP", "credits": "+{n} Cr", "happiness": "+{n} H", "visitors": "+{n} V",
          "workers": "+{n} W", "choice": "+{n} H/V/W", "ticket": "+{n} Ticket",
          "entertainment": "+{n} ent."}


def short(effects: Iterable[Effect], terse: bool = False) -> str:
    table = _TERSE if terse else _SHORT
    return ", ".join(table.get(e.effect, e.effect).format(n=e.n) for e in effects)


def effect_bits(cid: int, terse: bool = False) -> list[str]:
    """What a card does, in short words (its whole text is in the details)."""
    c = CARDS[cid]
    bits = []
    if c.immediate:
        bits.append(short(c.immediate, terse))
    if c.income:
        inc = [e for e in c.income if e.effect == "credits"]
        bits.append(f"income {'+' if inc and inc[0].n > 0 else ''}{inc[0].n}" if inc else "income")
    if any(e.effect == "penalty" for e in c.final):
        bits.append("-1 VP at end")
    if c.entertainment:
        bits.append(f"★ {c.entertainment}")
    if c.kind == MASCOT:
        bits.append("Mascot bonus")
    if c.text:
        bits.append("final scoring (i)" if c.text.lower().startswith("final scoring")
                    else "ability (i)")
    return bits


def summary(cid: int) -> list[str]:
    """Two short lines describing a card face: number, cost and symbol; what it does."""
    c = CARDS[cid]
    first = f"#{c.number}" + (f" · {c.cost} Cr" if c.kind <= MASCOT else "") + (
        f" · {c.symbol}" if c.symbol else "")
    return [first, "; ".join(effect_bits(cid))]


def face_lines(cid: int, width: float, room: int) -> list[str]:
    """The lines under a card's name, at most ``room``: cost and symbol, then what it does
    (in terser words, or in part with "more: (i)", when the words do not fit; never cut)."""
    c = CARDS[cid]
    head = " · ".join(str(b) for b in ((f"{c.cost} Cr" if c.kind <= MASCOT else ""), c.symbol)
                      if b)
    out = S.wrap(head, width, TEXT) if head else []
    left = room - len(out)
    for terse in (False, True):
        rows = S.wrap("; ".join(effect_bits(cid, terse)), width, TEXT)
        if len(rows) <= left:
            return out + rows
    bits = effect_bits(cid, True)
    while bits:
        bits.pop()
        rows = S.wrap("; ".join([*bits, "more: (i)"]), width, TEXT)
        if len(rows) <= left:
            return out + rows
    return out[:room]


class WishlandBoard(Board):
    """Click a card to buy it; the pending choice shows as buttons."""

    title = "Wishland"

    def __init__(self, state: State, **kwargs: Any) -> None:
        self.extra = 0  # extra Workers for the next purchase (Worker Reserve ability)
        self.detail: int | None = None  # the card whose whole text the details box keeps
        self._details_y = 0.0  # where the details box is (set while drawing)
        super().__init__(state, **kwargs)

    # ------------------------------------------------------------------ hooks
    # Every single-click element's target is its action's own code (``action_target``), so the
    # base ``targets`` and ``intent`` map clicks without a grammar of our own. The one choice
    # that takes several clicks is a Marketplace purchase with the "extra Workers" selector:
    # the same card stands for up to four legal PlaceWorkers(row, slot, extra), and the
    # selector (``self.extra``, a UI setting) picks the one the card's target names.

    def purchases(self, state: State) -> dict[tuple[str, int], PlaceWorkers]:
        """The purchase each Marketplace card with a legal one stands for: with ``self.extra``
        extra Workers if that is legal, else the card's first legal purchase."""
        out: dict[tuple[str, int], PlaceWorkers] = {}
        for act in state.legal_actions():
            if type(act) is PlaceWorkers and act.slot is not None:
                key = (act.space, act.slot)
                if key not in out or act.extra == self.extra:
                    out[key] = act
        return out

    def targets(self, state: State) -> dict[str, Action]:
        """The base targets, less the card purchases the extra-Workers selector did not pick
        (a card shows one target at a time)."""
        chosen = set(self.purchases(state).values())
        return {t: a for t, a in super().targets(state).items()
                if type(a) is not PlaceWorkers or a.slot is None or a in chosen}

    def intent(self, msg: ClickMessage | DragMessage | KeyMessage, state: State
               ) -> Action | None:
        """UI settings that are no move (``info:<card id>`` pins a card's text in the details
        box, ``extra:<0-3>`` selects the extra Workers); every other click names an action."""
        if isinstance(msg, ClickMessage):
            kind, _, rest = msg.target.partition(":")
            if kind == "info":
                if not rest.isdigit() or int(rest) not in CARDS:
                    raise ActionFormatError(f"wishland board: no card {rest[:12]!r} to show")
                self.detail = int(rest)
                self.refresh()
                return None
            if kind == "extra":
                if rest not in ("0", "1", "2", "3"):
                    raise ActionFormatError(f"wishland board: extra Workers {rest[:12]!r} "
                                            "is not one of 0, 1, 2, 3")
                self.extra = int(rest)
                self.refresh()
                return None
        return super().intent(msg, state)

    # ------------------------------------------------------------------ drawing
    def render(self, state: State, viewer: int | str | None, legal_targets: set[str]) -> str:
        obs = state.observation(viewer)
        parts = [f"<style>{CARD_CSS}</style>",
                 S.text(MX, 13, self._headline(state, obs), size=14, weight=700)]
        note = obs["prompt"]
        forced = self.forced_moves(state, viewer)
        if forced:
            note += " · automatic (only option): " + "; ".join(forced)
        rows = S.wrap(note, W - 2 * MX, 11)
        parts.append(S.lines(MX, 30, rows, size=11, line_height=13, fill=S.MUTED))
        top = MY + 13 * (len(rows) - 1)
        # the details box first: a hovered card's details are drawn over it
        parts.append(self._details(RIGHT, 0))  # placed by _right (a placeholder here)
        right, details_y = self._right(state, obs, legal_targets, top)
        parts[-1] = self._details(RIGHT, details_y)
        self._details_y = details_y
        if obs["final"] is not None:
            parts.append(self._final_table(state, obs, MX, top + 8))
            y = top + 60 + 20 * 9
        else:
            parts += self._market(state, obs, legal_targets, top)
            y = top + 6 * ROW_H + 4
        buttons, y = self._buttons(state, obs, legal_targets, y)
        parts.append(buttons)
        cards, y = self._pending_cards(state, obs, legal_targets, y)
        parts.append(cards)
        parts += right
        bottom = self._play_areas(state, obs, legal_targets, parts, y)
        height = max(bottom, details_y + DETAIL_H) + 6
        return S.document(W, height, parts, title=f"Wishland: {obs['prompt']}",
                          game=state.game.name, actions=state.action_count,
                          viewer=S.viewer_label(viewer))

    @staticmethod
    def forced_moves(state: State, viewer: int | str | None) -> list[str]:
        """The moves the engine played by itself (single options, logged ``auto``) since the
        last decision of a player, as ``viewer`` may see them: so that a click that is
        followed at once by, say, another player's forced collect does not puzzle anyone."""
        out = []
        for event in reversed(state.log):
            if event.kind == "action":
                break
            if event.kind == "auto":
                out.append(event.visible_text(viewer).removesuffix(" (only option)"))
        return out[::-1]

    @staticmethod
    def _headline(state: State, obs: dict[str, Any]) -> str:
        mode = "Solo Mode" if state.players == 1 else f"{state.players} players"
        if obs["is_over"]:
            won = ", ".join(f"P{p + 1}" for p in state.winners())
            result = f"winner {won}" if won else "no winner"
            best = state.variant.solo_best
            if state.players == 1 and best is not None:
                result += f" (score to beat: {best})"
            return f"Wishland · {mode} · game over · {result} · scores {scores_text(state.scores())}"
        who = f"P{obs['current_player'] + 1}" if obs["current_player"] is not None else ""
        turn = min(obs["turn"], state.params.turns_per_round)
        return (f"Wishland · {mode} · round {obs['round']} of {state.params.rounds} · "
                f"turn {turn} · {who} to play")

    def _details(self, x: float, y: float, cid: int | None = None, hover: bool = False) -> str:
        """The details box: the whole text of the card pinned with its (i) (or, hidden until the
        pointer is on that card, of one card)."""
        cid = self.detail if cid is None else cid
        inner = [S.rect(x, y, RIGHT_W, DETAIL_H, fill="#fffdf5", stroke="#999999", rx=5,
                        shape=False)]
        if cid is None or cid not in CARDS:
            words = ["card details: point at a card, or click its i to keep its text here"]
            inner.append(S.lines(x + 6, y + 10, S.wrap(words[0], RIGHT_W - 12, TEXT),
                                 size=TEXT, line_height=LINE, fill=S.MUTED))
        else:
            c = CARDS[cid]
            inner.append(S.text(x + 6, y + 10, c.name, size=11, weight=700,
                                fill=COLOUR[c.kind_name]))
            rows = S.wrap(c.describe(), RIGHT_W - 12, TEXT)
            inner.append(S.lines(x + 6, y + 24, rows, size=TEXT, line_height=LINE))
        cls = "wl-detail bk-box" if hover else "bk-box"
        return f"<g class='{cls}'>{''.join(inner)}</g>"

    def _card(self, x: float, y: float, cid: int, target: str | None = None,
              legal: Collection[str] = (), w: float = CARD_W, h: float = CARD_H,
              label: str | None = None) -> str:
        c = CARDS[cid]
        kind = c.kind_name
        room = int((h - 18) // LINE)
        inner = [f"<title>{S.esc(c.describe())}</title>",
                 S.rect(x, y, w, h, fill=TINT[kind], stroke=COLOUR[kind], stroke_width=2, rx=6),
                 S.rect(x, y, w, 16, fill=COLOUR[kind], stroke="none", rx=6, shape=False),
                 S.text(x + 5, y + 8, label or c.name, size=11, weight=700, fill="#ffffff"),
                 S.lines(x + 5, y + 16 + LINE / 2 + 1, face_lines(cid, w - 10, room), size=TEXT,
                         line_height=LINE)]
        face = S.group(inner, target, legal, label=c.describe(), extra_class="bk-box")
        info = S.group([S.circle(x + w - 9, y + 8, 6.5, fill="#ffffff", class_="bk-shape"),
                        S.text(x + w - 9, y + 8.5, "i", size=TEXT, anchor="middle", weight=700,
                               fill=COLOUR[kind])],
                       f"info:{cid}", (), label=f"show the whole text of {c.name}")
        return (f"<g class='wl-card'>{face}{info}"
                f"{self._details(RIGHT, self._details_y, cid, hover=True)}</g>")

    def _stacks(self, x: float, y: float, stacks: list[list[int]]) -> str:
        out = []
        for i, (p, n) in enumerate(stacks[:4]):
            cx = x + 8 + i * 18
            out.append(S.circle(cx, y, 8, fill=S.player_colour(p)))
            out.append(S.text(cx, y, n, size=TEXT, anchor="middle", weight=700, fill="#ffffff"))
        if len(stacks) > 4:
            out.append(S.text(x + 8 + 4 * 18, y, f"+{len(stacks) - 4}", size=TEXT))
        return "".join(out)

    def _market(self, state: State, obs: dict[str, Any], legal: set[str], top: int) -> list[str]:
        parts = []
        y = top
        bought = self.purchases(state)
        # the Advertisement Space
        stacks = obs["stacks"]["advertisement"]
        need = 1 + len(stacks)
        parts.append(S.group([
            S.rect(MX, y, SPACE_W, CARD_H, fill="#fff6d6", stroke=S.INK, rx=6),
            S.lines(MX + 5, y + 9, ["Advertise", "1 Cr + H/V/W", f"{need} Worker{'s' * (need > 1)}"],
                    size=TEXT, line_height=LINE)],
            action_target(state, PlaceWorkers(ADVERTISEMENT)), legal,
            label="place Workers on the Advertisement Space",
            extra_class="bk-box"))
        parts.append(self._stacks(CARDS_X, y + 12, stacks))
        parts.append(S.lines(CARDS_X, y + 32, ["stacks: coloured discs,", "number = Workers"],
                             size=TEXT, line_height=LINE, fill=S.MUTED))
        if state.players == 1:
            parts.append(S.lines(CARDS_X + 150, y + 12, S.wrap(
                f"Solo: one Marketplace deck of {obs['deck_sizes']['mascots']} cards "
                "(Mascot space)", MARKET_R - CARDS_X - 150, 11), size=11, line_height=13))
        for k, row in enumerate(ROWS):
            y = top + (k + 1) * ROW_H
            kind = KINDS[k]
            stacks = obs["stacks"][row]
            parts.append(S.group([
                S.rect(MX, y, SPACE_W, CARD_H, fill=TINT[kind], stroke=COLOUR[kind],
                       stroke_width=2, rx=6, shape=False),
                S.text(MX + 5, y + 9, row.title(), size=11, weight=700),
                S.text(MX + 5, y + 21, f"{1 + len(stacks)} Worker{'s' if stacks else ''}",
                       size=TEXT),
                S.text(MX + 5, y + 49, f"deck {obs['deck_sizes'][row]} · "
                                       f"{len(obs['discards'][row])} out", size=TEXT,
                       fill=S.MUTED)], extra_class="bk-box"))
            parts.append(self._stacks(MX + 2, y + 35, stacks))
            if state.players == 1:
                parts.append(S.text(CARDS_X + 8, y + CARD_H / 2,
                                    "the Mascot deck holds the whole Marketplace in Solo Mode"
                                    if row == "mascots" else "not used in Solo Mode",
                                    size=12, fill=S.MUTED))
                continue
            for slot, cid in enumerate(obs["market"][row]):
                x = CARDS_X + slot * (CARD_W + GAP)
                if cid:
                    act = bought.get((row, slot), PlaceWorkers(row, slot, self.extra))
                    parts.append(self._card(x, y, cid, action_target(state, act), legal))
                else:
                    parts.append(S.rect(x, y, CARD_W, CARD_H, fill=S.EMPTY, stroke="#bbbbbb",
                                        rx=6, shape=False, stroke_dasharray="4 3"))
        return parts

    def _buttons(self, state: State, obs: dict[str, Any], legal: set[str], y: int) -> tuple[str, int]:
        """Buttons for the actions that are not on the board, and the next free y."""
        buttons = []
        labels = [(Collect(), "Collect Workers"), (PayToCollect(), "Pay 3: collect (#16)"),
                  (EndTurn(), "End turn"), (ChooseReward("happiness"), "1 Happiness"),
                  (ChooseReward("visitors"), "1 Visitor"), (ChooseReward("workers"), "1 Worker"),
                  (PayForVictoryPoint(True), "Pay 2 for 1 VP"),
                  (PayForVictoryPoint(False), "No VP"),
                  (CollectForFree(True), "Collect all Workers free (#13)"),
                  (CollectForFree(False), "Leave Workers on the board (#13)"),
                  (KeepEntrepreneur(0), "Keep card 1"), (KeepEntrepreneur(1), "Keep card 2"),
                  (SoloDraw(), "Spend a Worker: draw"),
                  (SoloFreeDraw(), "Free draw (token right)"), (SoloAdvertise(), "Advertise"),
                  (SoloDiscard(), "Discard hand"), (BonusCard(None), "No bonus card")]
        x: float = MX
        for act, label in labels:
            target = action_target(state, act)
            if target in legal:
                w = 16 + S.text_width(label, 11, bold=True)
                if x + w > MARKET_R:
                    x, y = MX, y + 30
                buttons.append(S.button(x, y, w, 26, label, target=target, legal=legal))
                x += w + 6
        me = obs["current_player"]
        if me is not None and obs["seats"][me]["reserve"] == 0 and self.purchases(state):
            if x + 96 + 4 * 34 > MARKET_R:
                x, y = MX, y + 30
            buttons.append(S.text(x + 4, y + 13, "extra Workers:", size=11))
            x += 96
            for n in range(4):
                fill = "#ffe08a" if n == self.extra else "#ececec"
                buttons.append(S.group([S.rect(x, y, 30, 26, fill=fill, stroke=S.INK, rx=6),
                                        S.text(x + 15, y + 13, f"+{n}", size=12,
                                               anchor="middle")],
                                       f"extra:{n}", (), label=f"buy with {n} extra Workers",
                                       extra_class="bk-box"))
                x += 34
        return "".join(buttons), y + (32 if buttons else 0)

    def _pending_cards(self, state: State, obs: dict[str, Any], legal: set[str], y: int
                       ) -> tuple[str, int]:
        """Choices that show cards, below the Marketplace: the Entrepreneur draft, Hotel #8's
        bonus card, the Solo Mode hand."""
        parts = []
        me = obs["current_player"]
        seat = obs["seats"][me] if me is not None else None
        if seat is not None and isinstance(seat["dealt"], list) and seat["dealt"] and \
                seat["entrepreneur"] is None:
            parts.append(S.text(MX, y + 6, f"P{me + 1}'s dealt Entrepreneur cards", size=12,
                                weight=700))
            for i, cid in enumerate(seat["dealt"]):
                parts.append(self._card(MX + i * (CARD_W + GAP), y + 14, cid,
                                         action_target(state, KeepEntrepreneur(i)), legal))
            y += CARD_H + 20
        hand = obs["hand"]
        if state.players == 1:
            shown = hand if isinstance(hand, list) else []
            size = len(hand) if isinstance(hand, list) else hand
            parts.append(S.text(MX, y + 6, f"Hand: {size} card{'s' if size != 1 else ''}",
                                size=12, weight=700))
            for i, cid in enumerate(shown[:8]):
                parts.append(self._card(MX + (i % 4) * (CARD_W + GAP), y + 14 + (i // 4) * ROW_H,
                                        cid, action_target(state, SoloPlay(cid)), legal))
            y += 16 + ROW_H * ((min(len(shown), 8) + 3) // 4)
        options = sorted(a.card for a in state.legal_actions()
                         if type(a) is BonusCard and a.card is not None)
        if options:
            parts.append(S.text(MX, y + 6, f"Hotel #8: {len(options)} cards you can buy", size=12,
                                weight=700))
            for i, cid in enumerate(options[:24]):
                c = CARDS[cid]
                bx, by = MX + (i % 8) * 78, y + 14 + (i // 8) * 22
                name = f"{c.kind_name.title()[:5].rstrip('.')}{'.' if len(c.kind_name) > 5 else ''} #{c.number}"
                parts.append(S.group([S.rect(bx, by, 74, 19, fill=TINT[c.kind_name],
                                             stroke=COLOUR[c.kind_name], rx=3),
                                      S.text(bx + 37, by + 9.5, name, size=TEXT, anchor="middle")],
                                     action_target(state, BonusCard(cid)), legal,
                                     label=c.describe(),
                                     extra_class="bk-box"))
            y += 18 + 22 * ((min(len(options), 24) + 7) // 8)
        return "".join(parts), y

    def _right(self, state: State, obs: dict[str, Any], legal: set[str], top: int
               ) -> tuple[list[str], float]:
        """The right column: Turn Order Track, round, Achievements; and where the card
        details box goes."""
        parts = []
        x, y = RIGHT, top
        parts.append(S.text(x, y + 5, "Turn Order Track", size=12, weight=700))
        rewards = ["—", "1 Cr", "1 VP", "H/V/W", "Ticket"]
        step = (RIGHT_W + 4) / 5
        for i in range(5):
            sx = x + i * step
            who = [p for p in range(state.players) if obs["seats"][p]["turn_space"] == i + 1]
            inner = [S.rect(sx, y + 14, step - 4, 44, fill="#f4f1ea", stroke=S.INK, rx=5),
                     S.text(sx + (step - 4) / 2, y + 24, str(i + 1), size=11, anchor="middle",
                            weight=700),
                     S.text(sx + (step - 4) / 2, y + 37, rewards[i], size=TEXT, anchor="middle",
                            fill=S.MUTED)]
            for j, p in enumerate(who):
                inner.append(S.circle(sx + 8 + 10 * j, y + 50, 4.5, fill=S.player_colour(p)))
            parts.append(S.group(inner, action_target(state, ChooseTurnSpace(i + 1)), legal,
                                 label=f"Turn Order space {i + 1}", extra_class="bk-box"))
        y += 72
        turns = state.params.turns_per_round
        parts.append(S.text(x, y, f"Round {obs['round']}/{state.params.rounds} · turn "
                                  f"{min(obs['turn'], turns)}/{turns} · first player "
                                  f"P{obs['first_player'] + 1}", size=11))
        y += 18
        parts.append(S.text(x, y, "Achievements (1 VP each)", size=12, weight=700))
        y += 8
        rows_of: list[tuple[str, int | None, str]] = []
        for aid in obs["achievements"]:
            rows_of.append((aid, None, f"{aid}: {CONTENT.achievements[aid].text}"))
        for p, seat in enumerate(obs["seats"]):
            tile = seat["private_achievement"]
            if tile:
                rows_of.append((tile, p, f"P{p + 1} private {tile}: "
                                         f"{CONTENT.achievements[tile].text}"))
        for aid, private, words in rows_of:
            owner = obs["claimed"].get(aid)
            mark = f"P{owner + 1}" if owner is not None else ""
            rows = S.wrap(words, RIGHT_W - 8 - (24 if mark else 0), TEXT)
            h = 4 + LINE * len(rows)
            inner = [S.rect(x, y, RIGHT_W, h, fill=S.player_tint(owner),
                            stroke="#999999" if private is None else S.player_colour(private),
                            rx=4),
                     S.lines(x + 4, y + 2 + LINE / 2, rows, size=TEXT, line_height=LINE)]
            if mark:
                inner.append(S.text(x + RIGHT_W - 4, y + h / 2, mark, size=TEXT, anchor="end",
                                    weight=700, fill=S.player_colour(owner)))
            label = (f"{aid}: " if private is None else f"P{private + 1}'s private Achievement "
                     f"{aid}: ") + CONTENT.achievements[aid].text
            parts.append(S.group(inner, action_target(state, ClaimAchievement(aid)), legal,
                                 label=label, extra_class="bk-box"))
            y += h + 2
        parts.append(S.text(x, y + 8, f"Ticket Office supply: {obs['ticket_offices_left']}",
                            size=11, fill=S.MUTED))
        return parts, y + 18

    def _play_areas(self, state: State, obs: dict[str, Any], legal: set[str], parts: list[str], y: int
                    ) -> float:
        """Every player's play area, side by side below the Marketplace; the lowest y."""
        n = state.players
        width = (MARKET_R - MX - 6 * (n - 1)) / n
        bottom: float = y
        for p in range(n):
            part, end = self._seat(state, obs, p, MX + p * (width + 6), y + 2, width)
            parts.append(part)
            bottom = max(bottom, end)
        return bottom

    def _seat(self, state: State, obs: dict[str, Any], p: int, x: float, y: float, width: float
              ) -> tuple[str, float]:
        seat = obs["seats"][p]
        free = seat["workers"] - seat["placed"]
        ent = seat["entrepreneur"]
        text_w = width - 12
        lines = [f"Workers {free} free of {seat['workers']}",
                 f"reserve {seat['reserve']} · Card Limit {seat['card_limit']}",
                 f"Happiness {seat['happiness']} · Visitors {seat['visitors']}"]
        if ent:
            lines.append(f"Entrepreneur: {CARDS[ent].name}")
        by_kind: dict[int, list[int]] = {}
        for cid in seat["tableau"]:
            by_kind.setdefault(CARDS[cid].kind, []).append(cid)
        limit = seat["card_limit"]
        area = []
        for k in (0, 1, 2, 3, 4, TICKET):
            cards = by_kind.get(k, [])
            count = f"{len(cards)}/{limit}" if k in (1, 2, 3, 4) else f"{len(cards)}"
            names = ", ".join(f"#{CARDS[c].number}" for c in cards)
            area.append((k, f"{KINDS[k].title()}s {count}" + (f": {names}" if names else "")))
        rows: list[tuple[str, str | None]] = [(r, None) for line in lines
                                              for r in S.wrap(line, text_w, TEXT)]
        for k, words in area:
            over = k in (1, 2, 3, 4) and words and len(by_kind.get(k, [])) >= limit
            rows += [(r, "#b3261e" if over else COLOUR[KINDS[k]]) for r in
                     S.wrap(words, text_w, TEXT)]
        h = 24 + LINE * len(rows) + 4
        head = f"P{p + 1} · {seat['vp']} VP · {seat['credits']} Credits"
        inner = [S.rect(x, y, width, h, fill=S.player_tint(p), stroke=S.player_colour(p),
                        stroke_width=2, rx=8, shape=False),
                 S.text(x + 6, y + 11, head if S.text_width(head, 12, True) <= text_w
                        else f"P{p + 1} · {seat['vp']} VP · {seat['credits']} Cr", size=12,
                        weight=700)]
        for i, (row, colour) in enumerate(rows):
            inner.append(S.text(x + 6, y + 24 + LINE / 2 + i * LINE, row, size=TEXT,
                                fill=colour or S.INK, weight=600 if colour else None))
        return S.group(inner, None, (), extra_class="bk-box", data_seat=p), y + h

    def _final_table(self, state: State, obs: dict[str, Any], x: float, y: float) -> str:
        rows = ["during play", "hotels", "mascots", "entertainment", "happiness", "visitors",
                "restaurants", "entrepreneur", "total"]
        parts = [S.text(x, y + 8, "Final Scoring", size=14, weight=700)]
        for p in range(state.players):
            parts.append(S.text(x + 160 + p * 80, y + 28, f"P{p + 1}", size=12, weight=700,
                                fill=S.player_colour(p), anchor="end"))
        for i, name in enumerate(rows):
            ry = y + 48 + i * 20
            parts.append(S.text(x, ry, name, size=12, weight=700 if name == "total" else None))
            for p in range(state.players):
                if name == "during play":
                    v = obs["seats"][p]["vp"]
                elif name == "total":
                    v = state.scores()[p]
                else:
                    v = obs["final"][p][name]
                parts.append(S.text(x + 160 + p * 80, ry, v, size=12, anchor="end"))
        return "".join(parts)
