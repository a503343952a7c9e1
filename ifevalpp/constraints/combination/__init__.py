"""combination:* — two different responses, or repeating the request before answering.

One module per type; the modules register their types when `ifevalpp.constraints`
imports them.
"""
