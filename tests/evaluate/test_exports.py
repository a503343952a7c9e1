"""`ifevalpp.evaluate` exposes `score` and `compare_runs`, imported on first use."""

import subprocess
import sys

import ifevalpp.evaluate


def test_evaluate_all_is_pinned_and_every_name_resolves():
    assert sorted(ifevalpp.evaluate.__all__) == ["compare_runs", "score"]
    for name in ifevalpp.evaluate.__all__:
        assert callable(getattr(ifevalpp.evaluate, name))


def test_importing_the_scoring_module_does_not_load_the_report_machinery():
    code = "import sys, ifevalpp.evaluate.scoring; print('ifevalpp.evaluate.score_run' in sys.modules)"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.strip()
    assert output == "False"
