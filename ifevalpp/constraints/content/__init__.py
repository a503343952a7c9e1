"""detectable_content:* — placeholders in square brackets and a postscript.

One module per type; the modules register their types when `ifevalpp.constraints`
imports them.
"""
