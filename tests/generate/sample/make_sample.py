"""The committed sample: 20 cases of our own (cases.jsonl), grown into families.jsonl.

The default family files are made from IFEval's prompts and may not be committed, so
their pins are digests only. This sample is made the same way from 20 short cases
written for it, one or two instruction types each, all 25 types among them; its
families are committed as JSON lines, so the git diff of families.jsonl shows what a
change to generation does to real cousins. The generator version and the validation
summary are left out of each record: a template edit moves the version in every
record, and the findings are the validator's.

    python tests/generate/sample/make_sample.py      # write tests/fixtures/sample/families.jsonl anew
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parents[1] / "fixtures" / "sample"
CASES = FIXTURES / "cases.jsonl"
FAMILIES = FIXTURES / "families.jsonl"


def sample_lines() -> list[str]:
    """The sample's families as the committed file has them (one record a line)."""
    from ifevalpp.generate import generate_families
    from ifevalpp.schema import Case

    cases = [Case.model_validate_json(line) for line in
             CASES.read_text(encoding="utf-8").splitlines() if line.strip()]
    lines = []
    for variant in generate_families(cases, seed=0).variants:
        record = variant.model_dump(mode="json", exclude={"validation"})
        record["generator"].pop("version")
        lines.append(json.dumps(record, ensure_ascii=False) + "\n")
    return lines


def main() -> int:
    lines = sample_lines()
    FAMILIES.write_text("".join(lines), encoding="utf-8")
    print(f"wrote {len(lines)} prompts to {FAMILIES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
