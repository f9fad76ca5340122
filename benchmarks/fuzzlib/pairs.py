"""A generated pair: one seeded tree holding both versions, and its C texts."""

from __future__ import annotations

import random
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from fuzzlib.builder import Builder
from fuzzlib.features import FEATURES, configurations, flags, weave
from fuzzlib.shapes import CLASSES
from fuzzlib.syntax import Program, number, project, render
from fuzzlib.transform import MUTATIONS, REWRITES, apply, has_change

CHECK_FLAGS = (
    "-std=gnu11", "-Wall", "-fsyntax-only", "-Werror=implicit-function-declaration",
    "-Werror=incompatible-pointer-types", "-Werror=int-conversion", "-Werror=return-type",
)


@dataclass(frozen=True)
class Pair:
    id: str
    cls: str
    seed: int
    label: str
    """What the change is meant to be: a template's name, rewrite:RULE or mutation:RULE."""
    tree: Program

    @cached_property
    def old(self) -> str:
        return render(project(self.tree, "old"))

    @cached_property
    def new(self) -> str:
        return render(project(self.tree, "new"))

    @cached_property
    def features(self) -> tuple[str, ...]:
        return tuple(n for n in FEATURES if n in self.old or n in self.new)

    def with_tree(self, tree: Program) -> Pair:
        return Pair(self.id, self.cls, self.seed, self.label, tree)


def _feature_count(rng: random.Random, cls: str) -> int:
    if cls == "feature":
        return rng.randint(1, 3)
    return rng.choices((0, 1, 2, 3), (50, 25, 15, 10))[0]


def generate(cls: str, seed: int, compiler: str = "gcc") -> Pair:
    """The pair of class `cls` for `seed`: the same on every run and machine."""
    rng = random.Random(f"{cls}:{seed}")
    for _ in range(50):
        shape = CLASSES[cls](Builder(rng))
        tree = weave(shape.program, rng, _feature_count(rng, cls))
        label = shape.label
        if not has_change(tree) or rng.random() < 0.15:
            # a template's change gets an extra mutation; otherwise rewrite or mutate
            mutation = has_change(tree) or rng.random() < 0.5
            changed = apply(tree, rng, MUTATIONS if mutation else REWRITES)
            if changed is None:
                continue
            tree, rule = changed
            kind = "mutation" if mutation else "rewrite"
            label = f"{kind}:{rule}" if label == "generic" else f"{label}+{kind}:{rule}"
        pair = Pair(f"{cls}-{seed}", cls, seed, label, number(tree))
        if pair.old != pair.new and compiles(pair, compiler):
            return pair
    raise RuntimeError(f"no valid pair for {cls} seed {seed}")


def compiles(pair: Pair, compiler: str = "gcc") -> bool:
    """Both versions compile (errors only) with every feature undefined and every feature 1."""
    configs = configurations([pair.old, pair.new])
    chosen = {configs[0], configs[-1]} if configs else {()}
    with tempfile.TemporaryDirectory(prefix="fuzzgen") as tmp:
        paths = [Path(tmp) / "old.c", Path(tmp) / "new.c"]
        paths[0].write_text(pair.old)
        paths[1].write_text(pair.new)
        for config in chosen:
            proc = subprocess.run([compiler, *CHECK_FLAGS, *flags(config), *map(str, paths)],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                return False
    return True
