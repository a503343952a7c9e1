"""detectable_format:* — bullets, highlights, sections, JSON, a title, a fixed answer phrase.

One module per type; the modules register their types when `ifevalpp.constraints`
imports them.
"""
