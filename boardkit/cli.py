"""``boardkit``: simulations and rule look-ups without Jupyter.

    boardkit games
    boardkit rules dice-grid
    boardkit new river-crossing        # a playable starting game of your own
    boardkit simulate dice-grid --games 500 --agents random --seed 1 --workers 2 --out runs.csv
    boardkit simulate dice-grid --games 5000 --dask tcp://scheduler:8786
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from boardkit.engine import BoardkitError, games
from boardkit.engine import game as get_game


def _key_values(pairs: Sequence[str], what: str) -> dict:
    out = {}
    for pair in pairs or ():
        if "=" not in pair:
            raise BoardkitError(f"{what} '{pair}': expected KEY=VALUE")
        key, raw = pair.split("=", 1)
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw  # a bare word is a string
        out[key.strip()] = value
    return out


def _split_params(pairs: Sequence[str], game: str) -> dict:
    out = {}
    for key, value in _key_values(pairs, "--set").items():
        prefix = game + "."
        out[key[len(prefix):] if key.startswith(prefix) else key] = value
    return out


def cmd_games(args) -> int:
    for name in games():
        g = get_game(name)
        span = f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
        print(f"{name:<14} {span:>5} players  {g.status:<20} {g.title}")
    return 0


def cmd_rules(args) -> int:
    cat = get_game(args.game).rules
    print(cat.table())
    print(f"\n{len(cat)} rules; {len(cat.ambiguous())} record an unclear passage and our reading.")
    return 0


def cmd_simulate(args) -> int:
    from boardkit.analysis import simulate, summarize

    backend = "dask" if args.dask else ("processes" if args.workers and args.workers > 1 else "serial")
    frame = simulate(args.game, agents=args.agents, n=args.games, seed=args.seed, players=args.players,
                     variant=_key_values(args.variant, "--variant"),
                     params=_split_params(args.set, args.game), backend=backend,
                     workers=args.workers, address=args.dask, progress=not args.quiet)
    if args.out:
        frame.to_csv(args.out, index=False)
    g = get_game(args.game)
    print(f"{args.game}: {frame['game'].nunique()} games, seed {args.seed}, backend {backend}")
    import pandas as pd

    with pd.option_context("display.width", 120):
        print(summarize(frame).to_string())
    games = frame.groupby("game")[["seconds", "actions", "auto_actions", "no_winner"]].first()
    nobody = int(games["no_winner"].sum())
    print(f"games won by somebody: {len(games) - nobody} of {len(games)}"
          f"{f'; no winner in {nobody}' if nobody else ''}")
    print(f"mean game length {games['actions'].mean():.1f} player actions "
          f"(+ {games['auto_actions'].mean():.1f} automatic single-option moves), "
          f"{len(games) / max(games['seconds'].sum(), 1e-9):.0f} games/s of playing time"
          f"{' (lower score is better)' if g.lower_is_better else ''}")
    if args.out:
        print(f"rows written to {args.out}")
    return 0


def cmd_tournament(args) -> int:
    import pandas as pd

    from boardkit.analysis import standings, tournament

    agents = [a for a in args.agents.split(",") if a]
    frame = tournament(args.game, agents, games_per_match=args.games, seed=args.seed,
                       players=args.players, variant=_key_values(args.variant, "--variant"),
                       params=_split_params(args.set, args.game), progress=not args.quiet,
                       **_backend(args))
    if args.out:
        frame.to_csv(args.out, index=False)
    print(f"{args.game}: round robin of {', '.join(agents)}, {args.games} games per match")
    with pd.option_context("display.width", 120):
        print(standings(frame).round(3).to_string())
    return 0


def cmd_compare(args) -> int:
    from boardkit.analysis import compare

    a = {"params": _split_params(args.a_set, args.game), "variant": _key_values(args.a_variant, "--a-variant")}
    b = {"params": _split_params(args.b_set, args.game), "variant": _key_values(args.b_variant, "--b-variant")}
    result = compare(args.game, a, b, n=args.games, seed=args.seed, agents=args.agents,
                     players=args.players, measure_name=args.measure, progress=not args.quiet,
                     **_backend(args))
    print(result.summary())
    return 0


def cmd_new(args) -> int:
    from boardkit.authoring import create

    package = create(args.name, args.dir)
    module = package.name
    print(f"wrote the starting game {args.name!r} in {package}/ and {package.parent / args.name}.ipynb")
    print(f"  try it:    cd {package.parent} && python -m pytest {module}")
    print(f"  play it:   boardkit.game(\"{module}:GAME\") in Python, or open the notebook")
    return 0


def _backend(args) -> dict:
    if args.dask:
        return {"backend": "dask", "address": args.dask}
    if args.workers and args.workers > 1:
        return {"backend": "processes", "workers": args.workers}
    return {}


def _common(p, games_default: int) -> None:
    p.add_argument("game")
    p.add_argument("--games", type=int, default=games_default)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=None, help="local processes (default: serial)")
    p.add_argument("--dask", metavar="ADDRESS", default=None, help="Dask scheduler address")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="boardkit", description="Learn, play and analyse tabletop-game rules.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("games", help="list the games")
    p.set_defaults(func=cmd_games)
    p = sub.add_parser("rules", help="print a game's rule catalog")
    p.add_argument("game")
    p.set_defaults(func=cmd_rules)
    p = sub.add_parser("new", help="write a playable starting game to turn into your own")
    p.add_argument("name", help="the game's name, e.g. river-crossing")
    p.add_argument("--dir", default=".", help="where to write it (default: here)")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("simulate", help="simulate many games and print a summary table")
    _common(p, 100)
    p.add_argument("--agents", default="random",
                   help="comma-separated agent per seat, or one for all (random, greedy, mcts, mcts:500)")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--set", action="append", default=[], metavar="GAME.PARAM=VALUE",
                   help="change a rule parameter, e.g. --set dice-grid.points.lucky_cell=2")
    p.add_argument("--out", default=None, metavar="FILE.csv")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("tournament", help="round robin between agents with rotated seats")
    _common(p, 50)
    p.add_argument("--agents", required=True, help="comma-separated agents, e.g. random,greedy,mcts")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--set", action="append", default=[], metavar="GAME.PARAM=VALUE")
    p.add_argument("--out", default=None, metavar="FILE.csv")
    p.set_defaults(func=cmd_tournament)
    p = sub.add_parser("compare", help="variant A against variant B on the same seeds")
    _common(p, 200)
    p.add_argument("--agents", default="random")
    p.add_argument("--measure", default="score", help="score, spread, actions, first_seat_win, ...")
    p.add_argument("--a-set", action="append", default=[], metavar="GAME.PARAM=VALUE")
    p.add_argument("--b-set", action="append", default=[], metavar="GAME.PARAM=VALUE")
    p.add_argument("--a-variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--b-variant", action="append", default=[], metavar="KEY=VALUE")
    p.set_defaults(func=cmd_compare)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BoardkitError as exc:
        print(f"boardkit: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `boardkit rules x | head`
        sys.stderr.close()
        return 0
    except ImportError as exc:
        print(f"boardkit: error: {exc}; install the analysis extra: pip install 'boardkit[analysis]'",
              file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
