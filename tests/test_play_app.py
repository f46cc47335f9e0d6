"""The play page's settings and widgets, without a server (the browser test serves them)."""

import json

import nbformat
import pytest

import boardkit
from boardkit.apps import play
from boardkit.apps.play import ENV, NOTEBOOK, PlayApp, PlaySettings, app, read_settings
from boardkit.apps.server import environment
from boardkit.engine.errors import UnknownGameError, VariantError


def env(query="", **settings):
    out = {"QUERY_STRING": query}
    if settings:
        out[ENV] = json.dumps(settings)
    return out


def test_the_address_overrides_the_command_line():
    s = read_settings(env("players=3&seed=7&against=computer&variant.secret_lucky=false",
                          game="dice-grid", players=2, seed=1, variant={"secret_lucky": True}))
    assert s == PlaySettings("dice-grid", 3, 7, {"secret_lucky": False}, "computer")
    assert read_settings({}) == PlaySettings()  # nothing said: dice-grid, defaults
    assert read_settings(env("game=wishland&token=abc")).game == "wishland"  # Voilà's own keys


def test_what_boardkit_play_writes_is_what_the_page_reads(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    settings = PlaySettings("wanderlust", 1, 4, {"automatons": 2}, "people")
    served = environment(settings, base={"PYTHONPATH": "/elsewhere"})
    assert read_settings({ENV: served[ENV]}) == settings
    package_root = str(boardkit.__file__).rsplit("/boardkit/", 1)[0]
    assert served["PYTHONPATH"].split(":") == [package_root, "/elsewhere"]
    ref = environment(PlaySettings("mygames.river:GAME"), base={})
    assert ref["PYTHONPATH"].split(":") == [package_root, str(tmp_path)]


@pytest.mark.parametrize("query, error, message", [
    ("game=chess", UnknownGameError, "unknown game 'chess'; available: dice-grid"),
    ("game=os:system", UnknownGameError, "unknown game 'os:system'"),  # no imports from a link
    ("game=" + "x" * 3000, VariantError, "too long"),
    ("players=three", VariantError, "players: expected a whole number, not 'three'"),
    ("seed=" + "9" * 40, VariantError, "seed: expected a whole number"),
    ("player=3", VariantError, "unknown setting 'player' in the page address; known: game"),
])
def test_a_bad_address_is_a_named_error(query, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(")) as info:
        read_settings(env(query))
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("settings, message", [
    (PlaySettings(players=9), "dice-grid takes 2–4 players, not 9"),
    (PlaySettings(seed=-1), "seed must be an integer"),
    (PlaySettings(variant={"colour": "red"}), "colour"),
    (PlaySettings(against="robots"), "against: expected one of people, computer, not 'robots'"),
])
def test_settings_are_checked_by_the_game(settings, message):
    with pytest.raises(VariantError, match=message):
        settings.start()


def test_the_page_is_one_line_when_the_address_names_no_game():
    page = app(env("game=chess"))
    assert "unknown game &#x27;chess&#x27;" in page.value or "unknown game 'chess'" in page.value
    assert "Traceback" not in page.value and "bk-error" in page.value


def test_the_form_offers_the_simple_variant_options():
    def options(name):
        return {k: (o.kind, o.values) for k, o in play._simple_options(boardkit.game(name)).items()}

    assert options("dice-grid") == {"secret_lucky": ("bool", ())}
    wanderlust = options("wanderlust")
    assert wanderlust["automatons"] == ("choice", (0, 1, 2, 3))
    assert wanderlust["scenario"][1][:2] == (None, "sam")  # the rulebook's worked examples
    assert "passports" not in wanderlust  # a list: given in the address
    assert "solo_best" not in options("wishland")  # a number without bounds
    card = options("freizeitpark")["card"]
    assert card[1][0] is None and "zug" in card[1] and len(card[1]) == 13


def test_a_chosen_card_is_offered_and_played():
    page = PlayApp(PlaySettings("freizeitpark", players=1, seed=2, variant={"card": "zug"}))
    assert page.options["card"].value == "zug" and page.board.state.variant.card == "zug"
    page.options["card"].value = "halloween"
    assert page.new_game() is True and page.board.state.variant.card == "halloween"
    assert page.form_settings().variant["card"] == "halloween"
    page.options["card"].value = None
    assert page.new_game() is True and page.board.state.variant.card is None


def test_a_refused_new_game_leaves_the_game_alone():
    page = PlayApp(PlaySettings("dice-grid", seed=0))
    board = page.board
    assert board.take_device()  # hot seat with secret lucky numbers: P1 takes the device
    assert board.play(board.state.legal_actions()[0])
    page.seed.value = -1
    assert page.new_game() is False
    assert "seed must be an integer" in page.message.value and "bk-error" in page.message.value
    assert page.board is board and board.state.action_count == 1
    page.seed.value, page.players.value = 3, 4
    page.options["secret_lucky"].value = False
    assert page.new_game() is True
    assert page.board is not board and page.board.state.players == 4
    assert page.board.state.action_count == 0 and page.board.state.variant.secret_lucky is False
    assert page.children[-1] is page.board
    assert board.canvas.comm is None  # the finished game's widgets are closed


def test_a_bad_start_shows_the_form_and_no_board():
    page = PlayApp(PlaySettings("wishland", players=7))
    assert page.board is None and "wishland takes 1–4 players, not 7" in page.message.value
    assert page.players.value == boardkit.game("wishland").default_players
    assert page.new_game() and page.board is not None


def test_against_the_computer_p1_plays_and_the_others_answer(monkeypatch):
    monkeypatch.setattr(play, "AI_AGENT", "random")  # quick: the page uses the search agent
    page = PlayApp(PlaySettings("dice-grid", players=3, seed=2, against="computer"))
    board = page.board
    assert set(board.opponents) == {1, 2} and board.viewer == 0
    while board.state.current_player == 0 and not board.state.is_over:
        assert board.play(board.state.legal_actions()[0])
    assert board.state.is_over or board.state.current_player == 0
    assert "you are P1" in page.message.value


def test_options_the_form_cannot_show_are_kept():
    page = PlayApp(PlaySettings("wanderlust", players=1, variant={"scenario": None,
                                                                  "automatons": 1}))
    assert page.options["automatons"].value == 1
    assert page.form_settings().variant["scenario"] is None


def test_each_game_declares_its_house_rules():
    """A house rule is a rule parameter marked as one (``house_rule``): the rulebook's rule
    is its default, its values are a yes/no or a short list."""
    rules = {name: boardkit.game(name).house_rules() for name in boardkit.games()}
    assert {name: list(found) for name, found in rules.items() if found} == {
        "freizeitpark": ["end.unplayable"], "wanderlust": ["end.finish_round"],
        "wishland": ["first_round_reversed"]}
    assert rules["freizeitpark"]["end.unplayable"].values == ("skip", "out")
    assert rules["freizeitpark"]["end.unplayable"].default == "skip"
    reversed_first = rules["wishland"]["first_round_reversed"]
    assert (reversed_first.values, reversed_first.default) == ((False, True), False)
    assert "counter-clockwise" in reversed_first.description


def test_a_house_rule_from_the_address_or_the_command_line():
    s = read_settings(env("game=wishland&players=4&rule.first_round_reversed=true"))
    assert s.params == {"first_round_reversed": True}
    assert read_settings({ENV: environment(s, base={})[ENV]}) == s  # boardkit play → the page
    both = read_settings(env("rule.income=6", game="wishland", params={"income": 5, "rounds": 6}))
    assert both.params == {"income": 6, "rounds": 6}  # the address wins, key by key
    with pytest.raises(VariantError, match="params must be a JSON object, not"):
        read_settings(env(game="wishland", params=["first_round_reversed"]))
    with pytest.raises(VariantError, match="unknown rule parameter 'incme'"):
        read_settings(env("game=wishland&rule.incme=6")).start()


def test_the_form_plays_a_house_rule_and_says_so():
    page = PlayApp(PlaySettings("wishland", players=4, params={"first_round_reversed": True}))
    box = page.rules["first_round_reversed"]
    assert box.value is True and box.description == "house rule: first round reversed"
    assert page.board.state.current_player == 3  # the last seat chooses first in round 1
    assert "house rule first_round_reversed" in page.message.value
    box.value = False  # the rulebook's rule again
    assert page.form_settings().params == {}
    assert page.new_game() and page.board.state.current_player == 0
    assert "house rule" not in page.message.value
    out = PlayApp(PlaySettings("freizeitpark", params={"end.unplayable": "out"}))
    assert out.rules["end.unplayable"].value == "out" and out.rules["end.unplayable"].options == (
        "skip", "out")
    assert out.board.state.params.end.unplayable == "out"
    assert "house rule end.unplayable = out" in out.message.value  # as the status line says


def test_rule_parameters_the_form_cannot_show_are_kept():
    page = PlayApp(PlaySettings("wishland", players=2, params={"income": 7}))
    assert page.board.state.params.income == 7
    assert "rule parameter changed: income" in page.message.value
    page.rules["first_round_reversed"].value = True
    assert page.form_settings().params == {"income": 7, "first_round_reversed": True}
    assert page.new_game() and page.board.state.params.income == 7


def test_the_notebook_shows_only_the_app():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.source for c in code] == ["from boardkit.apps.play import app\n\napp()"]
    assert all(c.cell_type == "code" for c in nb.cells)  # nothing else on the page
    assert nb.metadata.kernelspec.name == "python3"


def test_the_play_server_culls_kernels_whose_page_is_gone():
    """Voilà is started with idle culling for kernels with no page connected (an open tab's
    kernel is never culled) and with the fixed shutdown handler (:mod:`voila_main`)."""
    from boardkit.apps import server, voila_main

    command = server.voila_command(8866)
    assert command[1:3] == ["-m", "boardkit.apps.voila_main"]
    assert "--MappingKernelManager.cull_idle_timeout=600" in command
    assert "--MappingKernelManager.cull_connected=False" in command
    assert "--MappingKernelManager.cull_interval=60" in command
    assert issubclass(voila_main.BeaconShutdownHandler, voila_main.VoilaShutdownKernelHandler)


def finished_dice_game():
    state = boardkit.game("dice-grid").new_game(players=2, seed=4)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return state


def test_a_board_offers_its_save_and_a_private_one_once_the_game_is_over():
    import base64
    import re

    page = PlayApp(PlaySettings("dice-grid", players=2, seed=4, against="computer"))
    board = page.board
    assert not board.may_save and "once it is over" in board.save_link.value
    while not board.state.is_over:
        assert board.play(board.state.legal_actions()[0])
    link = re.search(r"download='([^']+)' href='data:application/json;base64,([^']+)'",
                     board.save_link.value)
    assert link and link.group(1).startswith("dice-grid-2p-seed4-")
    saved = boardkit.game("dice-grid").from_json(base64.b64decode(link.group(2)))
    assert saved.to_json() == board.head.to_json()
    notebook = boardkit.game("dice-grid").board(boardkit.game("dice-grid").new_game(seed=1))
    assert notebook.may_save and "download the game" in notebook.save_link.value


def test_a_saved_finished_game_opens_for_a_replay():
    state = finished_dice_game()
    page = PlayApp(PlaySettings("dice-grid"))
    assert page.open_save(state.to_json(), "ours.json")
    board = page.board
    assert board.head.to_json() == state.to_json() and board.viewer is None
    assert board.slider.value == 0 and board.slider.max == state.action_count
    assert "opened ours.json: a finished game to replay" in page.message.value
    board.show_move(state.action_count)
    assert board.state.is_over


def test_an_unfinished_save_goes_on_as_a_private_table():
    state = boardkit.game("dice-grid").new_game(players=2, seed=4)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    page = PlayApp(PlaySettings("dice-grid"))
    page.against.value = "computer"
    assert page.open_save(state.to_json().encode())
    board = page.board
    assert board.private and set(board.opponents) == {1}
    assert [label for label, _ in board.view_as.options] == ["P1 (you)", "the public table"]
    assert board.head.action_count >= 3 and "played on from move 3" in page.message.value


@pytest.mark.parametrize("text, says", [
    ("not json", "saved game"),
    ('{"format": 1, "game": "wishland"}', "saved game"),
])
def test_a_bad_save_is_one_line_and_the_game_goes_on(text, says):
    page = PlayApp(PlaySettings("dice-grid"))
    board = page.board
    assert not page.open_save(text, "bad.json")
    assert page.board is board and "bk-error" in page.message.value
    assert "bad.json" in page.message.value and says in page.message.value


def test_a_save_with_a_forced_roll_is_refused():
    """A save whose dice a teacher chose (``force``) is not a game played: refused."""
    state = boardkit.game("dice-grid").new_game(players=2, seed=4)
    state.force("roll", [6, 6])
    while not any(e.forced for e in state.log):
        state.apply(state.legal_actions()[0])
    page = PlayApp(PlaySettings("dice-grid"))
    assert not page.open_save(state.to_json(), "forced.json")
    assert "forced" in page.message.value
