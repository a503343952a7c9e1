"""ifevalpp: faithful IFEval checkers, prompt families and reliable@k."""

from __future__ import annotations

__version__ = "0.1.0"
