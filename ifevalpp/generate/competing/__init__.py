"""A format distractor's competing requirement, proven compatible before it is offered.

    catalogue.py   format requests outside the 25 types (templates/requirements/): their
                   declared effects, bans and witness edits (`FormatRequest`, `Demands`)
    fit.py         what a case refuses a competing requirement (the types' declarations,
                   a piece of one sentence, the kind of piece its task asks for)
    witness.py     the joint witness: one response that passes the case and the request
    typed.py       another of the instruction types as the requirement
"""
