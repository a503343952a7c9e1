"""The prompt machinery the kinds work with: take a prompt apart, plan, put it back together.

    segment.py     cut a prompt into sentence-like units
    words.py       which words of a stretch carry task content (the statement filler)
    purity.py      which units state constraints and little else, which carry the task
    repeat.py      the request to repeat: where it sits (read once), the prompt around it
    layout.py      the Layout: units, which constraints each states, the spans of each
    cut.py         cut a constraint's clause out of a task sentence (an ordered rule table)
    stated.py      what a unit says about its constraints (the readings the plan uses)
    substitute.py  edit a stated value in place ("a 300+ word" -> "a 450+ word")
    plan.py        what happens to each unit (one method per situation)
    render.py      say a constraint anew, fitted to the rest of the case
    assemble.py    put the prompt back together, in place or restructured
"""
