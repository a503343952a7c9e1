"""A whole robustness study in one call: fetch → families → respond → score (→ compare).

    from ifevalpp.study import StudyConfig, CaseSelection, run_study
    result = run_study(StudyConfig(out_dir=Path("runs/demo"), model="embedded",
                                   cases=CaseSelection(count=20)))
    result.report.value("reliable/strict/10")

Each step is the library function behind its single verb and writes the same
files under `out_dir` (see `layout.py`); a rerun resumes. `model="embedded"`
serves the bundled SmolLM2-135M inside this process (`ifevalpp.embedded`).
"""

from __future__ import annotations

from .config import EMBEDDED, CaseSelection, StudyConfig
from .layout import StudyLayout
from .manifest import StudyManifest, load_study_manifest
from .progress import StudyProgress, TqdmStudyProgress
from .run import StudyResult, run_study, steps

__all__ = ["EMBEDDED", "CaseSelection", "StudyConfig", "StudyLayout", "StudyManifest",
           "StudyProgress", "StudyResult", "TqdmStudyProgress", "load_study_manifest",
           "run_study", "steps"]
