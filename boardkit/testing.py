"""Test helpers for any boardkit game, built-in or a course's own (pytest or plain asserts).

* :func:`assert_illegal` / :func:`assert_legal`: one rule's illegal and legal case, with the
  promises every refusal keeps (the rule id, nothing changed, ``explain`` agrees).
* :func:`check_conformance`: the State protocol's promises on one seeded random game (it
  ends, replays from its save, refuses illegal actions without a trace, clones are
  independent, observations are JSON and survive determinization, and the public table
  shows nothing a seat does not see).
* :func:`playthrough`: a readable record of a seeded game that lists, at every decision,
  who decides, the legal actions (with their integer codes when the game has a codec), each
  seat's observation and the choice — a golden file that shows any change of behaviour,
  as OpenSpiel's playthroughs do.
"""

from __future__ import annotations

import contextlib
import json
import pickle
from collections.abc import Iterator
from typing import Any

import numpy as np

from boardkit.engine import PUBLIC, Action, RuleViolation, State, Step
from boardkit.engine import game as get_game
from boardkit.engine import state as _state_module

__all__ = ["assert_illegal", "assert_legal", "check_conformance", "flow_leaf_problems",
           "playthrough"]


def _fingerprint(state: State) -> bytes:
    return pickle.dumps(state)


def assert_illegal(state: State, act: Action, rule: str) -> RuleViolation:
    """``act`` is refused with ``rule``: ``apply`` raises :class:`RuleViolation` naming it,
    the state (log included) is unchanged, ``explain`` gives the same verdict and rule, and
    ``act`` is not among the legal actions. Returns the error (to check its message)."""
    before = _fingerprint(state)
    try:
        state.apply(act)
    except RuleViolation as err:
        error = err
    else:
        raise AssertionError(f"{act} was accepted; expected a refusal citing {rule}")
    assert error.rule == rule, f"{act} was refused citing {error.rule} ({error.message}), not {rule}"
    assert _fingerprint(state) == before, f"refusing {act} changed the state"
    why = state.explain(act)
    assert not why.legal and why.rule == rule, f"explain({act}) says {why}, apply refused it with {rule}"
    assert act not in state.legal_actions(), f"{act} is refused but listed as legal"
    return error


def assert_legal(state: State, act: Action) -> State:
    """``act`` is listed, ``explain`` calls it legal, and ``apply`` accepts it (applied)."""
    options = state.legal_actions()
    assert act in options, f"{act} is not among the {len(options)} legal actions"
    why = state.explain(act)
    assert why.legal, f"{act} is listed but explain() refuses it: {why}"
    return state.apply(act)


@contextlib.contextmanager
def strict() -> Iterator[None]:
    """The engine's debug mode for a game's author: inside it, a step's ``check`` (and so
    ``explain`` and ``apply``) that changes the state is refused where it happens
    (:class:`~boardkit.engine.GameDefinitionError` naming the step). :func:`check_conformance`
    runs in it; the scaffold's tests switch it on (``with strict():``)."""
    before = _state_module.STRICT["checks"]
    _state_module.STRICT["checks"] = True
    try:
        yield
    finally:
        _state_module.STRICT["checks"] = before


def _random_game(name: str, seed: int, players: int | None, steps: int | None,
                 variant: dict | None = None, params: dict | None = None) -> State:
    state = get_game(name).new_game(players=players, seed=seed, variant=variant, params=params)
    assert not state.is_over, (
        f"{name}: the game is over before its first decision (does setup() end with "
        "self.flow.begin(self)? does a phase's end_if hold at the start?)")
    rng = np.random.default_rng(seed)
    n = 0
    while not state.is_over and (steps is None or n < steps):
        options = state.legal_actions()
        assert options, f"{name}: a game that is not over offers no decision ({state.prompt()})"
        state.apply(options[int(rng.integers(len(options)))])
        n += 1
    return state


def check_conformance(name: str, seed: int, players: int | None = None,
                      steps: int | None = 30, probes: int = 8, variant: dict | None = None,
                      params: dict | None = None) -> None:
    """Check the protocol's promises for game ``name`` on the random game ``seed`` (with
    ``variant`` options and rule ``params``), in the engine's debug mode (:func:`strict`).

    ``steps``: where to stop for the position checks (the whole game always runs once).
    Raises AssertionError naming the promise that broke (or the engine's
    :class:`~boardkit.engine.GameDefinitionError` for a check that changes the state)."""
    with strict():
        _check_conformance(name, seed, players, steps, probes, variant, params)


def _check_conformance(name: str, seed: int, players: int | None, steps: int | None,
                       probes: int, variant: dict | None, params: dict | None) -> None:
    g = get_game(name)
    whole = _random_game(name, seed, players, None, variant, params)
    assert whole.is_over and whole.current_player is None, f"{name}: the game did not end"
    assert len(whole.scores()) == whole.players, f"{name}: one score per player"
    winners = whole.winners()
    assert len(set(winners)) == len(winners) and set(winners) <= set(range(whole.players))
    assert whole.has_winner == bool(winners)
    again = g.from_json(whole.to_json())
    assert again.to_json() == whole.to_json(), f"{name}: the save does not replay exactly"
    assert again.log.text() == whole.log.text()

    s = _random_game(name, seed, players, steps, variant, params)
    for p in range(whole.players):  # a simulation run's columns are fixed by its first rows
        for part in ("score_breakdown", "facts"):
            end, during = getattr(whole, part)(p), getattr(s, part)(p)
            assert list(end) == list(during), (
                f"{name}: {part}({p}) gives other keys at the end than during the game")
            bad = {k: v for k, v in end.items() if not isinstance(v, (int, float, str))}
            assert not bad, f"{name}: {part}({p}) gives values that are not numbers or text: {bad}"
    before = _fingerprint(s)  # before anything is listed or explained
    legal = s.legal_actions()
    assert _fingerprint(s) == before, f"{name}: listing the legal actions changed the state"
    if g.has_codec:
        codes = [g.codec.encode(a) for a in legal]
        assert len(set(codes)) == len(codes), f"{name}: two legal actions share a code"
    for act in legal:
        assert s.explain(act).legal, f"{name}: {act} is listed but explain() refuses it"
        assert _fingerprint(s) == before, f"{name}: explain({act}) changed the state"
    for act in _probes(g, s, legal, seed, probes):
        try:
            s.apply(act)
        except RuleViolation:
            pass
        else:
            raise AssertionError(f"{name}: {act} is not listed as legal, but apply() took it")
        assert _fingerprint(s) == before, f"{name}: refusing {act} changed the state"
        assert not s.explain(act), f"{name}: explain({act}) calls a refused action legal"
    if not s.is_over:
        clone = s.clone()
        rng = np.random.default_rng(seed)
        while not clone.is_over:
            options = clone.legal_actions()
            clone.apply(options[int(rng.integers(len(options)))])
        assert _fingerprint(s) == before, f"{name}: playing a clone changed the original"
    public = s.observation(PUBLIC)
    json.dumps(public)
    for p in range(s.players):
        obs = s.observation(p)
        json.dumps(obs)
        for k in range(3):
            assert s.determinize(p, k).observation(p) == obs, (
                f"{name}: determinizing for P{p + 1} changed what P{p + 1} sees")
        leak = _not_seen_by(public, obs, "")
        assert leak is None, f"{name}: the public table shows {leak}, which P{p + 1} does not see"


def _not_seen_by(public: Any, seat: Any, where: str) -> str | None:
    """Where the public view shows something a seat's view does not (None: nowhere)."""
    if public is None or where in (".viewer", ".log"):
        return None
    if isinstance(public, dict) and isinstance(seat, dict):
        for k, v in public.items():
            found = _not_seen_by(v, seat.get(k), f"{where}.{k}")
            if found:
                return found
        return None
    if isinstance(public, list) and isinstance(seat, list) and len(public) == len(seat):
        for i, (a, b) in enumerate(zip(public, seat, strict=True)):
            found = _not_seen_by(a, b, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if public == seat else f"{where} = {public!r}"


def _probes(g, state: State, legal: list[Action], seed: int, n: int) -> list[Action]:
    """Actions that are not legal here: codes from the codec, else other legal actions'
    classes with their first integer field moved."""
    listed = set(legal)
    out: list[Action] = []
    if g.has_codec:
        for k in range(n):
            act = g.codec.decode((seed + 7919 * k) % g.codec.size)
            if act not in listed:
                out.append(act)
        return out
    import dataclasses

    for act in legal[:n]:
        for f in dataclasses.fields(act):
            value = getattr(act, f.name)
            if isinstance(value, int) and not isinstance(value, bool):
                for delta in (-1000, 1000):
                    moved = dataclasses.replace(act, **{f.name: value + delta})
                    if moved not in listed:
                        out.append(moved)
                break
    return out


def _observation_text(obs: Any) -> str:
    return json.dumps(obs, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def playthrough(name: str, seed: int, players: int | None = None,
                decisions: int | None = None, agent_seed: int | None = None,
                listed: int = 40) -> str:
    """A readable record of a seeded random game of ``name``: at each decision the deciding
    seat and its prompt, every legal action (``[code]`` when the game has a codec), each
    seat's observation (its log as the lines new since the last decision), and the action
    chosen; then the scores. ``decisions`` stops the
    record early (the game is still played to its end for the scores); ``listed`` caps the
    legal actions written out per decision (the count is always given)."""
    g = get_game(name)
    state = g.new_game(players=players, seed=seed)
    rng = np.random.default_rng(seed if agent_seed is None else agent_seed)
    lines = [f"# playthrough: {name}, {state.players} players, seed {seed}, random choices",
             f"# variant {_observation_text(g.variant_dict(state.variant))}, "
             f"params changed {_observation_text(g.params_overrides(state.params))}"]
    k = 0
    seen = [0] * state.players  # log lines each seat has been shown
    while (mover := state.current_player) is not None:  # None once the game is over
        options = state.legal_actions()
        act = options[int(rng.integers(len(options)))]
        if decisions is None or k < decisions:
            lines.append(f"\n## decision {k + 1}: P{mover + 1}, {state.prompt()}")
            lines.append(f"{len(options)} legal actions")
            for opt in options[:listed]:
                code = f"[{g.codec.encode(opt)}] " if g.has_codec else ""
                lines.append(f"legal {code}{opt!r}")
            if len(options) > listed:
                lines.append(f"... and {len(options) - listed} more")
            for p in range(state.players):
                obs = dict(state.observation(p))
                log = obs.pop("log", [])
                lines.append(f"observation P{p + 1}: {_observation_text(obs)}")
                lines.append(f"new in P{p + 1}'s log: {_observation_text(log[seen[p]:])}")
                seen[p] = len(log)
            lines.append(f"chosen: {act!r}")
        elif k == decisions:
            lines.append("\n(the record stops here; the game is played to its end)")
        state.apply(act)
        k += 1
    lines.append(f"\nafter {k} decisions: scores {state.scores()}, winners "
                 f"{[w + 1 for w in state.winners()]}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ posed positions
def pose(state: State, *steps: Step) -> State:
    """A teacher's or a test's position: drop every pending decision and ask ``steps``
    instead, the first one first (none: the game is over, as after its last decision).
    Only for setting up positions; a game's rules never call it."""
    state._stack[:] = list(reversed(steps))
    state._batch.clear()
    state.withdraw_offer()
    return state


def pose_turn(state: State, seat: int, stage: str | None = None, turn: str | None = None) -> State:
    """A teacher's or a test's position within a declared turn: drop every pending decision
    and start ``seat``'s turn at ``stage`` (default: its first), so the stages after it
    follow as in a game (set the fields the stage reads before). ``turn`` picks one of the
    phase's declared turns by name. See :meth:`boardkit.engine.Flow.start_turn`."""
    if state.flow is None:
        raise TypeError("pose_turn needs a game with a declared flow")
    state.withdraw_offer()
    state.flow.start_turn(state, seat, stage, turn)
    return state


# ------------------------------------------------------------------ a declared flow's leaves
def flow_leaf_problems(package: str, above: set[str], annotations: bool = False) -> list[str]:
    """What breaks "rule modules are leaves below the declared flow" in the game package
    ``package`` (an importable name); ``above``: its modules that may know the whole game
    (``flow``, ``state``, the board, agents, ``__init__``...). Found by reading the sources:

    * an import cycle between the package's modules, counting imports inside functions;
    * a rule module importing a module of ``above`` (inside a function too);
    * code touching the engine's stack of pending decisions (a step asks with ``state.ask``
      and ``state.then`` and returns what follows) or setting the state's phase, and a rule
      module running the flow (the engine does these).

    Imports under ``if TYPE_CHECKING:`` are annotations only and count for nothing, unless
    ``annotations`` is true: then they count too (a circle of annotation imports leaves
    mypy unable to infer types; a game whose fields are declared in a module below its rule
    modules has none). Returns the problems in words (empty when there are none)."""
    import ast
    import importlib
    from pathlib import Path

    folder = Path(importlib.import_module(package).__file__ or "").parent
    short = package.rsplit(".", 1)[-1]
    sources = {path.stem: ast.parse(path.read_text()) for path in sorted(folder.glob("*.py"))}

    def imports(tree):
        top = {id(node) for node in tree.body}
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and ast.unparse(node.test).endswith("TYPE_CHECKING") for n in ast.walk(node)}
        for node in ast.walk(tree):
            if (id(node) in typing_only and not annotations) or not isinstance(node, ast.ImportFrom):
                continue
            if node.level == 1:
                names = [node.module.split(".")[0]] if node.module else [a.name for a in node.names]
            elif node.module and node.module.startswith(f"{package}."):
                names = [node.module.split(".")[len(package.split("."))]]
            else:
                continue
            for name in names:
                yield id(node) in top, name

    problems: list[str] = []
    graph = {name: {m for _, m in imports(tree) if m in sources} for name, tree in sources.items()}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            problems.append("import cycle: " + " -> ".join([*path, module]))
            return
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    for name, tree in sources.items():
        if name not in above:
            for _, module in imports(tree):
                if module in above:
                    problems.append(f"{short}.{name} (a rule module) imports {module}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                call = ast.unparse(node.func)
                parts = call.split(".")
                if ((parts[0] in ("state", "self") and len(parts) > 2
                     and parts[1] in ("stack", "_stack", "_batch"))
                        or (call.endswith(("flow.advance", "flow.begin", "flow.jump"))
                            and name not in above)):
                    problems.append(f"{short}.{name}: {ast.unparse(node)}")
            if isinstance(node, (ast.Assign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    text = ast.unparse(target)
                    parts = text.split("[")[0].split(".")
                    if (parts[0] in ("state", "self") and parts[1:2] in (["stack"], ["_stack"])
                            or text == "state.phase"):
                        problems.append(f"{short}.{name}: {ast.unparse(node)}")
    return problems
