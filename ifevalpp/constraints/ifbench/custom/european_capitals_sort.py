"""custom:european_capitals_sort — IFBench's 27 capitals north of 45°, comma-separated, from
north to south, exactly (accents folded to ASCII; pieces blank after stripping dropped)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register
from .reverse_newline import ascii_folded

ORDER = ("Reykjavik", "Helsinki", "Oslo", "Tallinn", "Stockholm", "Riga", "Moscow",
         "Copenhagen", "Vilnius", "Minsk", "Dublin", "Berlin", "Amsterdam", "Warsaw", "London",
         "Brussels", "Prague", "Luxembourg", "Paris", "Vienna", "Bratislava", "Budapest",
         "Vaduz", "Chisinau", "Bern", "Ljubljana", "Zagreb")


@register
class EuropeanCapitalsSort(IfbenchConstraint):
    id = "custom:european_capitals_sort"
    Params = AnyKwargs
    wording = (r"give me the names of all capital cities of european countries whose latitude "
               r"is higher than than 45 degrees")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        pieces = [piece for piece in ascii_folded(response).split(",") if piece.strip()]
        return len(pieces) == len(ORDER) and all(
            piece.strip() == city for piece, city in zip(pieces, ORDER))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return ", ".join(ORDER)
