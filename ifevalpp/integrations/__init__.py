"""ifevalpp inside the harnesses people already run: lm-evaluation-harness, inspect, Ray.

* `prompts`: which prompts a harness task asks (a fetched IFEval revision, the default
  families made and checked against their sha256 pin, or any family file) as flat rows;
* `grading`: one response graded by our checkers into a small verdict record, and the
  family-level numbers (`ifevalpp score`'s own code) from a list of such records — what both
  harness integrations aggregate with;
* `lm_eval_tasks`: the task directory `ifevalpp lm-eval-tasks` writes for
  `lm_eval --include_path`, and the functions its YAML files name;
* `inspect_tasks`: the `ifevalpp/ifeval` and `ifevalpp/families` tasks for `inspect eval`
  (registered through the `inspect_ai` entry point; needs `pip install 'ifevalpp[inspect]'`);
* `ray_data`: `score_batch` over Ray Data batches (`map_batches`).

None of these modules imports its harness unless it is used: lm-eval, inspect and Ray are
extras (`ifevalpp[lm-eval]`, `ifevalpp[inspect]`, `ifevalpp[ray]`), never core dependencies.
"""
