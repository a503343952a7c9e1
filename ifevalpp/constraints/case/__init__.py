"""change_case:* — all capitals, all lower case (both in English), or a count of capitalised words.

One module per type; the modules register their types when `ifevalpp.constraints`
imports them.
"""
