"""``boardkit``: simulations and rule look-ups without Jupyter.

    boardkit games
    boardkit rules dice-grid
    boardkit rules wishland --format html --out wishland-rules.html   # a printable summary
    boardkit new river-crossing        # a playable starting game of your own
    boardkit play wishland --players 3 # the board as a web page (needs Voilà: make play)
    boardkit serve --db class.db       # class tables students join from their laptops
    boardkit tables export --db class.db --out playtests.csv   # their games, as simulate's rows
    boardkit simulate dice-grid --games 500 --agents random --seed 1 --workers 2 --out runs.csv
    boardkit simulate dice-grid --games 5000 --dask tcp://scheduler:8786

Exit status: 0 when every game was played; 2 for a bad argument or a backend that cannot be
reached (checked before the first game, nothing played); 3 for a partial run (interrupted
with Ctrl-C, or workers lost more often than ``--retries``): the finished games are
written to ``--out`` and running the same command again plays only the missing ones;
1 for an unexpected error. Errors and warnings are one line on stderr, never a traceback
(``BOARDKIT_DEBUG=1`` shows it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from boardkit.analysis.simulation import EXIT_PARTIAL, one_line_warnings, term_as_interrupt
from boardkit.engine import BoardkitError, games
from boardkit.engine import game as get_game
from boardkit.engine.errors import IncompleteRunError, RunError
from boardkit.engine.files import write_atomic

EXIT_USAGE = 2
EPILOG = ("exit status: 0 all games played; 2 bad argument or unreachable backend (nothing "
          "played); 3 partial run (interrupted or workers lost: the finished games are in "
          "--out, and the same command again plays the rest); 1 unexpected error")
#: the command-line flag of each argument a RunError can name
FLAGS = {"db": "--db", "out": "--out", "address": "--dask", "port": "--port",
         "teacher_token": "--teacher-token"}


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (``main`` prints them and exits 2)."""

    def error(self, message: str):
        raise _UsageError(message)


def _int_in(low: int, high: int | None = None):
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, not {text[:30]!r}") from None
        if value < low or (high is not None and value > high):
            span = f"from {low:,} to {high:,}" if high is not None else f"at least {low:,}"
            raise argparse.ArgumentTypeError(f"must be {span}, not {text[:30]}")
        return value
    convert.__name__ = "integer"
    return convert


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, not {text[:30]!r}") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"must be between 0 and 3600 seconds, not {text[:30]}")
    return value


def _out_file(text: str) -> str:
    from boardkit.engine.files import check_target

    try:
        check_target(text)
    except RunError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _dask_address(text: str) -> str:
    try:
        from boardkit.analysis.backends import check_address
    except ImportError:
        raise argparse.ArgumentTypeError("needs the dask extra: pip install 'boardkit[dask]'") from None
    try:
        return check_address(text)
    except RunError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
    """``--set`` pairs as rule parameters. A key may start with any name of the game: its
    name (``pickpocket.points=2``), the name it was given as (``pickpocket:GAME.points=2``)
    or, for a reference, its module's (``pickpocket.points=2`` for ``pickpocket:GAME``)."""
    pairs_found = _key_values(pairs, "--set")
    if not pairs_found:
        return {}
    names = {game, game.partition(":")[0], get_game(game).name}
    prefixes = sorted((n + "." for n in names if n), key=len, reverse=True)
    out = {}
    for key, value in pairs_found.items():
        prefix = next((p for p in prefixes if key.startswith(p)), "")
        out[key[len(prefix):]] = value
    return out


def cmd_games(args) -> int:
    for name in games():
        g = get_game(name)
        span = f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
        word = "player " if g.max_players == 1 else "players"
        print(f"{name:<14} {span:>5} {word}  {g.status:<20} {g.title}")
    return 0


def _rules_text(g) -> str:
    cat = g.rules
    lines = [cat.table(),
             f"\n{len(cat)} rules; {len(cat.ambiguous())} record an unclear passage and our reading."]
    rules = g.house_rules()
    if rules:
        lines.append(f"\nHouse rules (not the rulebook's; try one with --set {g.name}.KEY=VALUE):")
        for key, rule in rules.items():
            values = " | ".join(json.dumps(v) for v in rule.values)
            lines.append(f"  {key} = {values} (default {json.dumps(rule.default)}): "
                         f"{rule.description}")
    return "\n".join(lines) + "\n"


def cmd_rules(args) -> int:
    g = get_game(args.game)
    if args.format == "html":
        from boardkit.engine.rule_sheet import rule_sheet

        text = rule_sheet(g)
    else:
        text = _rules_text(g)
    if args.out is None:
        sys.stdout.write(text)
        return 0
    try:
        write_atomic(args.out, text)
    except OSError as exc:
        raise BoardkitError(f"--out: cannot write {args.out}: {exc.strerror or exc}") from None
    print(f"{g.title}: {len(g.rules)} rules written to {args.out}"
          + (" (open it in a browser and print it)" if args.format == "html" else ""))
    return 0


def _backend(args) -> dict:
    if args.dask:
        return {"backend": "dask", "address": args.dask, "connect_timeout": args.dask_timeout,
                "retries": args.retries}
    if args.workers and args.workers > 1:
        return {"backend": "processes", "workers": args.workers, "retries": args.retries}
    return {}


def cmd_simulate(args) -> int:
    from boardkit.analysis import simulate, summarize

    chosen = _backend(args)
    backend = chosen.get("backend", "serial")
    frame = simulate(args.game, agents=args.agents, n=args.games, seed=args.seed, players=args.players,
                     variant=_key_values(args.variant, "--variant"),
                     params=_split_params(args.set, args.game), progress=not args.quiet,
                     out=args.out, overwrite=args.overwrite, **chosen)
    g = get_game(args.game)
    complete = frame.attrs["complete"]
    played = frame["game"].nunique()
    print(f"{args.game}: {played} games{'' if complete else f' of {args.games}'}, seed {args.seed}, "
          f"backend {backend}")
    if played:
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
    return 0 if complete else EXIT_PARTIAL


def cmd_tournament(args) -> int:
    import pandas as pd

    from boardkit.analysis import standings, tournament

    agents = [a for a in args.agents.split(",") if a]
    frame = tournament(args.game, agents, games_per_match=args.games, seed=args.seed,
                       players=args.players, variant=_key_values(args.variant, "--variant"),
                       params=_split_params(args.set, args.game), progress=not args.quiet,
                       out=args.out, **_backend(args))
    print(f"{args.game}: round robin of {', '.join(agents)}, {args.games} games per match"
          f"{'' if frame.attrs['complete'] else ' (stopped early)'}")
    if len(frame):
        table = standings(frame)
        with pd.option_context("display.width", 160):
            print(table.round(3).to_string())
        print(table.attrs["note"])
    if args.out:
        print(f"rows written to {args.out}")
    return 0 if frame.attrs["complete"] else EXIT_PARTIAL


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
    here = package.parent.resolve() == Path.cwd().resolve()
    go = "" if here else f"cd {package.parent} && "
    print(f"  try it:    {go}python -m pytest {module}")
    print(f"  play it:   boardkit.game(\"{module}:GAME\") in Python, or open the notebook")
    print(f"  together:  {go}boardkit serve --game {module} (class tables; the teacher's guide)")
    return 0


def cmd_play(args) -> int:
    from boardkit.apps.play import PlaySettings
    from boardkit.apps.server import require_voila, serve

    settings = PlaySettings(game=args.game, players=args.players, seed=args.seed,
                            variant=_key_values(args.variant, "--variant"), against=args.against,
                            params=_split_params(args.set, args.game))
    settings.board()  # an unknown game, a bad player count or option: refused here, not on the page
    require_voila()
    return serve(settings, port=args.port, open_browser=not args.no_browser,
                 title=get_game(args.game).title)


def cmd_serve(args) -> int:
    from boardkit.server.run import serve

    return serve(args.db, args.host, args.port, args.teacher_token, args.url, args.game)


def cmd_tables_export(args) -> int:
    from boardkit.server.export import export

    if not os.path.isfile(args.db):
        raise RunError(f"no tables database {args.db}", field="db")
    frame = export(args.db, args.out, args.game)
    tables = frame.attrs["tables"]
    print(f"wrote {len(frame):,} rows ({tables:,} tables, {frame.attrs['finished']:,} "
          f"finished) to {args.out}")
    return 0


def _common(p, games_default: int) -> None:
    from boardkit.analysis.simulation import MAX_GAMES, RETRIES, max_workers

    p.add_argument("game")
    p.add_argument("--games", type=_int_in(1, MAX_GAMES), default=games_default,
                   help=f"number of games (at most {MAX_GAMES:,})")
    p.add_argument("--players", type=_int_in(1, 99), default=None)
    p.add_argument("--seed", type=_int_in(0), default=0)
    p.add_argument("--workers", type=_int_in(1, max_workers()), default=None,
                   help=f"local processes (default: serial; at most {max_workers()} here)")
    p.add_argument("--dask", metavar="ADDRESS", type=_dask_address, default=None,
                   help="Dask scheduler address, e.g. tcp://scheduler:8786")
    p.add_argument("--dask-timeout", metavar="SECONDS", type=_seconds, default=5.0,
                   help="how long to wait for the Dask scheduler to answer (default 5)")
    p.add_argument("--retries", type=_int_in(0, 100), default=RETRIES,
                   help=f"times a batch lost with its worker is played again (default {RETRIES})")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="boardkit", description="Learn, play and analyse tabletop-game rules.",
                     epilog=EPILOG)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("games", help="list the games")
    p.set_defaults(func=cmd_games)
    p = sub.add_parser("rules", help="print a game's rule catalog, or a printable summary "
                                     "(--format html)")
    p.add_argument("game")
    p.add_argument("--format", choices=["text", "html"], default="text",
                   help="text: the catalog as a table (default); html: a one-page summary to "
                        "print, grouped by rulebook section, unclear passages marked")
    p.add_argument("--out", default=None, metavar="FILE",
                   help="write to FILE instead of the terminal")
    p.set_defaults(func=cmd_rules)
    p = sub.add_parser("new", help="write a playable starting game to turn into your own")
    p.add_argument("name", help="the game's name, e.g. river-crossing")
    p.add_argument("--dir", default=".", help="where to write it (default: here)")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("play", help="play a game on its board in the browser, no code shown "
                                    "(needs Voilà)")
    p.add_argument("game")
    p.add_argument("--players", type=_int_in(1, 99), default=None)
    p.add_argument("--seed", type=_int_in(0), default=0)
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--set", action="append", default=[], metavar="GAME.PARAM=VALUE",
                   help="change a rule parameter, e.g. a house rule: --set "
                        "wishland.first_round_reversed=true")
    p.add_argument("--against", choices=["people", "computer"], default="people",  # play.AGAINST
                   help="who plays the seats after P1: people at the same screen (default) "
                        "or the computer")
    p.add_argument("--port", type=_int_in(1, 65535), default=None,
                   help="the port to serve on (default: a free one)")
    p.add_argument("--no-browser", action="store_true", help="print the address, open no browser")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("serve", help="host class tables that students play from their own "
                                     "browsers (needs the 'class' extra)")
    p.add_argument("--db", default="boardkit-tables.db", metavar="PATH",
                   help="the SQLite file of the tables (default: boardkit-tables.db); a "
                        "restarted server goes on with every table in it")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only; "
                        "0.0.0.0 for the classroom's network)")
    p.add_argument("--port", type=_int_in(1, 65535), default=8765, help="default 8765")
    p.add_argument("--teacher-token", default=None, metavar="T",
                   help="the teacher's token (default: $BOARDKIT_TEACHER_TOKEN, or the one "
                        "kept in PATH.teacher-token, made on the first start)")
    p.add_argument("--url", default=None, metavar="URL",
                   help="the address students reach the server at, for the seats' links "
                        "(e.g. http://192.168.1.20:8765; default: the one a request came to)")
    p.add_argument("--game", action="append", default=[], metavar="NAME",
                   help="a game of your own to offer on the teacher's page besides the "
                        "built-in ones: its module's name from this folder (pebble_duel) or "
                        "its reference (pebble_duel:GAME); repeat it for several")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("tables", help="the class server's tables (export: every game as "
                                      "simulate's rows)")
    tables = p.add_subparsers(dest="tables_command", required=True)
    p = tables.add_parser("export", help="write every table of a class server's file as "
                                         "simulate's rows, one per seat per game, to a CSV file")
    p.add_argument("--db", default="boardkit-tables.db", metavar="PATH",
                   help="the server's SQLite file (default: boardkit-tables.db); it may be "
                        "exported while the server runs")
    p.add_argument("--out", required=True, metavar="FILE.csv", type=_out_file,
                   help="the CSV file to write (.csv.gz compresses)")
    p.add_argument("--game", default=None, help="only this game's tables")
    p.set_defaults(func=cmd_tables_export)
    p = sub.add_parser("simulate", help="simulate many games and print a summary table",
                       epilog=EPILOG)
    _common(p, 100)
    p.add_argument("--agents", default="random",
                   help="comma-separated agent per seat, or one for all (random, greedy, mcts, mcts:500)")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--set", action="append", default=[], metavar="GAME.PARAM=VALUE",
                   help="change a rule parameter, e.g. --set dice-grid.points.lucky_cell=2")
    p.add_argument("--out", default=None, metavar="FILE.csv", type=_out_file,
                   help="write the rows here as games finish (.csv.gz compresses); the same "
                        "command with the same file resumes a stopped run")
    p.add_argument("--overwrite", action="store_true",
                   help="replace an --out file that holds a different run")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("tournament", help="round robin between agents with rotated seats",
                       epilog=EPILOG)
    _common(p, 50)
    p.add_argument("--agents", required=True, help="comma-separated agents, e.g. random,greedy,mcts")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--set", action="append", default=[], metavar="GAME.PARAM=VALUE")
    p.add_argument("--out", default=None, metavar="FILE.csv", type=_out_file)
    p.set_defaults(func=cmd_tournament)
    p = sub.add_parser("compare", help="variant A against variant B on the same seeds",
                       epilog=EPILOG)
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
    here = os.getcwd()  # a student's game in this folder ('pickpocket:GAME') is importable,
    if here not in sys.path and "" not in sys.path:  # as it is for `python -m boardkit`; last,
        sys.path.append(here)  # so a file of theirs never hides an installed package
    try:
        args = build_parser().parse_args(argv)
    except _UsageError as exc:
        print(f"boardkit: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    with one_line_warnings("boardkit"), term_as_interrupt():
        try:
            return args.func(args)
        except IncompleteRunError as exc:
            print(f"boardkit: error: {exc}", file=sys.stderr)
            return EXIT_PARTIAL
        except BoardkitError as exc:
            field = getattr(exc, "field", None)
            flag = FLAGS.get(field) if isinstance(field, str) else None
            text = " ".join(line.strip() for line in str(exc).splitlines())  # one line
            print(f"boardkit: error: {f'{flag}: ' if flag else ''}{text}", file=sys.stderr)
            return EXIT_USAGE
        except BrokenPipeError:  # `boardkit rules x | head`
            sys.stderr.close()
            return 0
        except ImportError as exc:
            print(f"boardkit: error: {exc}; install the analysis extra: pip install 'boardkit[analysis]'",
                  file=sys.stderr)
            return EXIT_USAGE
        except KeyboardInterrupt:  # outside a run (a run keeps its games and exits 3)
            print("boardkit: interrupted", file=sys.stderr)
            return 130
        except Exception as exc:  # noqa: BLE001 - a bug: one line, the traceback on request
            if os.environ.get("BOARDKIT_DEBUG"):
                raise
            text = str(exc) if len(str(exc)) <= 200 else str(exc)[:199] + "…"
            print(f"boardkit: error: unexpected {type(exc).__name__}: {text} "
                  f"(BOARDKIT_DEBUG=1 shows the traceback)", file=sys.stderr)
            return 1


if __name__ == "__main__":
    sys.exit(main())
