"""The checkers as a training reward (RLVR): one batch API and drop-in functions for TRL and verl.

    from ifevalpp.reward import score_batch, trl_reward, verl_compute_score
    score_batch(completions, instruction_id_lists, kwargs_lists, mode="strict", reduce="all")
    GRPOTrainer(..., reward_funcs=[trl_reward(mode="loose", reduce="fraction")])
    # verl: custom_reward_function.path=<ifevalpp/reward/verl.py>, .name=compute_score

Verdicts are exactly those of `ifevalpp score` (same checkers, same
profiles, same per-text caches): deterministic and offline. `export_rl`
(`ifevalpp export-rl`) writes IFEval cases or family prompts in the columns
both frameworks read.
"""

from __future__ import annotations

from .batch import MODES, REDUCES, Mode, Reduce, score_batch
from .completions import completion_text
from .export import ExportSummary, MissingExtraError, RLRow, export_rl, rl_row
from .pool import shutdown_workers
from .trl import TRLReward, reward_name, trl_reward
from .verl import verl_compute_score, verl_compute_score_batch

__all__ = [
    "MODES", "REDUCES", "ExportSummary", "MissingExtraError", "Mode", "RLRow", "Reduce",
    "TRLReward", "completion_text", "export_rl", "reward_name", "rl_row", "score_batch",
    "shutdown_workers", "trl_reward", "verl_compute_score", "verl_compute_score_batch",
]
