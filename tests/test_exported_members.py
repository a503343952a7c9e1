"""The package's public surface is deliberate: __all__ lists exactly what it exposes."""

import ifevalpp


def test_package_all_is_pinned():
    assert sorted(ifevalpp.__all__) == sorted([
        "PROFILES", "Case", "IfevalppError", "InputError", "MissingResponse", "Profile",
        "ResponseRecord", "ScoredResponse", "Variant", "__version__", "check", "check_loose"])


def test_every_name_in_all_exists():
    for name in ifevalpp.__all__:
        assert hasattr(ifevalpp, name), name


def test_reward_all_is_pinned():
    from ifevalpp import reward

    assert sorted(reward.__all__) == sorted([
        "MODES", "REDUCES", "ExportSummary", "MissingExtraError", "Mode", "RLRow", "Reduce",
        "TRLReward", "completion_text", "export_rl", "reward_name", "rl_row", "score_batch",
        "shutdown_workers", "trl_reward", "verl_compute_score", "verl_compute_score_batch"])
    for name in reward.__all__:
        assert hasattr(reward, name), name
