"""keywords:* — words that must appear, how often, words that must not, and letter counts.

One module per type; `_patterns.py` holds the keyword patterns two of them share.
The modules register their types when `ifevalpp.constraints` imports them.
"""
