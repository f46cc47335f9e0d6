"""Tests for boardkit.engine.grid against the independent reference in grid_reference.py."""

from __future__ import annotations

import math

import grid_reference as ref  # tests/ is on sys.path (pytest rootdir-relative import)
import numpy as np
import pytest
import shapely
import shapely.affinity
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardkit.engine import grid as g

PROPERTY = settings(
    derandomize=True,
    max_examples=200,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
SLOW_PROPERTY = settings(PROPERTY, max_examples=60)

coord = st.integers(0, 7)
cell_sets = st.sets(st.tuples(coord, coord), max_size=40)
shapes = st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=8)


def as_set(arr) -> set[tuple[int, int]]:
    return {tuple(c) for c in np.asarray(arr).reshape(-1, 2).tolist()}


def group_sets(groups) -> set[frozenset]:
    return {frozenset(as_set(a)) for a in groups}


def assert_cell_array(arr) -> None:
    """Returned cell collections are sorted, duplicate-free (n, 2) int arrays."""
    assert isinstance(arr, np.ndarray)
    assert arr.ndim == 2 and arr.shape[1] == 2
    assert arr.dtype.kind == "i"
    rows = [tuple(r) for r in arr.tolist()]
    assert rows == sorted(set(rows))


def assert_groups(groups) -> None:
    for arr in groups:
        assert_cell_array(arr)
        assert len(arr)
    firsts = [tuple(a[0]) for a in groups]
    assert firsts == sorted(firsts)


def sym_diff_area(a, b) -> float:
    return shapely.area(shapely.symmetric_difference(a, b))


# ------------------------------------------------------------- property tests


@PROPERTY
@given(cell_sets)
def test_components_match_reference(cells):
    got = g.components(cells)
    assert_groups(got)
    assert group_sets(got) == ref.components(cells)
    assert g.is_connected(cells) == (len(ref.components(cells)) <= 1)


@SLOW_PROPERTY
@given(cell_sets)
def test_components_shapely_method_matches_reference(cells):
    got = g.components(cells, method="shapely")
    assert_groups(got)
    assert group_sets(got) == ref.components(cells)


@st.composite
def sheets(draw):
    w = draw(st.integers(1, 8))
    h = draw(st.integers(1, 8))
    filled = draw(st.sets(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1))))
    return w, h, filled


@PROPERTY
@given(sheets())
def test_enclosed_empty_cells_match_reference(sheet):
    w, h, filled = sheet
    got = g.enclosed_empty_cells(w, h, filled)
    assert_groups(got)
    assert group_sets(got) == ref.enclosed_empty(w, h, filled)
    for group in got:
        assert not as_set(group) & filled


@PROPERTY
@given(cell_sets, st.integers(-9, 9))
def test_rotation_exact(cells, k):
    four = cells
    for _ in range(4):
        four = g.rotate_cells(four, 1)
    assert as_set(four) == cells
    assert as_set(g.rotate_cells(g.rotate_cells(cells, k), -k)) == cells
    assert as_set(g.rotate_cells(cells, k)) == as_set(g.rotate_cells(cells, k + 4))
    assert as_set(g.rotate_cells(cells, k)) == ref.rotate_float(cells, k)
    assert as_set(g.reflect_cells(g.reflect_cells(cells))) == cells
    assert as_set(g.reflect_cells(g.reflect_cells(cells, "x"), "x")) == cells
    assert_cell_array(g.rotate_cells(cells, k))


@SLOW_PROPERTY
@given(st.sets(st.tuples(coord, coord), min_size=1, max_size=20), st.integers(0, 3))
def test_rotation_agrees_with_polygon_rotation(cells, k):
    turned = shapely.affinity.rotate(g.union_cells(cells), 90 * k, origin=(0, 0))
    assert sym_diff_area(g.union_cells(g.rotate_cells(cells, k)), turned) < 1e-9


@PROPERTY
@given(shapes, st.integers(0, 3), st.booleans(), st.integers(-20, 20), st.integers(-20, 20))
def test_canonical_form_invariant(cells, k, mirror, dx, dy):
    moved = g.translate_cells(g.rotate_cells(cells, k), dx, dy)
    assert g.canonical_form(moved, reflections=False) == g.canonical_form(cells, False)
    assert g.same_shape(cells, moved, reflections=False)
    mirrored = g.reflect_cells(moved) if mirror else moved
    assert g.canonical_form(mirrored, reflections=True) == g.canonical_form(cells, True)
    assert g.same_shape(mirrored, cells, reflections=True)
    for refl in (False, True):
        assert g.canonical_form(cells, refl) == ref.canonical(cells, refl)


@PROPERTY
@given(shapes, st.booleans())
def test_orientations_distinct_and_normalised(cells, reflections):
    orients = g.orientations(cells, reflections)
    assert list(orients) == sorted(set(orients))
    assert orients[0] == g.canonical_form(cells, reflections)
    assert len(orients) in ((1, 2, 4, 8) if reflections else (1, 2, 4))
    for o in orients:
        assert o == ref.normalise(o)
        assert g.same_shape(o, cells, reflections)
    expected = {ref.normalise(ref.rotate_float(cells, k)) for k in range(4)}
    if reflections:
        mirrored = [(-x - 1, y) for x, y in cells]
        expected |= {ref.normalise(ref.rotate_float(mirrored, k)) for k in range(4)}
    assert set(orients) == expected


@st.composite
def aligned_placements(draw):
    w = draw(st.integers(1, 5))
    h = draw(st.integers(1, 5))
    local = draw(st.sets(st.tuples(st.integers(0, w - 1), st.integers(0, h - 1)), min_size=1))
    x = draw(st.integers(-10, 10))
    y = draw(st.integers(-10, 10))
    k = draw(st.integers(0, 3))
    m = draw(st.integers(-3, 3))
    noise = draw(st.sampled_from([0.0, 1e-10, -1e-10, 5e-8]))
    return w, h, local, x, y, k, 90 * k + 360 * m + noise


@PROPERTY
@given(aligned_placements())
def test_place_cells_matches_rotate_and_translate(placement):
    w, h, local, x, y, k, angle = placement
    local = sorted(local, reverse=True)  # any order: the result follows it row by row
    got = g.place_cells(local, w, h, x + 1e-9, y - 1e-9, angle)
    assert got.shape == (len(local), 2) and got.dtype.kind == "i"
    rows = [tuple(r) for r in got.tolist()]
    assert len(set(rows)) == len(rows)
    # exact route: rotate about the origin corner, move the footprint's min corner to (x, y)
    footprint = g.rotate_cells([(i, j) for i in range(w) for j in range(h)], k)
    fx, fy = footprint.min(axis=0)
    assert as_set(got) == as_set(g.translate_cells(g.rotate_cells(local, k), x - fx, y - fy))
    # float route (reference trigonometry)
    all_cells = [(i, j) for i in range(w) for j in range(h)]
    rx = min(c[0] for c in ref.rotate_float(all_cells, k))
    ry = min(c[1] for c in ref.rotate_float(all_cells, k))
    for cell, world in zip(local, rows, strict=True):  # row i is the image of local[i]
        ((a, b),) = ref.rotate_float([cell], k)
        assert world == (a - rx + x, b - ry + y)
    # the ghost polygon shows exactly the footprint cells
    foot = g.footprint_cells(w, h, x, y, angle)
    assert len(foot) == w * h
    assert sym_diff_area(g.union_cells(foot), g.card_polygon(w, h, x, y, angle)) < 1e-6
    assert as_set(got) <= as_set(foot)
    assert foot.min(axis=0).tolist() == [x, y]
    assert g.in_bounds(foot - (x, y), *foot.max(axis=0) - (x, y) + 1)


@st.composite
def card_stacks(draw):
    n = draw(st.integers(0, 8))
    layers = []
    for _ in range(n):
        w, h = draw(st.integers(1, 4)), draw(st.integers(1, 4))
        x, y = draw(st.integers(0, 6)), draw(st.integers(0, 6))
        angle = 90 * draw(st.integers(0, 3))
        layers.append([tuple(c) for c in g.footprint_cells(w, h, x, y, angle).tolist()])
    return layers


@PROPERTY
@given(card_stacks())
def test_visible_cells_match_painted_layers(layers):
    top = g.visible_cells(layers)
    assert top == ref.paint_layers(layers)
    for i in range(len(layers)):
        expected = {c for c, layer in top.items() if layer == i}
        assert as_set(g.visible_cells_of(layers, i)) == expected
        assert g.covered_fully(layers, i) == (not expected)


@PROPERTY
@given(cell_sets, cell_sets)
def test_adjacency_matches_reference(a, b):
    b = b - a
    edge = ref.edge_adjacent(a, b)
    corner = ref.any_corner_contact(a, b)
    assert g.edge_adjacent(a, b) == edge
    assert g.corner_adjacent(a, b) == (corner and not edge)
    assert g.touches(a, b) == (edge or corner)
    assert g.touches(a, b, corners=False) == edge
    assert g.touches(a, b) == g.touches(b, a)
    for corners in (False, True):
        got = g.neighbours(a, corners=corners)
        assert_cell_array(got)
        assert as_set(got) == ref.neighbours(a, corners)


@PROPERTY
@given(
    st.integers(1, 4),
    st.integers(1, 4),
    st.integers(-8, 40).map(lambda v: v / 4),
    st.integers(-8, 40).map(lambda v: v / 4),
    st.integers(0, 3),
    st.sets(st.tuples(coord, coord), max_size=30),
)
def test_overlap_areas_axis_aligned(w, h, x, y, k, existing):
    cells = g.as_cells(existing)
    polys = g.cells_to_polygons(cells)
    card = g.card_polygon(w, h, x, y, 90 * k)
    cw, ch = (w, h) if k % 2 == 0 else (h, w)
    expected = np.array(
        [ref.rect_overlap_area(x, y, x + cw, y + ch, cx, cy, cx + 1, cy + 1) for cx, cy in cells]
    )
    np.testing.assert_allclose(g.overlap_areas(card, polys), expected.reshape(-1), atol=1e-9)
    partial = np.nonzero((expected > 1e-9) & (expected < 1 - 1e-9))[0]
    assert g.partial_overlaps(card, polys).tolist() == partial.tolist()
    assert as_set(g.partially_covered_cells(card, cells)) == as_set(cells[partial])
    if x.is_integer() and y.is_integer():
        assert len(partial) == 0


@SLOW_PROPERTY
@given(
    st.integers(1, 4),
    st.integers(1, 4),
    st.floats(-3, 3, allow_nan=False),
    st.floats(-3, 3, allow_nan=False),
    st.floats(-720, 720, allow_nan=False),
)
def test_overlap_areas_free_angle_sum_to_card_area(w, h, x, y, angle):
    card = g.card_polygon(w, h, x, y, angle)
    assert card.area == pytest.approx(w * h)
    assert card.bounds[:2] == pytest.approx((x, y))
    x0, y0, x1, y1 = card.bounds
    grid = [
        (i, j)
        for i in range(math.floor(x0), math.ceil(x1))
        for j in range(math.floor(y0), math.ceil(y1))
    ]
    polys = g.cells_to_polygons(grid)
    areas = g.overlap_areas(card, polys)
    assert areas.sum() == pytest.approx(w * h)
    expected = shapely.area(shapely.intersection(card, polys))  # plain overlay, no shortcuts
    np.testing.assert_allclose(areas, expected, atol=1e-9)
    frac_partial = (expected > 1e-9) & (expected < 1 - 1e-9)
    assert g.partial_overlaps(card, polys).tolist() == np.flatnonzero(frac_partial).tolist()


@PROPERTY
@given(cell_sets)
def test_polygon_round_trip(cells):
    assert as_set(g.polygon_to_cells(g.union_cells(cells))) == cells
    assert len(g.cells_to_polygons(cells)) == len(cells)


# --------------------------------------------------------------- regressions

DIAMOND = [(1, 0), (0, 1), (2, 1), (1, 2)]


def test_diamond():
    # four cells around an empty centre, touching each other only at corners
    assert group_sets(g.components(DIAMOND)) == {frozenset([c]) for c in DIAMOND}
    assert not g.is_connected(DIAMOND)
    enclosed = g.enclosed_empty_cells(3, 3, DIAMOND)
    assert group_sets(enclosed) == {frozenset([(1, 1)])}
    assert g.corner_adjacent([(1, 0)], [(0, 1)])
    assert not g.edge_adjacent([(1, 0)], [(0, 1)])
    assert g.touches([(1, 0)], [(0, 1)]) and not g.touches([(1, 0)], [(0, 1)], corners=False)
    # the trap: the filled union has no hole at all, so a hole-based method finds nothing
    assert all(
        len(getattr(p, "interiors", [])) == 0 for p in shapely.get_parts(g.union_cells(DIAMOND))
    )


def test_diagonal_ring():
    # the 8 cells at Manhattan distance 2 from (3, 3): a closed diagonal ring
    ring = [(x, y) for x in range(7) for y in range(7) if abs(x - 3) + abs(y - 3) == 2]
    assert len(ring) == 8
    assert len(g.components(ring)) == 8  # no two ring cells share an edge
    inside = {(x, y) for x in range(7) for y in range(7) if abs(x - 3) + abs(y - 3) < 2}
    assert group_sets(g.enclosed_empty_cells(7, 7, ring)) == {frozenset(inside)}


def test_island_in_hole():
    square = [(x, y) for x in range(1, 6) for y in range(1, 6)]
    ring = [(x, y) for x, y in square if x in (1, 5) or y in (1, 5)]
    island = (3, 3)
    filled = ring + [island]
    # the union of the filled cells has a 3x3 hole, but the island inside is not empty
    enclosed = g.enclosed_empty_cells(7, 7, filled)
    hole = {(x, y) for x in range(2, 5) for y in range(2, 5)} - {island}
    assert group_sets(enclosed) == {frozenset(hole)}  # one group: it goes round the island
    assert group_sets(g.components(filled)) == {frozenset(ring), frozenset([island])}


def test_corner_pinched_ring():
    # The boundary ring of the square [1..4] x [1..4] without its corner cell (1, 1):
    # an edge-connected chain (2,1) -> (4,1) -> (4,4) -> (1,4) -> (1,2) whose two ends
    # (2, 1) and (1, 2) meet only at the corner point (2, 2).
    square = [(x, y) for x in range(1, 5) for y in range(1, 5)]
    chain = [(x, y) for x, y in square if (x in (1, 4) or y in (1, 4)) and (x, y) != (1, 1)]
    assert len(chain) == 11
    # ONE component -- because every link of the chain is an edge, not because of the
    # pinch; removing a middle cell splits it in two, the corner contact does not rejoin it
    assert len(g.components(chain)) == 1
    assert len(g.components([c for c in chain if c != (4, 3)])) == 2
    # The interior [2..3]^2 touches the outside empty cell (1, 1) only at a corner.
    # Empty cells connect by edges only, so the interior IS enclosed.
    interior = {(2, 2), (2, 3), (3, 2), (3, 3)}
    assert group_sets(g.enclosed_empty_cells(6, 6, chain)) == {frozenset(interior)}
    # shapely's union is a single polygon whose hole touches the shell at (2, 2):
    # polygon-derived connectivity would be unreliable here, so we never use it
    assert g.union_cells(chain).geom_type == "Polygon"


def test_450_degrees_equals_90():
    assert g.normalize_angle(450) == 90
    assert g.normalize_angle(-90) == 270
    assert g.normalize_angle(720.0) == 0
    assert g.normalize_angle(-450) == 270
    local = [(0, 0), (2, 1), (1, 3)]
    assert np.array_equal(
        g.place_cells(local, 3, 4, 2, 1, 450), g.place_cells(local, 3, 4, 2, 1, 90)
    )
    # documented example: at 90° local (cx, cy) -> (x + h - 1 - cy, y + cx)
    placed = g.place_cells(local, 3, 4, 2, 1, 90).tolist()
    assert placed == [[2 + 4 - 1 - cy, 1 + cx] for cx, cy in local]  # order preserved


def test_half_cell_offset_is_misaligned_and_overlaps_partially():
    existing = g.footprint_cells(3, 4, 0, 0)  # a card already on the table
    with pytest.raises(g.MisalignedError, match=r"x = 2\.5 is half a square off"):
        g.place_cells([(0, 0)], 3, 4, 2.5, 0, 0)
    ghost = g.card_polygon(3, 4, 2.5, 0, 0)
    polys = g.cells_to_polygons(existing)
    partial = g.partial_overlaps(ghost, polys)
    assert as_set(existing[partial]) == {(2, y) for y in range(4)}
    assert g.partial_overlaps(g.card_polygon(3, 4, 2, 0, 0), polys).size == 0
    assert g.partial_overlaps(g.card_polygon(3, 4, 2, 0, 90), polys).size == 0


def test_45_degrees_raises():
    with pytest.raises(g.MisalignedError, match="angle 45° is not a multiple of 90°"):
        g.place_cells([(0, 0)], 2, 2, 0, 0, 45)
    with pytest.raises(g.GeometryError, match="not a multiple of 90"):
        g.normalize_angle(45)
    # a free 45° ghost still has a polygon, and it overlaps grid cells partially
    ghost = g.card_polygon(2, 2, 0, 0, 45)
    assert ghost.area == pytest.approx(4)
    # cell (1, 1) lies wholly inside the tilted square, cell (0, 0) only partly
    assert g.partial_overlaps(ghost, g.cells_to_polygons([(0, 0), (1, 1)])).tolist() == [0]


def test_float_noise_is_accepted():
    assert g.normalize_angle(90.0000000001) == 90
    assert g.normalize_angle(-0.0000000001) == 0
    exact = g.place_cells([(0, 1)], 2, 3, 4, 5, 90)
    noisy = g.place_cells([(0, 1)], 2, 3, 4.0000000001, 4.9999999999, 90.0000000001)
    assert np.array_equal(exact, noisy)
    with pytest.raises(g.MisalignedError, match=r"y = 5\.3 is 0\.3 of a square off \(nearest: 5\)"):
        g.place_cells([(0, 1)], 2, 3, 4, 5.3, 90)


def test_misaligned_error_lists_every_problem():
    with pytest.raises(g.MisalignedError) as info:
        g.place_cells([(0, 0)], 2, 2, 1.5, 0.25, 100)
    assert len(info.value.problems) == 3
    assert isinstance(info.value, g.GeometryError) and isinstance(info.value, ValueError)


def test_card_polygon_free_angle_keeps_min_corner():
    for angle in (0, 30, 45, 90, 123.4, 200, 333):
        poly = g.card_polygon(3, 4, 1.25, -2.5, angle)
        assert poly.bounds[:2] == pytest.approx((1.25, -2.5))
        assert poly.area == pytest.approx(12)


def test_snap_placement():
    assert g.snap_placement(2.4, -0.6, 448) == (2, -1, 90)


def test_visible_cells_of_negative_index_and_range():
    layers = [[(0, 0), (1, 0)], [(1, 0)]]
    assert as_set(g.visible_cells_of(layers, -2)) == {(0, 0)}
    assert g.covered_fully(layers, 0) is False
    assert g.covered_fully([[(1, 0)], [(1, 0), (2, 0)]], 0) is True
    with pytest.raises(IndexError):
        g.visible_cells_of(layers, 2)


def test_enclosed_edge_cases():
    assert g.enclosed_empty_cells(3, 3, []) == []
    assert g.enclosed_empty_cells(2, 2, [(0, 0), (0, 1), (1, 0), (1, 1)]) == []
    full_ring = [(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    assert group_sets(g.enclosed_empty_cells(3, 3, full_ring)) == {frozenset([(1, 1)])}


def test_accepted_input_forms_agree():
    pts = [(2, 1), (0, 0), (2, 1), (1, 0)]
    expected = [[0, 0], [1, 0], [2, 1]]
    for form in (
        pts,
        set(pts),
        tuple(pts),
        np.array(pts, dtype=np.uint8),
        np.array(pts, dtype=float),
        dict.fromkeys(pts),
        (p for p in pts),
    ):
        assert g.as_cells(form).tolist() == expected
    assert g.as_cells([]).shape == (0, 2)
    assert g.components([]) == []
    assert g.is_connected([])
    assert g.canonical_form([], True) == ()


def test_as_cells_returns_fresh_array():
    arr = np.array([[0, 0], [1, 0]], dtype=np.int64)
    out = g.as_cells(arr)
    out[0, 0] = 99
    assert arr[0, 0] == 0


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ([(1.5, 2)], r"integer coordinates; got \(1\.5, 2\)"),
        ([(1, 2, 3)], r"shape \(n, 2\).*got shape \(1, 3\)"),
        ((1, 2), r"wrap a single cell in a list"),
        ("ab", "iterable of \\(x, y\\) pairs, got str"),
        (42, "iterable of \\(x, y\\) pairs, got int"),
        ([(1, 2), (3,)], "ragged"),
        (np.array([[True, False]]), "booleans"),
        ([(float("nan"), 0)], r"integer coordinates; got \(nan, 0\)"),
        ([("a", "b")], "integer coordinates"),
        ([(2**40, 0)], "2\\*\\*30"),
    ],
)
def test_bad_cells_raise_geometry_error(bad, message):
    with pytest.raises(g.GeometryError, match=message):
        g.as_cells(bad)
    with pytest.raises(g.GeometryError):
        g.components(bad)


def test_bad_arguments_raise_geometry_error():
    with pytest.raises(g.GeometryError, match="quarter_turns must be an integer"):
        g.rotate_cells([(0, 0)], 1.5)
    with pytest.raises(g.GeometryError, match="axis must be 'x' or 'y'"):
        g.reflect_cells([(0, 0)], "z")
    with pytest.raises(g.GeometryError, match="angle must be a number"):
        g.normalize_angle("ninety")
    with pytest.raises(g.GeometryError, match="not a finite number"):
        g.normalize_angle(math.inf)
    with pytest.raises(g.GeometryError, match=r"local cell \(3, 0\) lies outside the 3x4 card"):
        g.place_cells([(3, 0)], 3, 4, 0, 0)
    with pytest.raises(g.GeometryError, match="card size must be at least 1x1"):
        g.card_polygon(0, 4, 0, 0)
    with pytest.raises(g.GeometryError, match="x=nan is not a finite number"):
        g.place_cells([(0, 0)], 1, 1, float("nan"), 0)
    with pytest.raises(g.GeometryError, match="not a union of whole unit cells"):
        g.polygon_to_cells(shapely.box(0, 0, 1.5, 1))
    with pytest.raises(g.GeometryError, match="not a union of whole unit cells"):
        g.polygon_to_cells(shapely.affinity.rotate(shapely.box(0, 0, 1, 1), 45, "center"))
    with pytest.raises(g.GeometryError, match="expected a shapely geometry"):
        g.polygon_to_cells([(0, 0)])
    with pytest.raises(g.GeometryError, match=r"filled cell \(3, 0\) is off the 3x3 sheet"):
        g.enclosed_empty_cells(3, 3, [(3, 0)])
    with pytest.raises(g.GeometryError, match=r"groups overlap at cell \(1, 1\)"):
        g.edge_adjacent([(1, 1)], [(1, 1), (2, 2)])
    with pytest.raises(g.GeometryError, match="shapely geometries"):
        g.partial_overlaps(g.card_polygon(1, 1, 0, 0), [(0, 0)])
    with pytest.raises(g.GeometryError, match="method must be"):
        g.components([(0, 0)], method="networkx")
    with pytest.raises(g.GeometryError, match="layer 1"):
        g.visible_cells([[(0, 0)], [(0.5, 0)]])


# ------------------------------------------------------------------ labels (issue 47)


def test_grid_labels_name_cells_as_the_board_labels_them():
    sheet = g.GridLabels(10, 10, name="sheet")  # rows from 1 at the top (Freizeitpark)
    area = g.GridLabels(14, 14, rows_up=True, name="park's area")  # rows from the bottom (Lands)
    assert sheet.columns() == list("ABCDEFGHIJ") and sheet.rows() == [str(i) for i in range(1, 11)]
    assert area.columns()[-1] == "N" and area.rows()[-1] == "14"
    assert sheet.cell((2, 6)) == area.cell((2, 6)) == "C7" == g.cell_name((2, 6))
    assert sheet.cells([(0, 0), (1, 0), (2, 0)], sep=" ") == "A1 B1 C1"
    assert sheet.cells([(0, 0), (1, 0), (2, 0), (3, 0)], limit=2) == "A1, B1 and 2 more"
    assert area.span((0, 0), (11, 10)) == "A1–L11" and area.extent == "A1–N14"
    assert sheet.size == "10×10" and sheet.inside((9, 9)) and not sheet.inside((9, 10))


def test_grid_labels_word_cells_off_the_grid_from_labels_it_shows():
    sheet = g.GridLabels(10, 10, name="sheet")
    area = g.GridLabels(14, 14, rows_up=True)
    assert sheet.cell((8, 10)) == "1 row below I10"  # row 1 at the top: y grows downwards
    assert area.cell((8, 14)) == "1 row above I14"  # row 1 at the bottom: y grows upwards
    assert sheet.cell((-1, 3)) == "1 column left of A4"
    assert sheet.cell((12, -2)) == "3 columns right of and 2 rows above J1"
    assert area.cell((3, -1)) == "1 row below D1"


def test_grid_labels_say_how_far_a_free_position_is_from_a_square():
    area = g.GridLabels(14, 14, rows_up=True)
    sheet = g.GridLabels(10, 10)
    assert area.near(4, 2) == area.near(4.0, 2.0) == "E3"
    assert area.near(4.382, 2) == "0.382 of a square to the right of E3"
    assert area.near(3.75, 2) == "0.25 of a square to the left of E3"
    assert area.near(4.5, 2.25) == "half a square to the right of and 0.25 of a square above E3"
    assert sheet.near(4, 2.25) == "0.25 of a square below E3"  # y grows downwards here
    with pytest.raises(g.GeometryError):
        g.GridLabels(27, 3)

