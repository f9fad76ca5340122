from checker.heads import minimise, to_c

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
