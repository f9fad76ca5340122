from hypothesis import given, settings
from hypothesis import strategies as st

from checker.lifted.heads import minimise, scoped, to_c
from checker.lifted.widen import Interval
from checker.variability import formula as fm

BOOLS = {"A": True, "B": True, "C": True}


def test_paper_figure_one_head_is_minimal() -> None:
    configs = [
        {"A": 0, "B": 1, "C": 1},
        {"A": 0, "B": 0, "C": 1},
        {"A": 1, "B": 1, "C": 1},
        {"A": 1, "B": 1, "C": 0},
    ]
    assert to_c(minimise(configs, BOOLS), BOOLS) == "(!A && C) || (A && B)"


def test_dont_cares_outside_the_feature_model_simplify_heads() -> None:
    configs = [{"A": 1, "B": 0}]
    valid = lambda c: not (c["A"] and c["B"])  # noqa: E731 - A excludes B
    assert to_c(minimise(configs, BOOLS, valid), BOOLS) == "A"


def test_every_and_no_configuration() -> None:
    everything = [{"A": a} for a in (0, 1)]
    assert to_c(minimise(everything, BOOLS), BOOLS) == "1"
    assert to_c([], BOOLS) == "0"


def test_integer_features_are_printed_as_comparisons() -> None:
    cubes = minimise([{"LEVEL": 3, "A": 1}, {"LEVEL": 3, "A": 0}], {"LEVEL": False, "A": True})
    assert to_c(cubes, {"LEVEL": False, "A": True}) == "LEVEL == 3"


NAMES = [f"F{i}" for i in range(14)]  # beyond MINTERM_LIMIT: iterated consensus


def _members(cubes: list[dict[str, int]]) -> set[int]:
    return {
        bits for bits in range(1 << len(NAMES))
        if any(all((bits >> NAMES.index(k)) & 1 == v for k, v in c.items()) for c in cubes)
    }


@settings(max_examples=25, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(NAMES), st.integers(0, 1), min_size=1,
                                max_size=6), min_size=1, max_size=6))
def test_many_features_same_configurations_prime_and_irredundant(
    cubes: list[dict[str, int]],
) -> None:
    """Above MINTERM_LIMIT features: the same configurations, every cube prime
    (no literal can go), none the others cover."""
    head = minimise(cubes, dict.fromkeys(NAMES, True))
    wanted = _members(cubes)
    assert _members(head) == wanted
    for i, cube in enumerate(head):
        for name in cube:
            wider = {k: v for k, v in cube.items() if k != name}
            assert not _members([wider]) <= wanted, (cube, name)
        assert _members(head[:i] + head[i + 1:]) != wanted, cube


def test_many_features_consensus_finds_the_short_form() -> None:
    """(F0 && F13) || (!F0 && F12) || (F12 && F13) over 14 features: the last
    cube is the consensus of the others and goes."""
    names = dict.fromkeys(NAMES, True)
    cubes = [
        {"F0": 1, "F13": 1, "F5": 1}, {"F0": 1, "F13": 1, "F5": 0},
        {"F0": 0, "F12": 1}, {"F12": 1, "F13": 1}, {**{n: 0 for n in NAMES[1:12]}, "F0": 1,
                                                       "F13": 1},
    ]
    assert to_c(minimise(cubes, names), names) == "(!F0 && F12) || (F0 && F13)"


def test_ranges_of_integer_features_print_and_absorb() -> None:
    wide, narrow = Interval(3, None, True), Interval(7, 9, True)
    assert minimise([{"N": narrow}, {"N": wide}, {"N": 5}], {"N": False}) == [{"N": wide}]
    assert to_c([{"N": narrow, "A": 1}, {"N": 2}], {"N": False, "A": True}) == \
        "(A && N >= 7 && N <= 9) || N == 2"


LEVEL = fm.Var("LEVEL", boolean=False)


def _level_above(n: int) -> fm.Formula:
    return fm.Binary(">", LEVEL, fm.Const(n))


def test_a_head_inside_a_variant_is_one_head_over_the_integer_feature() -> None:
    """`#if LEVEL > 2` / `#elif LEVEL > 0` chose the old helper, `#elif LEVEL > 1`
    the new one: the variant `LEVEL > 0 && !(LEVEL > 1)` is `LEVEL == 1`."""
    scope = fm.conj(fm.neg(_level_above(2)), _level_above(0), fm.neg(_level_above(1)))
    boolean = {"LEVEL": False, "A": True}
    assert to_c(scoped(scope, [{}], boolean) or [], boolean) == "LEVEL == 1"
    assert to_c(scoped(_level_above(2), [{"A": 1}], boolean) or [], boolean) == "A && LEVEL >= 3"
    wide = scoped(fm.conj(_level_above(-5), fm.neg(_level_above(9))), [{}], boolean)
    assert to_c(wide or [], boolean) == "LEVEL >= -4 && LEVEL <= 9"
    # the inner head's own range is cut by the scope's
    inner = [{"LEVEL": Interval(5, None, True)}]
    assert to_c(scoped(fm.neg(_level_above(9)), inner, boolean) or [], boolean) == (
        "LEVEL >= 5 && LEVEL <= 9")


def test_a_scope_with_feature_arithmetic_keeps_its_formula() -> None:
    boolean = {"LEVEL": False}
    twice = fm.Binary(">", fm.Binary("*", LEVEL, fm.Const(2)), fm.Const(3))
    assert scoped(twice, [{}], boolean) is None


@given(st.integers(-3, 12), st.integers(-3, 12), st.booleans())
@settings(max_examples=60, deadline=None)
def test_scoped_heads_denote_the_same_configurations(low: int, high: int, a: bool) -> None:
    scope = fm.conj(_level_above(low), fm.neg(_level_above(high)),
                    fm.Var("A") if a else fm.neg(fm.Var("A")))
    boolean = {"LEVEL": False, "A": True}
    cubes = scoped(scope, [{}], boolean)
    assert cubes is not None
    for value in range(-6, 16):
        for flag in (0, 1):
            config = {"LEVEL": value, "A": flag}
            expected = scope.holds(config)
            got = any(all(_has(v, config[k]) for k, v in cube.items()) for cube in cubes)
            assert got == expected, (config, to_c(cubes, boolean))


def _has(value: int | Interval, x: int) -> bool:
    if isinstance(value, Interval):
        return (value.lo is None or value.lo <= x) and (value.hi is None or x <= value.hi)
    return value == x


def test_a_two_state_feature_given_a_value_names_the_build() -> None:
    """`#ifndef CFG_A` / `#define CFG_A 0`: CFG_A != 0 only where the build defines
    it (the feature model), and the head says so rather than leave a bare
    `CFG_A` to be read as the value the code sees (`-UCFG_A` included)."""
    kinds = {"CFG_A": True, "defined(CFG_A)": True, "LEVEL": False, "defined(LEVEL)": True}
    assert to_c([{"CFG_A": 1}], kinds) == "defined(CFG_A) && CFG_A"
    # -UCFG_A and -DCFG_A=0 alike: said so, since the code of a version that
    # defaults CFG_A to 1 sees 1 where the build leaves it unset
    assert to_c([{"CFG_A": 0}], kinds) == "(!defined(CFG_A) || !CFG_A)"
    assert to_c([{"LEVEL": Interval(2, None, True)}], kinds) == "defined(LEVEL) && LEVEL >= 2"
    assert to_c([{"LEVEL": Interval(None, 2, True)}], kinds) == "(!defined(LEVEL) || LEVEL <= 2)"
    assert to_c([{"CFG_A": 0, "defined(CFG_A)": 1}], kinds) == "defined(CFG_A) && !CFG_A"
    assert to_c([{"CFG_A": 1, "defined(CFG_A)": 1}], kinds) == "defined(CFG_A) && CFG_A"
