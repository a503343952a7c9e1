"""The seeded estimate: langdetect's seven trials, replayed on the random stream of seed 0.

Part of ``ifevalpp.langid`` (its docstring tells the whole method). `_estimate` takes one
text's n-gram rows; `_estimate_many` takes many texts' and runs their trials side by side.
"""

from __future__ import annotations

import math
import random
import sys
import threading
from typing import Final

import numpy as np

from ._profiles import _Model

# --- constants of the langdetect 1.0.9 algorithm --------------------------------
_TRIALS: Final = 7
_ALPHA: Final = 0.5
_ALPHA_SPREAD: Final = 0.05
_BASE_FREQ: Final = 10000
_MAX_ITERATION: Final = 1000
_CONVERGED: Final = 0.99999
_CHECK_EVERY: Final = 5

# random.random(): 53 bits from two words; random.gauss uses tau.
_TWO_POW_26: Final = 67108864.0
_INV_TWO_POW_53: Final = 1.0 / 9007199254740992.0


class _Stream:
    """The 32-bit outputs of ``random.Random(0)``, in order, grown on demand."""

    def __init__(self) -> None:
        self._source = random.Random(0)
        self._lock = threading.Lock()
        self.words = np.zeros(0, dtype=np.uint32)
        self.extend_to(1 << 15)

    def extend_to(self, size: int) -> np.ndarray:
        with self._lock:
            have = self.words.shape[0]
            if have < size:
                more = max(size - have, have)
                # getrandbits(32*m) packs m consecutive outputs little-endian first.
                raw = self._source.getrandbits(32 * more).to_bytes(4 * more, "little")
                self.words = np.concatenate([self.words, np.frombuffer(raw, dtype="<u4")])
            return self.words


# --- the seeded estimation ---------------------------------------------------------------

def _gauss_pair(w: list[int]) -> tuple[float, float]:
    """random.gauss from four stream words: the value returned now and the one kept for later."""
    u1 = ((w[0] >> 5) * _TWO_POW_26 + (w[1] >> 6)) * _INV_TWO_POW_53
    u2 = ((w[2] >> 5) * _TWO_POW_26 + (w[3] >> 6)) * _INV_TWO_POW_53
    angle = u1 * math.tau
    radius = math.sqrt(-2.0 * math.log(1.0 - u2))
    return math.cos(angle) * radius, math.sin(angle) * radius


class _Draws:
    """``random.choice`` over n items replayed on the stream: accepted positions and values."""

    def __init__(self, n: int, stream: _Stream) -> None:
        self.n = n
        self.shift = 32 - n.bit_length()
        self.stream = stream
        self.span = 0
        self.positions = np.zeros(0, dtype=np.intp)
        self.values = np.zeros(0, dtype=np.intp)
        self.cover(1024)

    def cover(self, span: int) -> None:
        """Scan the first ``span`` stream words for accepted draws."""
        words = self.stream.words
        if words.shape[0] < span:
            words = self.stream.extend_to(span)
        top = words[:span] >> self.shift
        self.positions = np.flatnonzero(top < self.n)
        self.values = top[self.positions].astype(np.intp)
        self.span = span

    def first_from(self, position: int) -> int:
        """Index of the first accepted draw at or after a stream position."""
        while True:
            first = int(self.positions.searchsorted(position))
            if first < self.positions.shape[0]:
                return first
            self.cover(self.span * 2)

    def take(self, first: int, count: int) -> np.ndarray:
        """Values of accepted draws ``first .. first+count-1`` (scanning further if needed)."""
        while first + count > self.positions.shape[0]:
            self.cover(self.span * 2)
        return self.values[first : first + count]


def _layout_slots(blocks: int, opening: bool) -> np.ndarray:
    """Flat positions of the draws in a ``(blocks + 1, 6)`` layout of check blocks.

    Row 0 of every block is the slot for the probability vector the block starts
    from (written by the previous block); rows 1..5 hold the five factors. An
    opening chunk's first block carries one draw (iteration 0 is checked alone)
    followed by four factors of exactly 1.0.
    """
    width = _CHECK_EVERY + 1
    slots = [b * width + 1 + k for b in range(blocks) for k in range(_CHECK_EVERY)]
    if opening:
        del slots[1:_CHECK_EVERY]
    return np.asarray(slots, dtype=np.intp)


_MAX_BLOCKS: Final = _MAX_ITERATION // _CHECK_EVERY + 1
_OPENING_SLOTS: Final = _layout_slots(_MAX_BLOCKS, True)
_LATER_SLOTS: Final = _layout_slots(_MAX_BLOCKS, False)


def _estimate(rows: np.ndarray, model: _Model, stream: _Stream) -> np.ndarray:
    """langdetect's 7-trial average of language probabilities over the n-gram rows."""
    table = model.table
    # Table rows to gather per chunk of check blocks. Only draw positions are
    # written; the other entries keep whatever valid row they hold, because the
    # rows gathered there are overwritten (probability slots, the 1.0 factors of
    # an opening block) or never read (the landing block after the last).
    layout = np.zeros((_MAX_BLOCKS + 1) * (_CHECK_EVERY + 1), dtype=np.intp)
    n_lang = model.n_languages
    width = _CHECK_EVERY + 1
    converged = _CONVERGED
    draws = _Draws(int(rows.shape[0]), stream)
    reduce = np.multiply.reduce
    divide = np.true_divide
    total = np.zeros(n_lang)
    position = 0  # next unused stream word
    spare: float | None = None
    leader = 0  # language whose share is tested first (see below)
    hint = 12
    for _ in range(_TRIALS):
        if spare is None:
            words = stream.words
            if words.shape[0] < position + 4:
                words = stream.extend_to(position + 4)
            z, spare = _gauss_pair(words[position : position + 4].tolist())
            position += 4
        else:
            z, spare = spare, None
        weight = (_ALPHA + (0.0 + z * 1.0) * _ALPHA_SPREAD) / _BASE_FREQ

        first = draws.first_from(position)
        used = 0  # draws consumed by this trial so far
        checks = 0  # convergence checks made by this trial so far
        prob = model.uniform_row
        opening = True
        while True:
            n_blocks = min(hint, _MAX_BLOCKS - checks)
            if opening:
                slots, count = _OPENING_SLOTS, _CHECK_EVERY * n_blocks - (_CHECK_EVERY - 1)
            else:
                slots, count = _LATER_SLOTS, _CHECK_EVERY * n_blocks
            layout[slots[:count]] = rows[draws.take(first + used, count)]
            block = table.take(layout[: (n_blocks + 1) * width], axis=0).reshape(n_blocks + 1, width, n_lang)
            block += weight
            block[0, 0] = prob
            if opening:
                block[0, 2:] = 1.0
            done = False
            ran = 0
            for factors, prob in zip(block, block[1:, 0]):
                reduce(factors, 0, None, prob)
                values = prob.tolist()
                norm = sum(values)
                divide(prob, norm, prob)
                ran += 1
                # The detector stops once max(p)/sum(p) > 0.99999. Testing the
                # leader's share first is exact: above the threshold means the
                # maximum is too; between 0.001 and the threshold leaves every
                # other share below 0.999 (all shares are >= 0 and sum to ~1).
                share = values[leader] / norm
                if share < 0.001:
                    peak = max(values)
                    leader = values.index(peak)
                    share = peak / norm
                if share > converged:
                    done = True
                    break
            checks += ran
            used += _CHECK_EVERY * ran - (_CHECK_EVERY - 1 if opening else 0)
            # The check at iteration 1000 is the last one whatever the shares.
            if done or checks >= _MAX_BLOCKS:
                break
            opening = False
            hint = n_blocks * 2
        hint = max(4, checks + 2)

        total += prob / _TRIALS
        position = int(draws.positions[first + used - 1]) + 1

    return total



# --- many texts side by side ------------------------------------------------------------
# Every text reseeds the detector, so all texts draw from the one stream: their trials can
# run side by side, one check block of every text per step, as array operations over the
# texts. Each text keeps its own weights, draws and stopping point; the arithmetic of each
# is the one above, element by element. The normalising sum must add a text's 55 values
# left to right as Python's `sum` did before 3.12 (3.12 compensates): numpy adds them so
# when it reduces the first axis of a (languages, texts) array holding two texts or more.
# Elsewhere, and for a handful of texts (a side-by-side step costs a dozen numpy calls
# whatever the number of texts), the texts are estimated one at a time.
_SIDE_BY_SIDE: Final = 8
_LEFT_TO_RIGHT_SUM: Final = sys.version_info < (3, 12)
_DRAWS_PER_TRIAL: Final = _MAX_ITERATION + 1
_FIRST_DRAWS: Final = 1 + 16 * _CHECK_EVERY  # looked up at a trial's start; more if needed
_FEW: Final = 4


def _estimate_many(texts_rows: list[np.ndarray], model: _Model, stream: _Stream) -> np.ndarray:
    """``_estimate`` of each text's rows (none empty), as a ``(texts, languages)`` array, bit
    for bit."""
    count, n_lang = len(texts_rows), model.n_languages
    if count < _SIDE_BY_SIDE or not _LEFT_TO_RIGHT_SUM:
        out = np.empty((count, n_lang))
        for number, rows in enumerate(texts_rows):
            out[number] = _estimate(rows, model, stream)
        return out
    table = model.table
    shared: dict[int, _Draws] = {}  # accepted draws depend only on the number of rows
    draws = [shared.get(n) or shared.setdefault(n, _Draws(n, stream))
             for n in (int(rows.shape[0]) for rows in texts_rows)]
    totals = np.zeros((count, n_lang))
    positions = [0] * count  # next unused stream word, per text
    spares: list[float | None] = [None] * count
    firsts = [0] * count
    weights = np.empty(count)
    picked = np.empty((count, _DRAWS_PER_TRIAL), dtype=np.intp)  # table rows of a trial's draws
    checks = np.empty(count, dtype=np.intp)
    for _ in range(_TRIALS):
        for number in range(count):
            spare = spares[number]
            if spare is None:
                position = positions[number]
                words = stream.words
                if words.shape[0] < position + 4:
                    words = stream.extend_to(position + 4)
                z, spares[number] = _gauss_pair(words[position:position + 4].tolist())
                positions[number] = position + 4
            else:
                z, spares[number] = spare, None
            weights[number] = (_ALPHA + (0.0 + z * 1.0) * _ALPHA_SPREAD) / _BASE_FREQ
            accepted = draws[number]
            first = firsts[number] = accepted.first_from(positions[number])
            picked[number, :_FIRST_DRAWS] = texts_rows[number][accepted.take(first, _FIRST_DRAWS)]
        filled = _FIRST_DRAWS  # draws looked up so far, for every text still running
        # Iteration 0, checked alone, for every text.
        final = np.empty((count, n_lang))
        final[:] = model.uniform_row
        factors = table.take(picked[:, 0], axis=0)
        factors += weights[:, None]
        final *= factors
        stopped = _normalise(final)
        checks[:] = 1
        active = np.flatnonzero(~stopped)
        prob, weight = final[active], weights[active][:, None, None]
        made, start = 1, 1
        while active.shape[0]:
            if active.shape[0] <= _FEW:  # a step for a few texts costs more than each alone
                _look_up(picked, active, filled, _DRAWS_PER_TRIAL, texts_rows, draws, firsts)
                for place, number in enumerate(active.tolist()):
                    final[number], checks[number] = _finish_alone(
                        prob[place], float(weights[number]), picked[number], start, made, table)
                break
            if start + _CHECK_EVERY > filled:
                wider = min(2 * filled - 1, _DRAWS_PER_TRIAL)
                _look_up(picked, active, filled, wider, texts_rows, draws, firsts)
                filled = wider
            block = table.take(picked[active, start:start + _CHECK_EVERY], axis=0)
            block += weight
            for k in range(_CHECK_EVERY):
                prob *= block[:, k]
            stopped = _normalise(prob)
            made += 1
            start += _CHECK_EVERY
            if made >= _MAX_BLOCKS:  # the check at iteration 1000 is the last one
                final[active] = prob
                checks[active] = made
                break
            if stopped.any():
                final[active[stopped]] = prob[stopped]
                checks[active[stopped]] = made
                going = ~stopped
                active, prob, weight = active[going], prob[going], weight[going]
        totals += final / _TRIALS
        for number in range(count):
            used = _CHECK_EVERY * int(checks[number]) - (_CHECK_EVERY - 1)
            positions[number] = int(draws[number].positions[firsts[number] + used - 1]) + 1
    return totals


def _look_up(picked: np.ndarray, active: np.ndarray, filled: int, wider: int,
             texts_rows: list[np.ndarray], draws: list[_Draws], firsts: list[int]) -> None:
    """Table rows of the running texts' draws `filled` to `wider` of this trial."""
    for number in active.tolist():
        picked[number, filled:wider] = texts_rows[number][
            draws[number].take(firsts[number] + filled, wider - filled)]


def _finish_alone(prob: np.ndarray, weight: float, picked: np.ndarray, start: int, made: int,
                  table: np.ndarray) -> tuple[np.ndarray, int]:
    """One text's trial carried on alone from check `made` (`prob` normalised by it, draws
    from `picked[start]` on), in chunks of check blocks as `_estimate` runs them; returns the
    final probabilities and the number of checks made."""
    width = _CHECK_EVERY + 1
    hint = 8
    reduce, divide = np.multiply.reduce, np.true_divide
    while True:
        n_blocks = min(hint, _MAX_BLOCKS - made)
        layout = np.zeros((n_blocks + 1, width), dtype=np.intp)  # row 0 of a block: the slot
        layout[:n_blocks, 1:] = picked[start:start + _CHECK_EVERY * n_blocks].reshape(
            n_blocks, _CHECK_EVERY)
        block = table.take(layout, axis=0)
        block += weight
        block[0, 0] = prob
        for factors, landing in zip(block, block[1:, 0]):
            reduce(factors, 0, None, landing)
            values = landing.tolist()
            norm = sum(values)
            divide(landing, norm, landing)
            made += 1
            start += _CHECK_EVERY
            if max(values) / norm > _CONVERGED or made >= _MAX_BLOCKS:
                return landing, made
        prob = landing
        hint *= 2


def _normalise(prob: np.ndarray) -> np.ndarray:
    """Divide each row of ``prob`` by its sum (added left to right); which rows converged."""
    texts = prob.shape[0]
    # (languages, texts): reducing the first axis adds each column's values in order. One
    # text alone would be reduced as a flat run, which numpy adds pairwise: pad to two.
    columns = np.zeros((prob.shape[1], max(texts, 2)))
    columns[:, :texts] = prob.T
    norm = np.add.reduce(columns, axis=0)[:texts]
    peak = prob.max(axis=1)
    prob /= norm[:, None]
    converged: np.ndarray = peak / norm > _CONVERGED
    return converged
