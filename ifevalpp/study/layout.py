"""Where each step of a study writes, under one directory (`runs/<name>/`).

```
study.json                    what the study did: settings, served model, every step's files
families/template.jsonl       the default families, as `generate-families` writes them
families/template.manifest.json
families/sample.jsonl         --cases: the chosen whole families (+ sample.manifest.json)
responses.jsonl  manifest.json  as `respond --out` writes them
scored/                       as `score --out` writes it (metrics.json, report.md, report.html …)
comparison/                   --baseline: as `compare --out` writes it
```

The single verbs write the same files with the same manifests, so a study can
be continued, rescored or compared with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_FAMILIES = "template.jsonl"


def manifest_beside(path: Path) -> Path:
    """`<name>.manifest.json` beside a family file (the `generate-families` convention)."""
    return path.with_name(path.stem + ".manifest.json")


@dataclass(frozen=True)
class StudyLayout:
    root: Path

    @property
    def study_manifest(self) -> Path:
        return self.root / "study.json"

    @property
    def families_dir(self) -> Path:
        return self.root / "families"

    @property
    def default_families(self) -> Path:
        return self.families_dir / DEFAULT_FAMILIES

    @property
    def sample(self) -> Path:
        return self.families_dir / "sample.jsonl"

    @property
    def responses(self) -> Path:
        return self.root / "responses.jsonl"

    @property
    def scored(self) -> Path:
        return self.root / "scored"

    @property
    def report(self) -> Path:
        return self.scored / "report.html"

    @property
    def comparison(self) -> Path:
        return self.root / "comparison"


def scored_dir(run: Path) -> Path:
    """A study directory's `scored/`, or the directory itself when it is a `score --out` one."""
    return run / "scored" if (run / "scored" / "metrics.json").exists() else run
