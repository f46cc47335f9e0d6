"""The Wishland board: Marketplace rows with their worker stacks, the tracks, Achievements,
every player's play area by colour (with the Card Limit) and the pending choice as buttons.

Targets (``data-target``):

* ``card:<row>:<slot>`` — buy that card (Action 1). With the Worker Reserve ability the
  ``extra:<n>`` buttons choose how many extra Workers lower the cost;
* ``space:advertisement``, ``collect``, ``paycollect`` (Hotel #16), ``endturn``;
* ``turn:<1-5>`` — a Turn Order Track space; ``ach:<id>`` — claim an Achievement;
* ``choice:<happiness|visitors|workers>``, ``vp:yes`` / ``vp:no`` (Hotel #19),
  ``freecollect:yes`` / ``freecollect:no`` (Hotel #13: collect for free or leave the Workers),
  ``keep:<0|1>`` (Entrepreneur draft), ``bonus:<card id>`` / ``bonus:none`` (Hotel #8);
* Solo Mode: ``solo:draw``, ``solo:free``, ``solo:advertise``, ``solo:discard``,
  ``hand:<card id>`` (play that card).

The board never decides legality: a click becomes an action (legal or not) and the State
answers; an illegal click shows the rule's message. Moves the engine played by itself since
the last decision (a single legal option, logged ``auto``) are named at the top right.
"""

from __future__ import annotations

import re

from boardkit.boards import Board
from boardkit.boards import svg as S
from boardkit.boards.base import ClickMessage
from boardkit.engine import Action, ActionFormatError, State

from .content import CARDS, CONTENT, KINDS, MASCOT, ROWS, TICKET
from .moves import (
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

COLOUR = {"ride": "#e3b23c", "restaurant": "#c8453a", "actor": "#3b73b9", "hotel": "#3c8d53",
          "mascot": "#3a3a3a", "ticket": "#7b5ea7", "entrepreneur": "#e07b2a"}
TINT = {"ride": "#fbf0d2", "restaurant": "#f6dad7", "actor": "#dbe6f4", "hotel": "#d9ecdf",
        "mascot": "#e2e2e2", "ticket": "#e7e0f1", "entrepreneur": "#f9e2cf"}
ROW_KIND = dict(zip(ROWS, KINDS[:5], strict=True))

W = 1180
CARD_W, CARD_H, GAP = 150, 74, 8
MX, MY = 16, 70  # Marketplace origin
ROW_H = CARD_H + 12
SPACE_W = 120
RIGHT = MX + SPACE_W + 4 * (CARD_W + GAP) + 110  # right column

_TARGET = re.compile(r"^([a-z]+):?(.*)$")
_SHORT = {"vp": "{n} VP", "credits": "{n} Cr", "happiness": "{n} Happy", "visitors": "{n} Visit",
          "workers": "{n} Worker", "choice": "{n} H/V/W", "ticket": "{n} Ticket",
          "entertainment": "{n} ent. symbol"}


def short(effects) -> str:
    return ", ".join(_SHORT.get(e.effect, e.effect).format(n=e.n) for e in effects)


def summary(cid: int) -> list[str]:
    """Two short lines describing a card face."""
    c = CARDS[cid]
    first = f"#{c.number}" + (f" · {c.cost} Cr" if c.kind <= MASCOT else "") + (
        f" · {c.symbol}" if c.symbol else "")
    bits = []
    if c.immediate:
        bits.append(short(c.immediate))
    if c.income:
        inc = [e for e in c.income if e.effect == "credits"]
        bits.append(f"income {'+' if inc and inc[0].n > 0 else ''}{inc[0].n}" if inc else "income")
    if any(e.effect == "penalty" for e in c.final):
        bits.append("-1 VP at end")
    if c.entertainment:
        bits.append(f"★ {c.entertainment}")
    if c.kind == MASCOT:
        bits.append("Mascot bonus")
    if not bits and c.text:
        bits.append(c.text)
    return [first, "; ".join(bits)]


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


class WishlandBoard(Board):
    """Click a card to buy it; the pending choice shows as buttons."""

    title = "Wishland"

    def __init__(self, state: State, **kwargs):
        self.extra = 0  # extra Workers for the next purchase (Worker Reserve ability)
        super().__init__(state, **kwargs)

    # ------------------------------------------------------------------ hooks
    def targets(self, state: State) -> dict[str, Action]:
        out: dict[str, Action] = {}
        for act in state.legal_actions():
            t = type(act)
            if t is PlaceWorkers:
                if act.space == "advertisement":
                    out["space:advertisement"] = act
                else:
                    key = f"card:{act.space}:{act.slot}"
                    if key not in out or act.extra == self.extra:
                        out[key] = act
            elif t is Collect:
                out["collect"] = act
            elif t is PayToCollect:
                out["paycollect"] = act
            elif t is EndTurn:
                out["endturn"] = act
            elif t is ChooseTurnSpace:
                out[f"turn:{act.space}"] = act
            elif t is ClaimAchievement:
                out[f"ach:{act.achievement}"] = act
            elif t is ChooseReward:
                out[f"choice:{act.resource}"] = act
            elif t is PayForVictoryPoint:
                out["vp:yes" if act.pay else "vp:no"] = act
            elif t is CollectForFree:
                out["freecollect:yes" if act.collect else "freecollect:no"] = act
            elif t is KeepEntrepreneur:
                out[f"keep:{act.index}"] = act
            elif t is BonusCard:
                out["bonus:none" if act.card is None else f"bonus:{act.card}"] = act
            elif t is SoloDraw:
                out["solo:draw"] = act
            elif t is SoloFreeDraw:
                out["solo:free"] = act
            elif t is SoloAdvertise:
                out["solo:advertise"] = act
            elif t is SoloDiscard:
                out["solo:discard"] = act
            elif t is SoloPlay:
                out[f"hand:{act.card}"] = act
        return out

    def intent(self, msg, state: State) -> Action | None:
        if not isinstance(msg, ClickMessage):
            return None
        target = msg.target
        simple = {"collect": Collect(), "paycollect": PayToCollect(), "endturn": EndTurn(),
                  "space:advertisement": PlaceWorkers("advertisement"), "vp:yes":
                  PayForVictoryPoint(True), "vp:no": PayForVictoryPoint(False),
                  "freecollect:yes": CollectForFree(True), "freecollect:no": CollectForFree(False),
                  "bonus:none": BonusCard(None), "solo:draw": SoloDraw(),
                  "solo:free": SoloFreeDraw(), "solo:advertise": SoloAdvertise(),
                  "solo:discard": SoloDiscard()}
        if target in simple:
            return simple[target]
        kind, _, rest = target.partition(":")
        try:
            if kind == "card":
                row, slot = rest.split(":")
                if row not in ROWS:
                    raise ValueError(row)
                found = self.targets(state).get(target)
                return found or PlaceWorkers(row, int(slot), self.extra)
            if kind == "extra":
                if rest not in ("0", "1", "2", "3"):
                    raise ValueError(rest)
                self.extra = int(rest)
                self.refresh()
                return None
            if kind == "turn":
                return ChooseTurnSpace(int(rest))
            if kind == "ach":
                return ClaimAchievement(rest)
            if kind == "choice" and rest in ("happiness", "visitors", "workers"):
                return ChooseReward(rest)
            if kind == "keep":
                return KeepEntrepreneur(int(rest))
            if kind == "bonus":
                return BonusCard(int(rest))
            if kind == "hand":
                return SoloPlay(int(rest))
        except ValueError:
            pass
        raise ActionFormatError(f"wishland board: unknown target {target!r}")

    # ------------------------------------------------------------------ drawing
    def render(self, state: State, viewer: int | None, legal_targets: set[str]) -> str:
        obs = state.observation(viewer)
        parts = [S.text(MX, 22, self._headline(state, obs), size=16, weight=600),
                 S.text(MX, 44, _cut(f"{obs['prompt']}", 150), size=13, fill=S.MUTED)]
        forced = self.forced_moves(state, viewer)
        if forced:
            parts.append(S.text(W - MX, 44, _cut("automatic (only option): " + "; ".join(forced),
                                                   78), size=11, anchor="end", fill=S.MUTED))
        parts += self._market(state, obs, legal_targets)
        y = MY + 6 * ROW_H + 8
        buttons, y = self._buttons(state, obs, legal_targets, y)
        parts.append(buttons)
        parts += self._right(state, obs, legal_targets)
        seats_y = max(y, MY + 6 * ROW_H + 60)
        for p in range(state.players):
            parts.append(self._seat(state, obs, p, MX, seats_y, legal_targets))
            seats_y += 132
        if obs["final"] is not None:
            parts.append(self._final_table(state, obs, MX, seats_y + 6))
            seats_y += 60 + 20 * 9
        return S.document(W, seats_y + 10, parts, title=f"Wishland: {obs['prompt']}",
                          game=state.game.name, actions=state.action_count,
                          viewer=S.viewer_label(viewer))

    @staticmethod
    def forced_moves(state: State, viewer: int | None) -> list[str]:
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
    def _headline(state, obs) -> str:
        mode = "Solo Mode" if state.players == 1 else f"{state.players} players"
        if obs["is_over"]:
            won = ", ".join(f"P{p + 1}" for p in state.winners())
            result = f"winner {won}" if won else "no winner"
            best = state.variant.solo_best
            if state.players == 1 and best is not None:
                result += f" (score to beat: {best})"
            return f"Wishland · {mode} · game over · {result} · scores {state.scores()}"
        who = f"P{obs['current_player'] + 1}" if obs["current_player"] is not None else ""
        turn = min(obs["turn"], state.params.turns_per_round)
        return (f"Wishland · {mode} · round {obs['round']} of {state.params.rounds} · "
                f"turn {turn} · {who} to play")

    def _card(self, x, y, cid, target=None, legal=(), w=CARD_W, h=CARD_H, label=None):
        c = CARDS[cid]
        kind = c.kind_name
        lines = summary(cid)
        n = int(w / 5.8)  # characters that fit on a line
        inner = [f"<title>{S.esc(c.describe())}</title>",
                 S.rect(x, y, w, h, fill=TINT[kind], stroke=COLOUR[kind], stroke_width=2, rx=6),
                 S.rect(x, y, w, 16, fill=COLOUR[kind], stroke="none", rx=6, shape=False),
                 S.text(x + 6, y + 8, label or c.name, size=11, weight=700, fill="#ffffff"),
                 S.text(x + 6, y + 30, _cut(lines[0], n), size=11),
                 S.text(x + 6, y + 46, _cut(lines[1], n), size=10, fill=S.MUTED)]
        if len(lines[1]) > n and h >= 70:
            inner.append(S.text(x + 6, y + 60, _cut(lines[1][n - 1:], n), size=10, fill=S.MUTED))
        return S.group(inner, target, legal, label=c.describe())

    def _stacks(self, x, y, stacks) -> str:
        out = []
        for i, (p, n) in enumerate(stacks[:6]):
            cx = x + 14 + (i % 3) * 30
            cy = y + 14 + (i // 3) * 24
            out.append(S.circle(cx, cy, 10, fill=S.player_colour(p)))
            out.append(S.text(cx, cy, n, size=10, anchor="middle", weight=700, fill="#ffffff"))
        if len(stacks) > 6:
            out.append(S.text(x + 96, y + 50, f"+{len(stacks) - 6}", size=10))
        return "".join(out)

    def _market(self, state, obs, legal) -> list[str]:
        parts = []
        y = MY
        # the Advertisement Space
        stacks = obs["stacks"]["advertisement"]
        need = 1 + len(stacks)
        parts.append(S.group([
            S.rect(MX, y, SPACE_W, CARD_H, fill="#fff6d6", stroke=S.INK, rx=6),
            S.text(MX + 6, y + 10, "Advertisement", size=11, weight=700),
            S.text(MX + 6, y + 26, f"1 Cr + H/V/W · {need} W", size=10, fill=S.MUTED)],
            "space:advertisement", legal, label="place Workers on the Advertisement Space"))
        parts.append(self._stacks(MX + SPACE_W + 4, y + 4, stacks))
        parts.append(S.text(MX + SPACE_W + 110, y + 12,
                            "stacks: coloured discs, number = Workers", size=10, fill=S.MUTED))
        if state.players == 1:
            parts.append(S.text(MX + SPACE_W + 110, y + 30,
                                f"Solo: one Marketplace deck of {obs['deck_sizes']['mascots']} cards "
                                "(Mascot space)", size=12))
        for k, row in enumerate(ROWS):
            y = MY + (k + 1) * ROW_H
            kind = KINDS[k]
            stacks = obs["stacks"][row]
            parts.append(S.rect(MX, y, SPACE_W, CARD_H, fill=TINT[kind], stroke=COLOUR[kind],
                                stroke_width=2, rx=6, shape=False))
            parts.append(S.text(MX + 6, y + 10, row.title(), size=11, weight=700))
            parts.append(S.text(MX + 6, y + 24, f"{1 + len(stacks)} Worker"
                                f"{'s' if stacks else ''} to place", size=10, fill=S.MUTED))
            parts.append(self._stacks(MX, y + 28, stacks))
            if state.players == 1:
                parts.append(S.text(MX + SPACE_W + 16, y + CARD_H / 2,
                                    "the Mascot deck holds the whole Marketplace in Solo Mode"
                                    if row == "mascots" else "not used in Solo Mode",
                                    size=12, fill=S.MUTED))
                x = MX + SPACE_W + 8 + 4 * (CARD_W + GAP)
                parts.append(S.text(x, y + 20, f"deck {obs['deck_sizes'][row]}", size=11))
                parts.append(S.text(x, y + 40, f"discard {len(obs['discards'][row])}", size=11,
                                    fill=S.MUTED))
                continue
            for slot, cid in enumerate(obs["market"][row]):
                x = MX + SPACE_W + 8 + slot * (CARD_W + GAP)
                if cid:
                    parts.append(self._card(x, y, cid, f"card:{row}:{slot}", legal))
                else:
                    parts.append(S.rect(x, y, CARD_W, CARD_H, fill=S.EMPTY, stroke="#bbbbbb",
                                        rx=6, shape=False, stroke_dasharray="4 3"))
            x = MX + SPACE_W + 8 + 4 * (CARD_W + GAP)
            parts.append(S.text(x, y + 20, f"deck {obs['deck_sizes'][row]}", size=11))
            parts.append(S.text(x, y + 40, f"discard {len(obs['discards'][row])}", size=11,
                                fill=S.MUTED))
        return parts

    def _buttons(self, state, obs, legal, y) -> tuple[str, int]:
        """Buttons for the actions that are not on the board, and the next free y."""
        buttons = []
        labels = [("collect", "Collect Workers"), ("paycollect", "Pay 3: collect (#16)"),
                  ("endturn", "End turn"), ("choice:happiness", "1 Happiness"),
                  ("choice:visitors", "1 Visitor"), ("choice:workers", "1 Worker"),
                  ("vp:yes", "Pay 2 for 1 VP"), ("vp:no", "No VP"),
                  ("freecollect:yes", "Collect all Workers free (#13)"),
                  ("freecollect:no", "Leave Workers on the board (#13)"), ("keep:0", "Keep card 1"),
                  ("keep:1", "Keep card 2"), ("solo:draw", "Spend a Worker: draw"),
                  ("solo:free", "Free draw (token right)"), ("solo:advertise", "Advertise"),
                  ("solo:discard", "Discard hand"), ("bonus:none", "No bonus card")]
        x = MX
        for target, label in labels:
            if target in legal:
                w = 14 + 7 * len(label)
                buttons.append(S.button(x, y, w, 28, label, target=target, legal=legal))
                x += w + 8
        me = obs["current_player"]
        if me is not None and obs["seats"][me]["reserve"] == 0 and any(
                t.startswith("card:") for t in legal):
            buttons.append(S.text(x + 4, y + 14, "extra Workers:", size=11))
            x += 96
            for n in range(4):
                fill = "#ffe08a" if n == self.extra else "#ececec"
                buttons.append(S.group([S.rect(x, y, 30, 28, fill=fill, stroke=S.INK, rx=6),
                                        S.text(x + 15, y + 14, f"+{n}", size=12,
                                               anchor="middle")],
                                       f"extra:{n}", (), label=f"buy with {n} extra Workers"))
                x += 36
        return "".join(buttons), y + (40 if buttons else 0)

    def _right(self, state, obs, legal) -> list[str]:
        parts = []
        x, y = RIGHT, MY
        parts.append(S.text(x, y + 6, "Turn Order Track", size=12, weight=700))
        rewards = ["—", "1 Cr", "1 VP", "H/V/W", "Ticket"]
        for i in range(5):
            sx = x + i * 52
            who = [p for p in range(state.players) if obs["seats"][p]["turn_space"] == i + 1]
            inner = [S.rect(sx, y + 16, 48, 46, fill="#f4f1ea", stroke=S.INK, rx=5),
                     S.text(sx + 24, y + 27, str(i + 1), size=11, anchor="middle", weight=700),
                     S.text(sx + 24, y + 41, rewards[i], size=9, anchor="middle", fill=S.MUTED)]
            for j, p in enumerate(who):
                inner.append(S.circle(sx + 12 + 12 * j, y + 54, 5, fill=S.player_colour(p)))
            parts.append(S.group(inner, f"turn:{i + 1}", legal, label=f"Turn Order space {i + 1}"))
        y += 80
        turns = state.params.turns_per_round
        parts.append(S.text(x, y, f"Round {obs['round']}/{state.params.rounds} · turn "
                                  f"{min(obs['turn'], turns)}/{turns} · first player "
                                  f"P{obs['first_player'] + 1}", size=12))
        y += 22
        parts.append(S.text(x, y, "Achievements (1 VP each)", size=12, weight=700))
        y += 10
        for i, aid in enumerate(obs["achievements"]):
            ay = y + i * 24
            owner = obs["claimed"].get(aid)
            text = CONTENT.achievements[aid].text
            inner = [S.rect(x, ay, 262, 20, fill=S.player_tint(owner), stroke="#999999", rx=4),
                     S.text(x + 4, ay + 10, _cut(f"{aid}: {text}", 44), size=10)]
            if owner is not None:
                inner.append(S.text(x + 256, ay + 10, f"P{owner + 1}", size=10, anchor="end",
                                    weight=700, fill=S.player_colour(owner)))
            parts.append(S.group(inner, f"ach:{aid}", legal, label=f"{aid}: {text}"))
        y += 24 * len(obs["achievements"]) + 6
        for p, seat in enumerate(obs["seats"]):
            tile = seat["private_achievement"]
            if tile:
                owner = obs["claimed"].get(tile)
                parts.append(S.group([
                    S.rect(x, y, 262, 20, fill=S.player_tint(owner), stroke=S.player_colour(p), rx=4),
                    S.text(x + 4, y + 10, _cut(f"P{p + 1} private {tile}: "
                                               f"{CONTENT.achievements[tile].text}", 44), size=10)],
                    f"ach:{tile}", legal, label=f"P{p + 1}'s private Achievement {tile}"))
                y += 24
        parts.append(S.text(x, y + 8, f"Ticket Office supply: {obs['ticket_offices_left']}",
                            size=11, fill=S.MUTED))
        # pending choices that show cards: draft, Hotel #8, the solo hand
        y += 26
        me = obs["current_player"]
        seat = obs["seats"][me] if me is not None else None
        if seat is not None and isinstance(seat["dealt"], list) and seat["dealt"] and \
                seat["entrepreneur"] is None:
            parts.append(S.text(x, y, f"P{me + 1}'s dealt Entrepreneur cards", size=12, weight=700))
            for i, cid in enumerate(seat["dealt"]):
                parts.append(self._card(x + i * (CARD_W - 20), y + 12, cid, f"keep:{i}", legal,
                                        w=CARD_W - 26))
            y += CARD_H + 24
        hand = obs["hand"]
        if state.players == 1:
            shown = hand if isinstance(hand, list) else []
            size = len(hand) if isinstance(hand, list) else hand
            parts.append(S.text(x, y, f"Hand: {size} card{'s' if size != 1 else ''}", size=12,
                                weight=700))
            for i, cid in enumerate(shown[:8]):
                parts.append(self._card(x + (i % 2) * 130, y + 12 + (i // 2) * 60, cid,
                                        f"hand:{cid}", legal, w=124, h=54))
            y += 12 + 60 * ((min(len(shown), 8) + 1) // 2)
        if any(t.startswith("bonus:") and t != "bonus:none" for t in legal):
            options = sorted(int(t.split(":")[1]) for t in legal if t.startswith("bonus:")
                             and t != "bonus:none")
            parts.append(S.text(x, y + 4, f"Hotel #8: {len(options)} cards you can buy", size=12,
                                weight=700))
            for i, cid in enumerate(options[:24]):
                bx, by = x + (i % 4) * 66, y + 14 + (i // 4) * 22
                parts.append(S.group([S.rect(bx, by, 62, 18, fill=TINT[CARDS[cid].kind_name],
                                             stroke=COLOUR[CARDS[cid].kind_name], rx=3),
                                      S.text(bx + 31, by + 9, _cut(CARDS[cid].name.replace(
                                          "Restaurant", "Rest."), 12), size=9, anchor="middle")],
                                     f"bonus:{cid}", legal, label=CARDS[cid].describe()))
        return parts

    def _seat(self, state, obs, p, x, y, legal) -> str:
        seat = obs["seats"][p]
        parts = [S.rect(x, y, W - 2 * MX, 124, fill=S.player_tint(p), stroke=S.player_colour(p),
                        stroke_width=2, rx=8, shape=False)]
        free = seat["workers"] - seat["placed"]
        ent = seat["entrepreneur"]
        head = (f"P{p + 1} · {seat['vp']} VP · {seat['credits']} Credits · Workers {free} free / "
                f"{seat['workers']} (reserve {seat['reserve']}) · Card Limit {seat['card_limit']}")
        parts.append(S.text(x + 10, y + 14, head, size=13, weight=700))
        if ent:
            parts.append(S.text(x + 10, y + 32, _cut(f"Entrepreneur: {CARDS[ent].name} — "
                                                     f"{CARDS[ent].text}", 150), size=11))
        # the tracks
        for t, (name, value) in enumerate((("Happiness", seat["happiness"]),
                                           ("Visitors", seat["visitors"]))):
            ty = y + 46 + t * 18
            parts.append(S.text(x + 10, ty, name, size=11))
            for i in range(11):
                fill = S.player_colour(p) if i == value else ("#ffffff" if i % 2 == 0 else "#f0e6c8")
                parts.append(S.rect(x + 78 + i * 17, ty - 7, 15, 14, fill=fill, stroke="#999999",
                                    rx=2, shape=False))
                parts.append(S.text(x + 85 + i * 17, ty, i, size=8, anchor="middle",
                                    fill="#ffffff" if i == value else S.MUTED))
        # the play area by colour
        by_kind: dict[int, list[int]] = {}
        for cid in seat["tableau"]:
            by_kind.setdefault(CARDS[cid].kind, []).append(cid)
        cx = x + 276
        limit = seat["card_limit"]
        for k in (0, 1, 2, 3, 4, TICKET):
            kind = KINDS[k]
            cards = by_kind.get(k, [])
            count = f"{len(cards)}/{limit}" if k in (1, 2, 3, 4) else f"{len(cards)}"
            over = k in (1, 2, 3, 4) and len(cards) >= limit
            parts.append(S.rect(cx, y + 38, 136, 80, fill="#ffffff", stroke=COLOUR[kind],
                                stroke_width=2, rx=5, shape=False))
            parts.append(S.text(cx + 6, y + 48, f"{kind.title()}s {count}", size=11, weight=700,
                                fill="#b3261e" if over else S.INK))
            names = ", ".join(f"#{CARDS[c].number}" for c in cards)
            for i in range(4):
                chunk = names[i * 22:(i + 1) * 22]
                if chunk:
                    parts.append(S.text(cx + 6, y + 64 + i * 13, chunk, size=10, fill=S.MUTED))
            cx += 142
        return S.group(parts, None, (), **{"data_seat": p})

    def _final_table(self, state, obs, x, y) -> str:
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
