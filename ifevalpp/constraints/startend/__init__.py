"""startend:* — end with an exact phrase, or wrap the whole response in double quotes.

One module per type; the modules register their types when `ifevalpp.constraints`
imports them.
"""
