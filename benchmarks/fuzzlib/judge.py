"""liftdiff's verdict on a pair against gcc's readings.

- EQUIVALENT while gcc finds a difference in some configuration: wrong EQ.
  A difference only on inputs where two pointer parameters share memory,
  under a verdict that states the no-aliasing assumption, is counted apart
  ("no-alias"): the verdict said it rests on that.
- NOT_EQUIVALENT: every entry's witness is rebuilt as harness input (its
  configuration as -D values, its inputs over zeroed memory) and must differ
  under gcc at every -O level (else wrong NEQ); its claimed outputs must be
  gcc's (else interpreter != gcc); it must still differ when what it does not
  fix is random (else the witness is incomplete); the head must name only
  configurations that differ on the witness (else unsound head), and every
  input satisfying the body (sampled around the witness and at random,
  the body evaluated in C) must differ in every configuration of the head
  (else unsound body). A configuration in which gcc finds a difference that
  no head names, with no reason given, is a wrong EQ for that configuration.
- A hang (a version past its CPU-time limit at every -O level while the other
  ends) is a difference; a witness whose output is `{"status": "nonterminating"}`
  must hang under gcc. An EQUIVALENT that states partial equivalence (a proof
  over loops) is not wrong where gcc differs only by such hangs: the verdict
  says it holds where both versions end. That is counted apart ("missed hang":
  the termination check did not find it).
- A Python exception, an ERROR verdict, or no answer within the hard limit: crash.
- UNKNOWN / UNSUPPORTED: undecided, with the reason counted.
Inputs on which gcc's behaviour depends on undefined behaviour are never evidence.
"""

from __future__ import annotations

import random
import re
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fuzzlib.features import Configuration, configurations, defaults, describe, effective
from fuzzlib.harness import BASE_FLAGS, Outcome, harness_source
from fuzzlib.heads import head_holds
from fuzzlib.inputs import (
    Inputs,
    Signature,
    aliased_inputs,
    body_atoms,
    body_roots,
    from_witness,
    lvalue_key,
    pointer_target,
    random_inputs,
    signature,
    zero_inputs,
)
from fuzzlib.oracle import DIFF, SAME, UB, ConfigResult, Oracle, OracleSpec
from fuzzlib.pairs import Pair
from fuzzlib.runner import LiftdiffRun
from fuzzlib.syntax import project

PARTIAL = "partial equivalence"
"""How a verdict's assumption about termination begins (checker/types.py)."""
NO_ALIAS = "pointer inputs point to objects that do not overlap each other"
"""How liftdiff's no-aliasing assumption begins (assume_no_alias, checker/lower/lower_state.py):
under it, inputs whose pointers share memory are outside the verdict's model. Other
assumptions that mention aliasing are not it: that pointers do not point to globals
(the harness never points them there) or that pointers to different types do not
alias (the harness shares objects between pointers of one type only)."""
ALIASED_INPUTS = 2
"""Inputs in which every pointer shares memory with a compatible one: random inputs
share only now and then, and a configuration may differ only there."""
NONTERMINATING = "nonterminating"
"""A witness output's `status` for a version that never ends (checker/lifted/witness_report.py)."""
DEFINED = re.compile(r"defined\((\w+)\)")
"""A witness configuration's key for whether the build defines a feature at all."""
KINDS = ("wrong-eq", "wrong-neq", "unsound-head", "unsound-body", "bad-body",
         "incomplete-witness", "interp-vs-gcc", "crash")
"""Finding kinds, the most serious first."""


@dataclass(frozen=True)
class Finding:
    kind: str
    summary: str
    config: str = ""
    inputs: Mapping[str, str] = field(default_factory=dict)
    evidence: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Judgement:
    verdict: str
    """liftdiff's verdict, or CRASH."""
    reason: str
    findings: tuple[Finding, ...]
    ub_dependent: bool
    """A difference (or a witness) gcc could judge only through undefined behaviour."""
    no_alias: bool
    """EQUIVALENT, stated to rest on no aliasing, and gcc differs only on aliased inputs."""
    gcc_differs: bool | None
    """Did gcc find a difference in some configuration (None: not run)."""
    missed_hang: bool = False
    """Partial equivalence stated, and gcc differs only where a version hangs."""


@dataclass(frozen=True)
class Options:
    random_inputs: int = 100
    body_samples: int = 30
    levels: tuple[str, ...] = ("-O0", "-O2")
    compiler: str = "gcc"


def judge(pair: Pair, run: LiftdiffRun, options: Options) -> Judgement:
    if run.trouble:
        return Judgement("CRASH", run.trouble.splitlines()[-1][:200],
                         (Finding("crash", run.trouble[-3000:]),), False, False, None)
    results = [r for r in (run.report or {}).get("results", []) if r.get("function") == "f"]
    if not results:
        return Judgement("CRASH", "no result for f", (Finding("crash", "no result for f"),),
                         False, False, None)
    result = results[0]
    verdict, reason = result["verdict"], result.get("reason") or ""
    if verdict == "ERROR":
        return Judgement("ERROR", reason, (Finding("crash", f"ERROR verdict: {reason}"),),
                         False, False, None)
    if verdict not in ("EQUIVALENT", "NOT_EQUIVALENT"):
        return Judgement(verdict, reason, (), False, False, None)
    return _Check(pair, result, options).run()


class _Check:
    """One decided verdict against gcc: builds the inputs, runs every configuration."""

    def __init__(self, pair: Pair, result: dict[str, Any], options: Options) -> None:
        self.pair = pair
        self.result = result
        self.options = options
        self.sigs = (signature(project(pair.tree, "old")), signature(project(pair.tree, "new")))
        self.sig: Signature = self.sigs[0]
        self.configs = configurations([pair.old, pair.new])
        self.defaults = defaults(pair.old)
        self.rng = random.Random(f"inputs:{pair.id}")
        self.spec = OracleSpec(pair.tree, pair.old, pair.new, self.sigs, options.levels,
                               options.compiler)
        self.findings: list[Finding] = []
        self.bad_bodies: set[int] = set()
        """Entries whose body is not C: their bodies are not sampled."""
        self.ub = False
        self.no_alias_assumed = any(a.startswith(NO_ALIAS) for a in result.get("assumptions", []))
        """Pointer inputs that share memory are outside the model the verdict states."""
        self.partial = any(a.startswith(PARTIAL) for a in result.get("assumptions", []))
        """A hang is outside the claim the verdict states (it holds where both end)."""
        self.missed_hang = False

    # -- inputs

    def run(self) -> Judgement:
        randoms = [zero_inputs(self.sig)]
        for _ in range(self.options.random_inputs):
            randoms.append(random_inputs(self.rng, self.sig))
        for _ in range(ALIASED_INPUTS):
            aliased = aliased_inputs(self.rng, self.sig)
            if aliased is not None:
                randoms.append(aliased)
        self.n_random = len(randoms)
        entries = self.result.get("neq_summary", []) if self.result["verdict"] == (
            "NOT_EQUIVALENT") else []
        inputs = list(randoms)
        groups: list[dict[str, Any]] = []
        for entry in entries:
            group = self._entry_inputs(entry, randoms)
            group["start"] = len(inputs)
            inputs += group["inputs"]
            groups.append(group)
        bodies = [e["inputs"] for e in entries]
        bodies = self._checked_bodies(bodies)
        extra_configs = [c for g in groups for c in g["configs"] if c not in self.configs]
        readings: dict[Configuration, ConfigResult] = {}
        every = [*self.configs, *dict.fromkeys(extra_configs)]
        with Oracle(self.spec, inputs, bodies, every) as oracle:
            self.oracle = oracle
            for config in every:
                result = oracle.run(config)
                if result.error:
                    return Judgement("CRASH", "harness does not compile",
                                     (Finding("crash", "fuzz harness does not compile (generator"
                                              " bug, not liftdiff's): " + result.error[-2000:]),),
                                     False, False, None)
                readings[config] = result
            no_alias = False
            if self.result["verdict"] == "EQUIVALENT":
                no_alias = self._judge_eq(readings, inputs)
            else:
                self._judge_neq(readings, inputs, groups, entries, bodies)
        differs = any(r.differing() for c, r in readings.items() if c in self.configs)
        self.ub = self.ub or any(UB in r.readings for r in readings.values())
        return Judgement(self.result["verdict"], self.result.get("reason") or "",
                         tuple(self.findings), self.ub, no_alias, differs, self.missed_hang)

    def _entry_inputs(self, entry: dict[str, Any], randoms: list[Inputs]) -> dict[str, Any]:
        witness = entry.get("witness", {})
        point, skipped = from_witness(witness, self.sig, zero_inputs(self.sig))
        # what the witness leaves open, random (pointers distinct and non-NULL, as in
        # liftdiff's default memory model)
        variants = [from_witness(witness, self.sig,
                                 random_inputs(self.rng, self.sig, distinct=True))[0]
                    for _ in range(2)]
        samples = self._body_samples(entry.get("inputs", "1"), point, randoms)
        return {"inputs": [point, *variants, *samples], "n_variants": len(variants),
                "skipped": skipped, "configs": self._witness_configs(witness)}

    def _witness_configs(self, witness: Mapping[str, Any]) -> list[Configuration]:
        """The configurations a witness's `configuration` can mean (0 may be undefined).
        `defined(X)` says whether the build gives -DX; where it does not, X's value is
        the file's default (docs/semantics.md, product lines), not a -D value."""
        claimed = witness.get("configuration", {})
        given = {m[1]: v for n, v in claimed.items() if (m := DEFINED.fullmatch(n))}
        values = {n: v for n, v in claimed.items() if not DEFINED.fullmatch(n)
                  and given.get(n, 1) not in (0, False)}
        out = []
        for config in self.configs:
            raw = dict(config)
            seen = dict(effective(config, self.defaults))
            if all((raw.get(name) is not None) == bool(value)
                   for name, value in given.items() if name in raw) and all(
                    _matches(seen.get(name), value, name in seen)
                    for name, value in values.items()):
                out.append(config)
        if not out and values:
            out.append(tuple((n, None if v == 0 else str(v)) for n, v in sorted(values.items())))
        return out

    def _body_samples(self, body: str, point: Inputs, randoms: list[Inputs]) -> list[Inputs]:
        if body.strip() == "1":
            return []
        roots = body_roots(body)
        samples: list[Inputs] = []
        for base in randoms[3:3 + self.options.body_samples // 2]:
            s = dict(base)
            for root in roots:
                for key, value in point.items():
                    if _root(key, point) == root:
                        s[key] = value
                if root in point and point[root] != "NULL":
                    target = pointer_target(point, root)
                    if target is not None and target[0] != root:
                        s[root] = point[root]
            samples.append(s)
        for lhs, _op, const in body_atoms(body):
            cell = lvalue_key(lhs, point, self.sig)
            if cell is None or not re.fullmatch(r"-?\d+", const):
                continue
            c = int(const)
            far = self.rng.randint(2, 1000)
            for near in (c, c + 1, c - 1, c + far, c - far):
                s = dict(point)
                s[cell] = str(near)
                samples.append(s)
        return samples[: self.options.body_samples * 2]

    def _checked_bodies(self, bodies: list[str]) -> list[str]:
        """Bodies that compile as C over the inputs; the others are findings (and replaced by 1)."""
        if not bodies or _compiles(self.spec, bodies):  # one compile where all are C
            return bodies
        good = []
        for k, body in enumerate(bodies):
            if body.strip() == "1" or _compiles(self.spec, [body]):
                good.append(body)
                continue
            self.findings.append(Finding("bad-body", f"summary entry {k}: body is not a C "
                                         f"expression over the inputs: {body[:300]}"))
            good.append("1")
            self.bad_bodies.add(k)
        return good

    # -- EQUIVALENT

    def _judge_eq(self, readings: dict[Configuration, ConfigResult], inputs: list[Inputs]) -> bool:
        assumes_no_alias = self.no_alias_assumed
        aliased_only = True
        for config, res in readings.items():
            if not res.differing():
                self.oracle.confirm_all(res)  # a trap under the model that no plain build shows
            candidates = self._claimed(res, [i for i, r in enumerate(res.readings)
                                             if r in (DIFF, UB)])
            plain = [i for i in candidates if not _aliased(inputs[i], self.sig)]
            aliased = [i for i in candidates if i not in plain]
            i = self._first(res, plain if assumes_no_alias else plain + aliased, DIFF)
            if i is None:
                continue
            aliased_only = False
            self.findings.append(Finding(
                "wrong-eq",
                f"EQUIVALENT, but gcc differs in {describe(config)} on "
                f"{len(res.differing())} of {len(inputs)} inputs",
                describe(config), inputs[i], self._evidence(res, i)))
            return False
        return assumes_no_alias and aliased_only and any(r.differing() for r in readings.values())

    # -- NOT_EQUIVALENT

    def _judge_neq(self, readings: dict[Configuration, ConfigResult], inputs: list[Inputs],
                   groups: list[dict[str, Any]], entries: list[dict[str, Any]],
                   bodies: list[str]) -> None:
        covered = {c for e in entries for c in self.configs
                   if head_holds(e.get("configurations", "1"), effective(c, self.defaults),
                                  c)}
        for k, (entry, group) in enumerate(zip(entries, groups, strict=True)):
            head = entry.get("configurations", "1")
            start = group["start"]
            replay_configs = [c for c in group["configs"] if c in readings]
            point_readings = {c: self.oracle.confirm(readings[c], start) for c in replay_configs}
            where = f"summary entry {k} (head {head!r})"
            if group["skipped"]:
                where += f"; witness keys the harness cannot set: {group['skipped']}"
            replayed = [c for c, r in point_readings.items() if r == DIFF]
            if not replayed:
                if not point_readings or UB in point_readings.values():
                    self.ub = True
                else:
                    c = replay_configs[0]
                    self.findings.append(Finding(
                        _unless_unreadable("wrong-neq", group),
                        f"{where}: the witness does not replay under gcc "
                        f"(old == new in {', '.join(describe(c) for c in replay_configs)})",
                        describe(c), inputs[start], self._evidence(readings[c], start)))
                continue
            # a witness whose configuration leaves features open may mean any of them;
            # one that puts a static local in a later call's state claims outputs of
            # that call, which the harness (a first call) cannot compare with
            later_call = any("::" in k for k in group["skipped"])
            agreeing = [c for c in replayed
                        if later_call or not self._mismatch(entry, readings[c], start)]
            config = agreeing[0] if agreeing else replayed[0]
            res = readings[config]
            if not agreeing:
                self.findings.append(Finding(
                    _unless_unreadable("interp-vs-gcc", group),
                    f"{where}: the witness's {self._mismatch(entry, res, start)}",
                    describe(config), inputs[start], self._evidence(res, start)))
            for v in range(1, 1 + group["n_variants"]):
                if self.oracle.confirm(res, start + v) == SAME:
                    self.findings.append(Finding(
                        "incomplete-witness", f"{where}: the witness no longer differs when "
                        "inputs it does not fix take other values", describe(config),
                        inputs[start + v], self._evidence(res, start + v)))
                    break
            self._check_entry(k, head, bodies[k], group, readings, inputs)
        if not self.result.get("reason"):
            for config, res in readings.items():
                if config not in self.configs or config in covered:
                    continue
                candidates = self._claimed(res, [i for i, r in enumerate(res.readings)
                                                 if r in (DIFF, UB)
                                                 and self._in_model(inputs[i])])
                i = self._first(res, candidates, DIFF)
                if i is not None:
                    self.findings.append(Finding(
                        "wrong-eq", f"gcc differs in {describe(config)}, which no head names "
                        "(and no reason says the summary is partial)", describe(config),
                        inputs[i], self._evidence(res, i)))
                    break

    def _claimed(self, res: ConfigResult, indices: list[int]) -> list[int]:
        """The inputs the verdict's claim covers: under partial equivalence not those on
        which a version hangs (a confirmed difference among them is a missed hang)."""
        if not self.partial:
            return indices
        hangs = [i for i in indices if "hang" in (res.old[i].status, res.new[i].status)]
        one_hangs = [i for i in hangs if res.old[i].status != res.new[i].status]
        if one_hangs and not self.missed_hang:
            self.missed_hang = self.oracle.first(res, one_hangs, DIFF) is not None
        return [i for i in indices if i not in hangs]

    def _first(self, res: ConfigResult, indices: list[int], want: str) -> int | None:
        """The first input of `indices` whose confirmed reading is `want`; none found
        while some turned out undefined makes the pair UB-dependent."""
        found = self.oracle.first(res, indices, want)
        if found is None and any(res.readings[i] == UB for i in indices):
            self.ub = True
        return found

    def _check_entry(self, k: int, head: str, body: str, group: dict[str, Any],
                     readings: dict[Configuration, ConfigResult], inputs: list[Inputs]) -> None:
        start, n = group["start"], len(group["inputs"])
        head_reported = False
        for config in self.configs:
            holds = head_holds(head, effective(config, self.defaults), config)
            if holds is None:
                self.findings.append(Finding("unsound-head", f"summary entry {k}: head {head!r} "
                                             "is not a preprocessor condition"))
                return
            if not holds:
                continue
            res = readings[config]
            if self.oracle.confirm(res, start) == SAME:
                if _no_body(body) and self._first(res, self._claimed(res, [
                        i for i, r in enumerate(res.readings)
                        if r in (DIFF, UB) and self._in_model(inputs[i])]), DIFF) is not None:
                    continue  # no body: the head claims a difference there, not the witness's
                if not head_reported:
                    self.findings.append(Finding(
                        "unsound-head", f"summary entry {k}: head {head!r} names "
                        f"{describe(config)}, where the witness's inputs show no difference",
                        describe(config), inputs[start], self._evidence(res, start)))
                head_reported = True
                continue
            if k in self.bad_bodies:
                continue
            candidates = list(range(start, start + n)) + list(range(self.n_random))
            inside = [i for i in candidates if self._in_model(inputs[i])
                      and res.old[i].bodies[k:k + 1] == ("1",) and res.readings[i] == SAME]
            i = self._first(res, inside, SAME)
            if i is not None:
                self.findings.append(Finding(
                    "unsound-body", f"summary entry {k}: an input satisfying the body "
                    f"{body[:200]!r} shows no difference in {describe(config)}",
                    describe(config), inputs[i], self._evidence(res, i)))
                return

    def _in_model(self, inputs: Inputs) -> bool:
        return not (self.no_alias_assumed and _aliased(inputs, self.sig))

    def _mismatch(self, entry: dict[str, Any], res: ConfigResult, start: int) -> str:
        """How the witness's claimed outputs differ from gcc's (empty if they agree)."""
        witness = entry.get("witness", {})
        inputs = self.oracle.inputs[start]
        for side in ("old", "new"):
            claimed = witness.get(f"{side}_output", {})
            mismatch = _claim_mismatch(claimed, self.oracle.outcome(res, start, side), inputs,
                                       self.sig)
            if mismatch:
                return f"{side} output {mismatch}"
        return ""

    def _evidence(self, res: ConfigResult, i: int) -> dict[str, Any]:
        out: dict[str, Any] = {"reading": res.readings[i]}
        for level, (olds, news) in res.levels.items():
            out[level] = {"old": _outcome(olds[i]), "new": _outcome(news[i])}
        for side in ("old", "new"):
            confirmed = self.oracle.outcome(res, i, side)
            if confirmed.status == "trap" and confirmed is not (res.old if side == "old"
                                                                else res.new)[i]:
                out[f"{side} under the sanitizers"] = "trap (where the model traps)"
        return out


def _no_body(body: str) -> bool:
    """An entry without a body (`0 /* ... */`): it claims that each configuration of
    its head differs on some input; its witness shows one of them."""
    return re.fullmatch(r"\s*0\s*(/\*.*\*/)?\s*", body, flags=re.S) is not None


def _unless_unreadable(kind: str, group: dict[str, Any]) -> str:
    """A witness whose inputs the harness cannot all set (an array inside a struct given
    as one value per struct) is incomplete, whatever gcc then does; a static local
    given as an input is not: no caller can choose it, so the claim itself is wrong."""
    unreadable = [k for k in group["skipped"] if "::" not in k]
    return "incomplete-witness" if unreadable else kind


def _matches(state: str | None, value: Any, present: bool) -> bool:
    if not present:
        return True
    if value in (0, "0", False):
        return state in (None, "0")
    return state == str(int(value)) if isinstance(value, (int, bool)) else state == str(value)


def _root(key: str, inputs: Mapping[str, str]) -> str:
    if key.startswith("$"):
        return re.split(r"[\[.]", key[1:], maxsplit=1)[0]
    return re.split(r"[\[.]", key, maxsplit=1)[0]


def _aliased(inputs: Mapping[str, str], sig: Signature) -> bool:
    owners = [pointer_target(inputs, p.name) for p in sig.pointers]
    names = [o[0] for o in owners if o is not None]
    return len(names) != len(set(names)) or any(
        o is not None and o[0] != p.name for o, p in zip(owners, sig.pointers, strict=True))


def _outcome(o: Outcome) -> dict[str, Any]:
    data: dict[str, Any] = {"status": o.status}
    if o.status == "ok":
        data["outputs"] = dict(o.values)
        calls = [v for k, v in o.values if k == "call"]
        if calls:
            data["calls"] = calls
    if o.stdout:
        data["stdout"] = o.stdout
    return data


def _claim_mismatch(claimed: Mapping[str, Any], outcome: Outcome, inputs: Mapping[str, str],
                    sig: Signature) -> str:
    """How liftdiff's claimed outputs disagree with gcc's (empty: they agree where comparable)."""
    if "trap" in claimed:
        return "" if outcome.status == "trap" else f"is a trap, gcc: {outcome.status}"
    if claimed.get("status") == NONTERMINATING:
        return "" if outcome.status == "hang" else f"never ends, gcc: {outcome.status}"
    if outcome.status != "ok":
        return f"is a normal return, gcc: {outcome.status}"
    gcc = dict(outcome.values)
    for key, value in claimed.items():
        if key in ("stdout",):
            if value != outcome.stdout:
                return f"prints {value!r}, gcc prints {outcome.stdout!r}"
            continue
        if key == "calls" or "::" in key:
            continue
        for leaf, expected in _claim_leaves(key, value, inputs, sig):
            if leaf in gcc and not _same_value(gcc[leaf], expected):
                return f"has {leaf} = {expected}, gcc: {gcc[leaf]}"
    return ""


def _claim_leaves(key: str, value: Any, inputs: Mapping[str, str], sig: Signature
                  ) -> list[tuple[str, str]]:
    if key.startswith("*"):
        root, _, path = key[1:].partition(".")
        target = pointer_target(inputs, root)
        if target is None:
            return []
        owner, offset = target
        suffix = f".{path}" if path else ""
        if isinstance(value, list):
            return [(f"${owner}[{offset + i}]{suffix}", str(v)) for i, v in enumerate(value)
                    if not isinstance(v, (list, dict))]
        if isinstance(value, dict):
            return [(f"${owner}[{offset + int(i)}]{suffix}", str(v)) for i, v in value.items()
                    if re.fullmatch(r"-?\d+", str(i)) and not isinstance(v, (list, dict))]
        return [(f"${owner}[{offset}]{suffix}", str(value))]
    if isinstance(value, list):
        return [leaf for i, v in enumerate(value) for leaf in _claim_leaves(f"{key}[{i}]", v,
                                                                             inputs, sig)]
    if isinstance(value, dict):
        return [leaf for m, v in value.items() if m != "default"
                for leaf in _claim_leaves(f"{key}.{m}", v, inputs, sig)]
    return [(key, str(value))]


def _same_value(gcc: str, claimed: str) -> bool:
    if gcc == claimed:
        return True
    try:
        a, b = float.fromhex(gcc) if "0x" in gcc else float(gcc), (
            float.fromhex(claimed) if "0x" in claimed else float(claimed))
    except ValueError:
        return False
    if a != a and b != b:
        return True
    return a == b and str(a).startswith("-") == str(b).startswith("-")


def _compiles(spec: OracleSpec, bodies: Sequence[str]) -> bool:
    source = harness_source(spec.tree, spec.old, spec.new, spec.sigs,
                            configurations([spec.old, spec.new])[:1], bodies)
    with tempfile.TemporaryDirectory(prefix="fuzzbody") as tmp:
        path = Path(tmp) / "b.c"
        path.write_text(source)
        proc = subprocess.run([spec.compiler, *BASE_FLAGS, "-fsyntax-only", str(path)],
                              capture_output=True, text=True)
    return proc.returncode == 0
