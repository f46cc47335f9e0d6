"""A printable summary of a game's rules, made from its rule catalog (``boardkit rules GAME
--format html``).

One HTML page with its own print style. The front: the rules grouped by the rulebook section
they come from (in rulebook order), each as the catalog's paraphrase with its short id; a
rule whose rulebook passage is unclear carries a numbered mark; a rule boardkit does not
enforce says so; the game's house rules close it. The back (a new printed page): each
unclear passage under its number, what the rulebook leaves open and the reading boardkit
plays. Everything the catalog says is escaped, so a catalog of one's own game cannot inject
markup.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING

from .rules import RuleCatalog, RuleEntry

if TYPE_CHECKING:
    from .game import Game, HouseRule

#: the mark of a rule whose rulebook passage is unclear (and the reading boardkit plays)
READING_MARK = "◆"
#: the mark of a rule boardkit does not enforce
UNENFORCED_MARK = "○"
#: up to this many readings print under the rules; more start a new page (the back)
FEW_READINGS = 3

STYLE = """
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 7.6pt/1.22 "Helvetica Neue", Helvetica, Arial, sans-serif; color: #000;
       margin: 0; background: #fff; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1.2em;
         border-bottom: 1.2pt solid #000; margin-bottom: 2mm; }
h1 { font-size: 14pt; margin: 0; }
header p { margin: 0.5mm 0; flex: 1 1 20em; }
.sheet { column-count: 3; column-gap: 5mm; column-fill: balance; }
section { margin: 0 0 1.6mm; }
h2 { font-size: 9pt; margin: 0 0 0.6mm; padding-bottom: 0.3mm; border-bottom: 0.5pt solid #000;
     break-after: avoid; page-break-after: avoid; }
h3 { font-size: 7.6pt; font-style: italic; font-weight: normal; margin: 0.8mm 0 0.2mm;
     break-after: avoid; page-break-after: avoid; }
ul { list-style: none; margin: 0; padding: 0; }
li { margin: 0 0 0.6mm; break-inside: avoid; page-break-inside: avoid; }
.id { font: 6.5pt/1 ui-monospace, "DejaVu Sans Mono", Menlo, monospace; color: #444;
      white-space: nowrap; }
.also { color: #444; }
.unenforced { display: block; margin-left: 0.8em; font-size: 7pt; }
a.mark { color: inherit; text-decoration: none; }
.mark { font-style: normal; font-weight: bold; white-space: nowrap; }
.readings { margin-top: 2mm; }
.readings.own-page { break-before: page; page-break-before: always; }
.readings ol { list-style: none; margin: 0; padding: 0; column-count: 2; column-gap: 5mm; }
.readings li { margin: 0 0 1mm; break-inside: avoid; page-break-inside: avoid; }
.readings .question { color: #333; }
.readings .reading { display: block; margin-left: 0.8em; }
.house li { margin-bottom: 0.5mm; }
footer { margin-top: 1.5mm; border-top: 0.5pt solid #000; font-size: 6.5pt; color: #444; }
@page { margin: 7mm; }
@media screen {
  body { max-width: 62rem; margin: 1.5rem auto; padding: 0 1rem; font-size: 10pt; }
  .id { font-size: 8pt; }
  .unenforced { font-size: 9pt; }
  .readings { border-top: 1.2pt solid #000; padding-top: 1rem; }
}
@media screen and (max-width: 48rem) { .sheet, .readings ol { column-count: 1; } }
"""


@dataclass
class Group:
    """The rules of one rulebook section (its part before the first ':' or ';')."""

    title: str
    rules: list[tuple[str, RuleEntry]] = field(default_factory=list)  # (subsection, rule)


def split_section(section: str) -> tuple[str, str, list[str]]:
    """``"Gameplay: Action 1; Card Layout"`` -> ``("Gameplay", "Action 1", ["Card Layout"])``."""
    first, *also = (part.strip() for part in section.split(";"))
    head, _, sub = first.partition(":")
    return head.strip(), sub.strip(), [a for a in also if a]


def groups(catalog: RuleCatalog) -> list[Group]:
    """The catalog's rules grouped by rulebook section, sections in the order they first
    appear (the rulebook's), rules in catalog order within each."""
    by_title: dict[str, Group] = {}
    for rule in catalog:
        head, sub, _ = split_section(rule.section)
        by_title.setdefault(head, Group(head)).rules.append((sub, rule))
    return list(by_title.values())


def _short(rule_id: str, prefix: str) -> str:
    return rule_id[len(prefix):] if rule_id.startswith(prefix) else rule_id


def _rule(rule: RuleEntry, prefix: str, numbers: dict[str, int]) -> str:
    _, _, also = split_section(rule.section)
    parts = [f'<li id="{escape(rule.id)}">{escape(rule.text)}']
    if rule.id in numbers:
        parts.append(f' <a class="mark" href="#reading-{numbers[rule.id]}" title="unclear in '
                     f'the rulebook: see reading {numbers[rule.id]}">{READING_MARK}'
                     f"{numbers[rule.id]}</a>")
    parts.append(f' <span class="id" title="{escape(rule.id)}">{escape(_short(rule.id, prefix))}'
                 "</span>")
    if also:
        parts.append(f' <span class="also">(also {escape("; ".join(also))})</span>')
    if not rule.enforced:
        parts.append(f'<span class="unenforced"><span class="mark">{UNENFORCED_MARK} not '
                     f'enforced by boardkit:</span> {escape(rule.reason or "")}</span>')
    parts.append("</li>")
    return "".join(parts)


def _group(group: Group, prefix: str, numbers: dict[str, int]) -> str:
    out = [f"<section><h2>{escape(group.title)}</h2>"]
    current = None
    items: list[str] = []
    for sub, rule in group.rules:
        if sub != current:
            if items:
                out.append("<ul>" + "".join(items) + "</ul>")
                items = []
            if sub:
                out.append(f"<h3>{escape(sub)}</h3>")
            current = sub
        items.append(_rule(rule, prefix, numbers))
    if items:
        out.append("<ul>" + "".join(items) + "</ul>")
    out.append("</section>")
    return "".join(out)


def _readings(catalog: RuleCatalog, prefix: str, numbers: dict[str, int]) -> str:
    if not numbers:
        return ""
    items = "".join(
        f'<li id="reading-{numbers[r.id]}"><span class="mark">{READING_MARK}{numbers[r.id]}</span> '
        f'<span class="id">{escape(_short(r.id, prefix))}</span> '
        f'<span class="question">{escape(r.ambiguity or "")}</span> '
        f'<span class="reading"><b>We read:</b> {escape(r.reading or "")}</span></li>'
        for r in sorted((r for r in catalog if r.id in numbers), key=lambda r: numbers[r.id]))
    # a few readings follow the rules on their page; more start the back of the sheet
    where = "readings own-page" if len(numbers) > FEW_READINGS else "readings"
    return (f'<section class="{where}"><h2>{READING_MARK} Where the rulebook is unclear: the '
            f"readings boardkit plays</h2><ol>{items}</ol></section>")


def _house_rules(game_name: str, rules: dict[str, HouseRule]) -> str:
    if not rules:
        return ""
    items = "".join(
        f"<li><code>{escape(key)}</code> = {escape(' | '.join(json.dumps(v) for v in rule.values))}"
        f" (rulebook: {escape(json.dumps(rule.default))}): {escape(rule.description)}</li>"
        for key, rule in rules.items())
    return (f'<section class="house"><h2>House rules (not the rulebook&#x27;s; try one with '
            f"<code>--set {escape(game_name)}.KEY=VALUE</code>)</h2><ul>{items}</ul></section>")


def rule_sheet(game: Game) -> str:
    """The printable rules summary of ``game`` as one HTML document."""
    catalog = game.rules
    prefix = catalog.game + "."
    unclear = len(catalog.ambiguous())
    grouped = groups(catalog)
    # unclear passages numbered in the order the sheet shows them
    shown = [rule for g in grouped for _, rule in g.rules if rule.ambiguity]
    numbers = {rule.id: n for n, rule in enumerate(shown, start=1)}
    body = "".join(_group(g, prefix, numbers) for g in grouped)
    title = f"{game.title}: the rules in short"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<style>{STYLE}</style></head><body>"
        f"<header><h1>{escape(game.title)}</h1>"
        f"<p>{len(catalog)} rules in boardkit's own words, by section of the rulebook "
        f"({escape(catalog.source)}). {READING_MARK} marks one of the {unclear} passages the "
        "rulebook leaves unclear; the reading boardkit plays follows the rules, under its "
        f"number. {UNENFORCED_MARK} marks a rule boardkit does not enforce. Not the rulebook's "
        "text.</p></header>"
        f'<main><div class="sheet">{body}{_house_rules(game.name, game.house_rules())}</div>'
        f"{_readings(catalog, prefix, numbers)}</main>"
        f"<footer>Made by <code>boardkit rules {escape(game.name)} --format html</code>; a "
        f"rule's full id is <code>{escape(prefix)}</code> and the short id printed beside it; "
        f"<code>boardkit rules {escape(game.name)}</code> also gives what each unclear passage "
        "leaves open.</footer>"
        "</body></html>\n"
    )
