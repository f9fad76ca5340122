"""NEQ-summary bodies judged as the report shows them: the text, read back as C.

For one function pair and its result, each entry's body text becomes a function
of its own, `int BODY(<the function's parameters>) { <its static locals>;
return (<body>); }`, lowered by our front end in the same file, so the text is
read with C's meaning (promotions, `&&` short-circuits, a NULL dereference
traps) over the same input symbols as the product. Then:

- loop-free pairs: the solver proves again that no input of the body has
  outputs it cannot tell apart in a valid configuration of the head (a
  universally quantified claim, the one the engine makes; not where a library
  function is an unknown function to the solver, or where the versions print);
- every pair: random inputs of the body are replayed, in each configuration
  of the head, by the interpreter and gcc (the compiled original, `-D` per
  configuration), and each must differ: trap against return differs, trap
  against trap does not, as the replays judge; a run that never ends differs
  from one that returns where `termination` proves it (the engine's rule), and
  a sample whose cut-off run is not proved endless is skipped, said so.

The harness does not trust the engine's own atoms: a rendering that says
something other than what was checked shows up here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

import z3
from pycparser import c_ast, c_generator

from checker.driver import configure_for, load_pair, merged_features
from checker.engines.equiv import HANG_STEPS, Replayer, states_at_start
from checker.engines.product import Product, build_product
from checker.engines.symexec import Environment, execute
from checker.engines.witness import model_assignment
from checker.errors import RecursionFound
from checker.frontend.frontend import ParsedFile, load
from checker.ir import smt_ops
from checker.ir.ir import RETURN_VAR, STATUS_RETURN, STATUS_VAR, Cfa, InputSource, loop_heads
from checker.ir.smt_ops import python_value
from checker.lifted.body import NO_BODY
from checker.lower.lower import lower_function, lower_pair
from checker.replay.compiled_replay import replay_compiler
from checker.replay.interp import RegionValue, StepLimitExceeded
from checker.replay.replay import Assignment, replay_version
from checker.semantics import libm
from checker.semantics.library import OUTPUT_FUNCTIONS
from checker.semantics.solver import Budget, NoSolution, Solution, check
from checker.types import FunctionResult, ReplayMethod, Settings, SourceFile
from checker.variability import config_key, to_z3
from checker.variability import formula as fm
from checker.variability.lexer import tokens_of
from checker.variability.lift import parse_model
from checker.variability.types import presence_domain

BODY = "__liftdiff_body"
CELLS = 8
"""Cells of each region input that samples spread (the witness shows as many)."""
RECURSION = 6
"""Depth to which recursion is inlined (binary recursion grows exponentially)."""
HANG_BUDGET = 60.0
"""Seconds for the proofs that a sample's run never ends (a hang is a difference)."""


@dataclass
class Judgement:
    """What sampling found: problems (each a sentence), and what was done."""

    problems: list[str] = field(default_factory=list)
    samples: int = 0
    replays: int = 0
    compiled: int = 0
    proved: int = 0
    skipped: list[str] = field(default_factory=list)


def judge_bodies(
    old: SourceFile,
    new: SourceFile,
    settings: Settings,
    result: FunctionResult,
    samples: int = 4,
    compiled_samples: int = 1,
    max_configs: int = 4,
    seed: int = 0,
) -> Judgement:
    """Check every entry of `result` (a NOT_EQUIVALENT verdict on `old`, `new`)."""
    out = Judgement()
    old_file, new_file = load_pair(old, new, settings)
    if len(old_file.variants) != 1 or len(new_file.variants) != 1:
        out.skipped.append("file-scope variants")
        return out
    name = result.function
    if any(name not in f.variants[0].program.functions for f in (old_file, new_file)):
        out.skipped.append("renamed")
        return out
    real, product, cyclic = _pair(old_file, new_file, name, settings)
    features = merged_features(old_file, new_file)
    table = {f.name: f for f in features}
    symbols = {f.name: product.inputs[config_key(f.var)].symbol
               if config_key(f.var) in product.inputs else z3.BitVec(f"in!{config_key(f.var)}", 32)
               for f in features}
    model = fm.conj(old_file.lifted.feature_model, new_file.lifted.feature_model,
                    presence_domain(features))
    valid = [to_z3(model, symbols)] + [z3.Or(symbols[f.name] == 0, symbols[f.name] == 1)
                                      for f in features if f.boolean]
    versions = (replay_version(old, old.text, settings), replay_version(new, new.text, settings))
    replayer = Replayer(product, *versions, replay_compiler(settings), programs=real,
                        configure=configure_for(old_file, new_file, features, settings)
                        if features else None, budget=Budget(HANG_BUDGET, HANG_BUDGET))
    at_start = _statics_at_start(real, product)
    # library functions the solver sees as unknown functions, and printed text
    # (the solver sees formats and arguments): only the replays decide, so the
    # proof is left to sampling
    lazy = any(libm.is_library(name) for name, _ in product.functions.by_name()) or any(
        site.func in OUTPUT_FUNCTIONS
        for site in (*product.old_exit.events, *product.new_exit.events))
    rng = random.Random(seed)
    for k, entry in enumerate(result.neq_summary):
        where = f"entry {k} ({entry.configurations} | {entry.inputs})"
        if entry.inputs == NO_BODY:
            out.skipped.append(f"entry {k}: no body")
            continue
        try:
            body = _body_formula(old_file, old, name, entry.inputs, real, product, settings)
        except Exception as exc:  # the text must be C over the inputs
            out.problems.append(f"{where}: the body is not C over the inputs: {exc}")
            continue
        head = to_z3(parse_model(tokens_of(entry.configurations, "<head>"), table, settings),
                     symbols)
        base = [*product.domain, *valid, head, body, *at_start]
        if not cyclic and not lazy:
            answer = check([*base, z3.Not(product.surely_differ)], Budget(60.0, 30.0))
            if isinstance(answer, Solution):
                shown = model_assignment(product, answer.model)
                out.problems.append(f"{where}: an input of the body has equal outputs: "
                                    f"{dict(shown.scalars)} {dict(shown.regions)}")
                continue
            out.proved += isinstance(answer, NoSolution)
        wanted_compiled = (ReplayMethod.COMPILER in entry.witness.replayed_by)
        heads = list(_configurations(base, list(symbols.values()), max_configs))
        if not heads:  # vacuously sound, and wrong: the witness lies in the entry
            out.problems.append(f"{where}: no input satisfies the body (read as C) in a valid "
                                "configuration of the head")
            continue
        for n, (assignment, model_) in enumerate(_samples(base, product, samples, rng)):
            out.samples += 1
            for config in heads:
                scalars = {**assignment.scalars, **{  # every feature: the build needs them
                    config_key(f.var): config[str(symbols[f.name])] for f in features}}
                candidate = Assignment(scalars, assignment.regions, {}, assignment.free)
                compiled = wanted_compiled and n < compiled_samples
                replayer.compiler = replay_compiler(settings) if compiled else None
                try:  # a run that never ends is a difference where `termination` proves it
                    confirmed, _, _, why = replayer.confirm(candidate, model_, HANG_STEPS)
                except StepLimitExceeded as cut:
                    out.skipped.append(f"{where}: a run did not end and was not proved "
                                       f"endless ({cut})")
                    continue
                out.replays += 1
                if confirmed is None and "deeper recursion" in why:
                    out.skipped.append(why)
                    continue
                if confirmed is None:
                    out.problems.append(f"{where}: no difference replays on {dict(scalars)} "
                                        f"{dict(assignment.regions)}: {why or 'equal'}")
                    continue
                if compiled:
                    out.compiled += 1
                    if ReplayMethod.COMPILER not in confirmed.replayed_by:
                        out.problems.append(f"{where}: gcc did not replay {dict(scalars)}")
    return out


def _pair(
    old: ParsedFile, new: ParsedFile, name: str, settings: Settings
) -> tuple[tuple[Cfa, Cfa], Product, bool]:
    """The versions as run (recursion inlined RECURSION deep), and a product
    over their inputs (loops unrolled)."""
    programs = old.variants[0].program, new.variants[0].program
    try:
        *real, encoding = lower_pair(*programs, name, settings)
    except RecursionFound:
        *real, encoding = lower_pair(*programs, name, settings, unroll=RECURSION)
        return (real[0], real[1]), build_product(*real), True
    cyclic = bool(loop_heads(real[0]) or loop_heads(real[1]))
    if not cyclic:
        return (real[0], real[1]), build_product(*real), False
    unrolled = lower_pair(*programs, name, settings, unroll=2, encoding=encoding)[:2]
    return (real[0], real[1]), build_product(*unrolled), True


def _statics_at_start(real: tuple[Cfa, Cfa], product: Product) -> list[z3.BoolRef]:
    out = []
    for item in states_at_start(*real):
        shared = product.inputs.get(item.key)
        if shared is None or item.start is None:
            continue
        sort = shared.symbol.sort()
        if item.is_region:
            out.append(shared.symbol == z3.K(sort.domain(),
                                             smt_ops.z3_literal(item.start, sort.range())))
        else:
            out.append(shared.symbol == smt_ops.z3_literal(item.start, sort))
    return out


def _body_formula(
    parsed: ParsedFile, source: SourceFile, name: str, text: str, real: tuple[Cfa, Cfa],
    product: Product, settings: Settings,
) -> z3.BoolRef:
    """The body text as C, over the product's input symbols: it returns non-zero
    without trapping."""
    function = parsed.variants[0].program.functions[name]
    params = ", ".join(decl for _, decl in real[0].params) or "void"
    statics = "".join(f"    {decl};\n" for decl in _statics(function))
    extra = (f"\n#include <math.h>\n#include <stddef.h>\nint {BODY}({params})\n{{\n{statics}"
             f"    return ({text});\n}}\n")
    program = load(SourceFile(source.path, source.text + extra, source.headers),
                   settings).variants[0].program
    cfa = lower_function(program, BODY, settings)
    refs: dict[str, z3.ExprRef] = {}
    keys = {item.ref: item.key for version in real for item in version.inputs}
    for item in cfa.inputs:
        ref = re.sub(rf"^{BODY}::", f"{name}::", item.ref)
        key = keys.get(ref, item.key)
        shared = product.inputs.get(key)
        sort = smt_ops.sort_of(item.type)
        if item.is_region:
            sort = z3.ArraySort(z3.BitVecSort(64), sort)
        refs[item.ref] = shared.symbol if shared is not None else z3.Const(f"in!{key}", sort)
    env = Environment(cfa, refs, product.functions, "body")
    end = execute(cfa, env)
    status = end.env.get(STATUS_VAR, env.initial(STATUS_VAR))
    value = end.env.get(RETURN_VAR, env.initial(RETURN_VAR))
    returned = status == smt_ops.const(STATUS_RETURN, cfa.variables[STATUS_VAR])
    return z3.And(end.guard, returned, value != smt_ops.const(0, cfa.variables[RETURN_VAR]))


def _statics(function: c_ast.FuncDef) -> list[str]:
    """The function's static locals, declared again without their initialisers."""
    found: list[str] = []

    class Finder(c_ast.NodeVisitor):
        def visit_Decl(self, node: c_ast.Decl) -> None:
            if "static" in (node.storage or []):
                copy = c_ast.Decl(node.name, node.quals, node.align, node.storage, node.funcspec,
                                  node.type, None, node.bitsize)
                found.append(c_generator.CGenerator().visit(copy))

    Finder().visit(function.body)
    return found


def _configurations(
    base: list[z3.BoolRef], features: list[z3.ExprRef], limit: int
) -> Iterator[dict[str, int]]:
    """Valid configurations of the head (each feature symbol's name -> value)."""
    solver = z3.Solver()
    solver.add(*base)
    for _ in range(limit):
        if solver.check() != z3.sat:
            return
        found = solver.model()
        values = {str(f): found.eval(f, model_completion=True).as_long() for f in features}
        yield values
        if not features:
            return
        solver.add(z3.Or(*[f != values[str(f)] for f in features]))


def _samples(
    base: list[z3.BoolRef], product: Product, count: int, rng: random.Random
) -> Iterator[tuple[Assignment, z3.ModelRef]]:
    """Distinct inputs of the body: each asks for random values of the inputs
    (as many as the body allows) and differs from the samples before it."""
    solver = z3.Solver()
    solver.add(*base)
    scalars = [s.symbol for s in product.inputs.values()
               if s.input.source is not InputSource.CONFIG and not s.input.is_region
               and z3.is_bv(s.symbol)]
    scalars += [z3.Select(s.symbol, z3.BitVecVal(i, 64)) for s in product.inputs.values()
                if s.input.is_region and z3.is_bv_sort(s.symbol.sort().range())
                for i in range(CELLS)]
    for _ in range(count):
        targets = [s == z3.BitVecVal(_random_bits(rng, s.size()), s.size()) for s in scalars]
        rng.shuffle(targets)
        while solver.check(*targets) != z3.sat:
            if not targets:
                return
            targets = targets[: len(targets) // 2]
        found = solver.model()
        yield _explicit(model_assignment(product, found), product, found), found
        if not scalars:
            return
        solver.add(z3.Or(*[s != found.eval(s, model_completion=True) for s in scalars]))


def _random_bits(rng: random.Random, bits: int) -> int:
    """A random value, often a small one or one near a limit (where bodies end)."""
    pick = rng.random()
    if pick < 0.4:
        return rng.randrange(-64, 64) & ((1 << bits) - 1)
    if pick < 0.6:
        return ((1 << (bits - 1)) + rng.randrange(-8, 8)) & ((1 << bits) - 1)
    return rng.getrandbits(bits)


def _explicit(assignment: Assignment, product: Product, found: z3.ModelRef) -> Assignment:
    """The first CELLS cells of each region given explicitly, as a witness
    gives them (the compiled replay lays out the objects that cells name)."""
    regions = dict(assignment.regions)
    for key, region in assignment.regions.items():
        symbol = product.inputs[key].symbol
        cells = dict(region.cells)
        for index in range(CELLS):
            term = found.eval(z3.Select(symbol, z3.BitVecVal(index, 64)), model_completion=True)
            cells.setdefault(index, python_value(term, product.inputs[key].input.type))
        regions[key] = RegionValue(cells, region.default)
    return Assignment(assignment.scalars, regions, assignment.stubs, assignment.free)
