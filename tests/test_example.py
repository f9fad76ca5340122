"""The bundled example gives what the README says it gives."""

from __future__ import annotations

from checker.api import check_pair
from checker.types import Settings, SourceFile, Verdict
from tests import ROOT
from tests.test_check_cases import witness_in_entry

EXAMPLE = ROOT / "examples" / "sensor"


def test_sensor_example() -> None:
    report = check_pair(
        SourceFile.read(str(EXAMPLE / "old.c")), SourceFile.read(str(EXAMPLE / "new.c")),
        Settings(), None,
    )
    results = {r.function: r for r in report.results}
    assert {name: r.verdict for name, r in results.items()} == {
        "clamp": Verdict.EQUIVALENT, "checksum": Verdict.EQUIVALENT,
        "scale": Verdict.NOT_EQUIVALENT,
    }
    # a proof lists what it assumes, not why engines it did not need gave up; the
    # pointer parameter's object is modelled as it is (aliasing included): nothing to assume
    assert results["checksum"].assumptions == ()
    (entry,) = results["scale"].neq_summary
    assert entry.configurations == "CONFIG_OFFSET && CONFIG_SATURATE"
    assert entry.inputs == "raw >= -2147483151 && raw <= -501"
    assert witness_in_entry(entry, list(results["scale"].features))
    assert (entry.witness.old_output["return"], entry.witness.new_output["return"]) == (1000, 1008)
