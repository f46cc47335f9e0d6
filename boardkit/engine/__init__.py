"""The game-agnostic core of boardkit: the State protocol and what every game shares."""

from .actions import Action, ActionCodec, ActionSet, Canonical, OneOf, Range, action
from .errors import (
    ActionFormatError,
    BoardkitError,
    DataError,
    FlowError,
    GameDefinitionError,
    InteropError,
    RuleViolation,
    SaveGameError,
    UnknownGameError,
    UnsupportedGameError,
    VariantError,
)
from .flow import Flow, Phase, Stage, Then, Turn
from .game import Choices, Game, HouseRule, NoOptions, VariantOption, house_rule
from .log import Event, Log
from .registry import game, games, register
from .rules import RuleCatalog, catalog, rule_ids
from .state import PUBLIC, Explanation, GameInfo, State, Step
from .steps import STAY, Goto, Outcome, goto

__all__ = [
    "Action", "ActionCodec", "ActionFormatError", "ActionSet", "BoardkitError", "Canonical",
    "DataError", "Event", "Flow", "FlowError", "GameDefinitionError", "GameInfo", "Goto", "Outcome", "Phase", "STAY", "Stage", "Then", "Turn", "InteropError", "Explanation", "Choices", "Game", "HouseRule", "VariantOption", "Log", "NoOptions", "PUBLIC", "OneOf", "Range",
    "RuleCatalog", "RuleViolation",
    "SaveGameError", "State", "Step", "UnknownGameError", "UnsupportedGameError", "VariantError",
    "action", "catalog", "game", "games", "goto", "house_rule", "register", "rule_ids",
]
