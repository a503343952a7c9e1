"""length_constraints:* — sentences, words, paragraphs, and the first word of the nth paragraph.

One module per type; the modules register their types when `ifevalpp.constraints`
imports them.
"""
