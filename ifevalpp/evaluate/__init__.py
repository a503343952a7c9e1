"""Scoring: per-response verdicts first, aggregation second."""
