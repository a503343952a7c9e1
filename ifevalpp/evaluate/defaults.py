"""The bootstrap's and the intervals' default settings, apart from the numpy code that uses
them: the commands name them in their options without loading numpy (`score` decides how
numpy is loaded once its options are read)."""

from __future__ import annotations

# Resamples evaluated per matrix product: bounds memory (batch × columns floats).
DEFAULT_BATCH = 1000
DEFAULT_RESAMPLES = 10_000
DEFAULT_CONFIDENCE = 0.95
DEFAULT_SEED = 0
