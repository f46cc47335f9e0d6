"""Small SVG helpers shared by every board's renderer.

Python draws each board as one SVG string; the same picture serves the live widget, the
static view (``_repr_html_``), exported HTML and the README. Elements the user can click
carry ``data-target="<id>"`` (and the CSS class ``bk-target``); the legal ones also get
``bk-legal``, so the highlight shows in the static view too. The front end
(``widgets/board.js``) only reports clicks on ``data-target`` elements.

Everything here returns strings; every piece of text and every attribute is escaped.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any

#: colours per seat (Okabe–Ito: distinguishable with the common colour-vision deficiencies)
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
#: light tints of the same colours, for filled areas under dark text
PLAYER_TINTS = ("#cfe3f1", "#f6d9c7", "#c7eadf", "#f2dcea", "#f9e6c2", "#d9eefa")

INK = "#222222"
MUTED = "#6b6b6b"
PAPER = "#ffffff"
EMPTY = "#f4f1ea"
LEGAL = "#e8a200"

#: the largest picture a board draws at full size beside its panel on a 1366x768 laptop
#: screen showing JupyterLab (left sidebar collapsed): the output area is 1186 x 647 px,
#: less the panel (250 + 10 px) and the status line; a larger one is scaled down to fit
#: (docs/decisions.md, "Boards fit a 1366x768 laptop screen")
FIT_W, FIT_H = 920, 600
#: the smallest font size a board draws (in SVG units = CSS px at full size)
MIN_FONT = 10
#: the average advance of a character, in font sizes, of the sans-serif fonts the boards
#: render with (measured: DejaVu Sans 0.53-0.57, bold wider); used to wrap and to lay out
#: labels without a browser
CHAR_W = 0.6
BOLD_CHAR_W = 0.66

#: a target id: short, no spaces or quotes (the front end checks the same pattern)
TARGET_PATTERN = r"^[A-Za-z0-9_.:,;=+\-]{1,80}$"
_TARGET_RE = re.compile(TARGET_PATTERN)

#: the look of targets, scoped to boardkit's SVGs; inlined in every SVG so the static
#: view shows the same highlights as the live board
STYLE = f"""
svg.bk-svg {{ font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }}
svg.bk-svg .bk-target {{ cursor: pointer; }}
svg.bk-svg .bk-target:focus {{ outline: none; }}
svg.bk-svg .bk-target:hover .bk-shape, svg.bk-svg .bk-target:focus-visible .bk-shape {{
  filter: brightness(0.93); }}
svg.bk-svg .bk-legal .bk-shape {{ stroke: {LEGAL}; stroke-width: 4px; }}
svg.bk-svg .bk-dim {{ opacity: 0.45; }}
""".strip()


_SPECIAL = frozenset("&<>\"'")


def esc(value: Any) -> str:
    """Text or an attribute value, escaped for SVG/HTML (quotes included). Most values (ids,
    colours, class names) have nothing to escape and are returned as they are, which keeps
    a board's rendering fast; the output is the same as ``html.escape``'s."""
    text = value if type(value) is str else str(value)
    return escape(text, quote=True) if not _SPECIAL.isdisjoint(text) else text


def num(value: float) -> str:
    """A coordinate, without a useless ``.0``."""
    if type(value) is int:
        return str(value)
    value = round(float(value), 2)
    return str(int(value)) if value == int(value) else f"{value:g}"


@lru_cache(maxsize=256)
def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def viewer_label(viewer: int | str | None) -> str:
    """How a view is named: a seat ("P1"), the public table, or everything (a teacher's)."""
    if viewer is None:
        return "everything (teacher)"
    if isinstance(viewer, str):
        return "the public table"
    return f"P{viewer + 1}"


def player_colour(player: int | None) -> str:
    return MUTED if player is None else PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def player_tint(player: int | None) -> str:
    return EMPTY if player is None else PLAYER_TINTS[player % len(PLAYER_TINTS)]


def check_target(target: str) -> str:
    """``target`` if it is a valid target id, else ``ValueError`` (catches renderer bugs)."""
    if not isinstance(target, str) or not _TARGET_RE.match(target):
        raise ValueError(f"invalid SVG target id {target!r} (pattern {TARGET_PATTERN})")
    return target


def attrs(**values: Any) -> str:
    """``key="value"`` pairs; ``None``/``False`` are left out, ``class_`` gives ``class``,
    and ``data_x``/``aria_x`` give ``data-x``/``aria-x``."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        kind = type(value)
        if kind is int or kind is float:
            text = num(value)  # numbers never need escaping
        elif kind is str:
            text = value if _SPECIAL.isdisjoint(value) else escape(value, quote=True)
        else:
            text = esc(num(value) if isinstance(value, float | int) and kind is not bool else value)
        out.append(f'{_attr_name(key)}="{text}"')
    return " ".join(out)


def target_attrs(target: str | None, legal: Collection[str] = (), label: str | None = None,
                 extra_class: str = "") -> str:
    """The attributes of a clickable group: ``data-target``, classes, focus, ARIA label."""
    if target is None:
        return attrs(class_=extra_class or None)
    check_target(target)
    classes = " ".join(c for c in ("bk-target", "bk-legal" if target in legal else "",
                                   extra_class) if c)
    return attrs(data_target=target, class_=classes, tabindex=0, role="button",
                 aria_label=label or target)


def document(width: float, height: float, body: Iterable[str] | str, *, title: str = "",
             background: str = PAPER, **data: Any) -> str:
    """A complete ``<svg>`` with boardkit's style; ``data`` become ``data-*`` attributes."""
    content = body if isinstance(body, str) else "".join(body)
    extra = attrs(**{f"data_{k}": v for k, v in data.items()})
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bk-svg" '
        f'viewBox="0 0 {num(width)} {num(height)}" width="{num(width)}" height="{num(height)}" '
        f'role="img" aria-label="{esc(title)}" {extra}>'
        f"<title>{esc(title)}</title><style>{STYLE}</style>"
        f'<rect x="0" y="0" width="{num(width)}" height="{num(height)}" fill="{background}"/>'
        f"{content}</svg>"
    )


def rect(x: float, y: float, w: float, h: float, *, fill: str = PAPER, stroke: str = INK,
         stroke_width: float = 1, rx: float = 0, shape: bool = True, **extra: Any) -> str:
    """A rectangle; ``shape=True`` marks it as the part that shows the highlight."""
    return (f"<rect {attrs(x=x, y=y, width=w, height=h, rx=rx or None, fill=fill, stroke=stroke, stroke_width=stroke_width, class_='bk-shape' if shape else None, **extra)}/>")


def circle(cx: float, cy: float, r: float, *, fill: str = INK, stroke: str | None = None,
           **extra: Any) -> str:
    return f"<circle {attrs(cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **extra)}/>"


def text(x: float, y: float, content: Any, *, size: float = 14, anchor: str = "start",
         weight: str | int | None = None, fill: str = INK, **extra: Any) -> str:
    """A text label; ``anchor`` is ``start``, ``middle`` or ``end``; ``y`` is the middle."""
    return (f"<text {attrs(x=x, y=y, font_size=size, text_anchor=anchor, dominant_baseline='central', font_weight=weight, fill=fill, pointer_events='none', **extra)}>"
            f"{esc(content)}</text>")


def text_width(content: Any, size: float, bold: bool = False) -> float:
    """About how wide ``content`` is drawn at ``size`` (a generous estimate)."""
    return len(str(content)) * size * (BOLD_CHAR_W if bold else CHAR_W)


def wrap(content: Any, width: float, size: float, bold: bool = False) -> list[str]:
    """``content`` in lines that fit ``width`` at ``size`` (words are never cut; a word longer
    than a line gets a line of its own)."""
    chars = max(1, int(width // (size * (BOLD_CHAR_W if bold else CHAR_W))))
    return textwrap.wrap(str(content), chars, break_long_words=False) or [""]


def lines(x: float, y: float, rows: Iterable[str], *, size: float = MIN_FONT,
          line_height: float | None = None, **extra: Any) -> str:
    """Text lines one below the other, the first one's middle at ``y``."""
    step = line_height or size * 1.3
    return "".join(text(x, y + i * step, row, size=size, **extra) for i, row in enumerate(rows))


def group(children: Iterable[str] | str, target: str | None = None, legal: Collection[str] = (),
          label: str | None = None, extra_class: str = "", **extra: Any) -> str:
    """A ``<g>``; with ``target`` it is clickable and highlighted when legal."""
    content = children if isinstance(children, str) else "".join(children)
    head = " ".join(p for p in (target_attrs(target, legal, label, extra_class), attrs(**extra)) if p)
    return f"<g {head}>{content}</g>" if head else f"<g>{content}</g>"


@dataclass(frozen=True)
class Cell:
    """What a grid cell shows: ``label`` in the middle, colours, a click target."""

    label: str = ""
    fill: str = EMPTY
    stroke: str = INK
    text_fill: str = INK
    target: str | None = None
    corner: str = ""  # a small label in the top-left corner (the owner, say)
    corner_fill: str = INK
    dim: bool = False
    title: str | None = None  # hover text / accessible label


def grid(columns: int, rows: int, cell: Callable[[int, int], Cell], *, x0: float = 0,
         y0: float = 0, size: float = 56, gap: float = 4, legal: Collection[str] = (),
         font_size: float | None = None) -> str:
    """A ``columns`` × ``rows`` grid of cells; ``cell(x, y)`` says what each shows."""
    parts = []
    fs = font_size or size * 0.42
    for y in range(rows):
        for x in range(columns):
            spec = cell(x, y)
            px, py = x0 + x * (size + gap), y0 + y * (size + gap)
            inner = [rect(px, py, size, size, fill=spec.fill, stroke=spec.stroke,
                          stroke_width=1.5, rx=6)]
            if spec.title:
                inner.insert(0, f"<title>{esc(spec.title)}</title>")
            if spec.label:
                inner.append(text(px + size / 2, py + size / 2, spec.label, size=fs,
                                  anchor="middle", weight=600, fill=spec.text_fill))
            if spec.corner:
                inner.append(text(px + 5, py + 9, spec.corner, size=size * 0.2, weight=700,
                                  fill=spec.corner_fill))
            parts.append(group(inner, spec.target, legal, label=spec.title,
                               extra_class="bk-dim" if spec.dim else ""))
    return "".join(parts)


def grid_size(columns: int, rows: int, size: float = 56, gap: float = 4) -> tuple[float, float]:
    """Width and height of :func:`grid` with the same arguments."""
    return columns * size + (columns - 1) * gap, rows * size + (rows - 1) * gap


_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)],
}


def die(x: float, y: float, value: int, *, size: float = 48, target: str | None = None,
        legal: Collection[str] = (), fill: str = PAPER, pip: str = INK, stroke: str = INK,
        dim: bool = False, label: str | None = None) -> str:
    """A die face showing ``value`` (1..6 as pips, anything else as a number)."""
    inner = [rect(x, y, size, size, fill=fill, stroke=stroke, stroke_width=1.5, rx=size * 0.16)]
    if value in _PIPS:
        inner += [circle(x + px * size, y + py * size, size * 0.085, fill=pip)
                  for px, py in _PIPS[value]]
    else:
        inner.append(text(x + size / 2, y + size / 2, value, size=size * 0.5, anchor="middle",
                          weight=700, fill=pip))
    return group(inner, target, legal, label=label or f"die showing {value}",
                 extra_class="bk-dim" if dim else "")


def button(x: float, y: float, w: float, h: float, label: str, *, target: str,
           legal: Collection[str] = (), fill: str = "#ececec") -> str:
    """A labelled button drawn in the SVG (for actions that are not on the board)."""
    return group([rect(x, y, w, h, fill=fill, stroke=INK, stroke_width=1.5, rx=h / 2),
                  text(x + w / 2, y + h / 2, label, size=max(MIN_FONT, h * 0.45),
                       anchor="middle", weight=600)],
                 target, legal, label=label,
                 extra_class="bk-box" + ("" if target in legal else " bk-dim"))


def swatch(x: float, y: float, player: int | None, *, size: float = 14,
           colour: str | None = None) -> str:
    """A small square in a player's colour, or ``colour`` (legends, score lines)."""
    return rect(x, y - size / 2, size, size, fill=colour or player_colour(player), stroke="none",
                rx=3, shape=False)


def legend(x: float, y: float, lines: Iterable[tuple[int | None, str]], *,
           line_height: float = 22, size: float = 14) -> str:
    """Lines of text, each after a swatch of a player's colour (``None``: no swatch)."""
    parts = []
    for i, (player, content) in enumerate(lines):
        ly = y + i * line_height
        if player is not None:
            parts.append(swatch(x, ly, player, size=size))
        parts.append(text(x + (size + 6 if player is not None else 0), ly, content, size=size))
    return "".join(parts)


def html_page(svg: str, caption: str = "") -> str:
    """A standalone HTML page showing an SVG (for exports and the README)."""
    cap = f"<p>{esc(caption)}</p>" if caption else ""
    return f"<!doctype html><meta charset='utf-8'><title>{esc(caption)}</title>{cap}{svg}"


def data_attrs(values: Mapping[str, Any]) -> str:
    """``data-*`` attributes from a mapping (for extra metadata on an element)."""
    return attrs(**{f"data_{k}": v for k, v in values.items()})


# ---------------------------------------------------------------- labels that never overlap

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Label:
    """Where a point's label goes: its anchor point, ``text-anchor``, its box (estimated with
    :func:`text_width`), and whether it sits away from the point (draw a leader line)."""

    x: float
    y: float
    anchor: str
    box: Box
    leader: bool


def label_box(x: float, y: float, content: str, size: float, anchor: str = "start",
              bold: bool = True) -> Box:
    """The box a label drawn by :func:`text` at (x, y) covers (``y`` is its middle)."""
    w, h = text_width(content, size, bold), size * 1.3
    x0 = x if anchor == "start" else x - w / 2 if anchor == "middle" else x - w
    return (x0, y - h / 2, x0 + w, y + h / 2)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


_DIRECTIONS = ((1, 0), (1, -1), (1, 1), (-1, 0), (-1, -1), (-1, 1), (0, -1), (0, 1))


def place_labels(points: Mapping[str, tuple[float, float]], texts: Mapping[str, str], *,
                 size: float, radius: float, bounds: Box, obstacles: Iterable[Box] = (),
                 steps: Iterable[float] = (2, 9, 18, 30, 44, 60)) -> dict[str, Label]:
    """Labels for ``points`` that overlap neither each other, nor any point's mark (a square of
    ``radius``), nor ``obstacles``, inside ``bounds``: each label tries eight directions at
    growing distances from its point (the crowded points first) and takes the first free
    place; one further than a step away gets a leader line. A label with no free place
    keeps the nearest (and overlaps: the tests say so)."""
    marks = {k: (x - radius, y - radius, x + radius, y + radius) for k, (x, y) in points.items()}
    taken: list[Box] = [*obstacles]
    out: dict[str, Label] = {}

    def crowd(k: str) -> tuple[int, str]:
        x, y = points[k]
        return (-sum(1 for o, (ox, oy) in points.items()
                     if o != k and abs(ox - x) < 80 and abs(oy - y) < 30), k)

    h = size * 1.3
    for k in sorted(points, key=crowd):
        x, y = points[k]
        others = [b for o, b in marks.items() if o != k]
        first = None
        for n, step in enumerate(steps):
            d = radius + step
            for dx, dy in _DIRECTIONS:
                anchor = "start" if dx > 0 else "end" if dx < 0 else "middle"
                lx = x + dx * d
                ly = y + dy * (d + (h / 2 if dx == 0 else -2 if n == 0 else 0))
                box = label_box(lx, ly, texts[k], size, anchor)
                label = Label(lx, ly, anchor, box, n > 1)
                first = first or label
                inside = (box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2]
                          and box[3] <= bounds[3])
                if inside and not any(overlaps(box, b) for b in taken) and \
                        not any(overlaps(box, b) for b in others):
                    out[k] = label
                    break
            if k in out:
                break
        out.setdefault(k, first)  # type: ignore[arg-type]
        taken.append(out[k].box)
    return out


#: the colours of a legal and of a refused attempt
TRIED_OK, TRIED_BAD = "#1b7f3b", "#b3261e"


def attempt_boxes(tries: Iterable[tuple[Any, Any]], width: float, y: float, *,
                  x: float = 16, labels: Iterable[str] | None = None) -> tuple[list[str], float]:
    """One box per attempted action (``Board.attempt``): green "tried “…”: legal", or red
    with the refusing rule and its message; stacked from ``y`` down, ``width`` wide.
    ``labels`` replace the word "tried" (a board that numbers its attempts: "1. P1 tried").
    Returns the parts and the ``y`` below the last box."""
    parts = []
    tries = list(tries)
    for (act, verdict), label in zip(tries, labels or ["tried"] * len(tries), strict=True):
        words = (f"{label} “{act}”: legal" if verdict.legal else
                 f"{label} “{act}”: refused, {verdict.rule}: {verdict.message}")
        rows = wrap(words, width - 12, 11, bold=True)
        colour, fill = (TRIED_OK, "#f1faf3") if verdict.legal else (TRIED_BAD, "#fff5f4")
        box_h = 8 + 14 * len(rows)
        parts.append("<g pointer-events='none' class='bk-box'>"
                     + rect(x, y, width, box_h, fill=fill, stroke=colour, rx=4, shape=False)
                     + lines(x + 6, y + 11, rows, size=11, line_height=14, fill=colour,
                             weight=600) + "</g>")
        y += box_h + 6
    return parts, y
