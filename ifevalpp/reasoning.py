"""Separate a model's reasoning from its answer, so only the answer is graded.

Servers hand reasoning back in two ways: a message field (`reasoning_content`
from vLLM, SGLang, llama.cpp and DeepSeek; `reasoning` from newer vLLM and
OpenRouter) or inline `<think>…</think>` blocks in the content when no
reasoning parser is configured. Both end up in `reasoning`.
"""

from __future__ import annotations

from typing import Optional

from pydantic import BaseModel, ConfigDict


class ReasoningHandling(BaseModel):
    """Where reasoning goes: always to `reasoning`; into the graded `response` only if kept."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    keep_reasoning: bool = False
    fields: tuple[str, ...] = ("reasoning_content", "reasoning")
    think_tags: tuple[str, str] = ("<think>", "</think>")


class SplitAnswer(BaseModel):
    model_config = ConfigDict(frozen=True)

    response: str
    reasoning: Optional[str]


def extract_think_blocks(content: str, open_tag: str = "<think>",
                         close_tag: str = "</think>") -> tuple[str, list[str]]:
    """Return (content without think blocks, the blocks' inner texts).

    Three shapes occur in practice: whole `<think>…</think>` blocks; a lone
    `…</think>` when the chat template already opened the block inside the
    prompt; and an unclosed `<think>…` at the start when generation stopped
    mid-thought (then everything after the tag is reasoning and the answer is
    empty). An unclosed tag after answer text is left alone: it is quoted.
    """
    blocks: list[str] = []
    first_close = content.find(close_tag)
    first_open = content.find(open_tag)
    if first_close >= 0 and (first_open < 0 or first_close < first_open):
        blocks.append(content[:first_close])
        content = content[first_close + len(close_tag):]
    pieces: list[str] = []
    position = 0
    while True:
        start = content.find(open_tag, position)
        if start < 0:
            pieces.append(content[position:])
            break
        pieces.append(content[position:start])
        inner_start = start + len(open_tag)
        end = content.find(close_tag, inner_start)
        if end < 0:
            if "".join(pieces).strip():
                # An unclosed tag after real text is more likely quoted than a thought.
                pieces.append(content[start:])
            else:
                blocks.append(content[inner_start:])
            break
        blocks.append(content[inner_start:end])
        position = end + len(close_tag)
    return "".join(pieces), blocks


def split_reasoning(content: Optional[str], field_reasoning: Optional[str],
                    handling: ReasoningHandling) -> SplitAnswer:
    """The graded response and the reasoning, following `handling`.

    With `keep_reasoning` the response is what the model said, reasoning
    included (a field's reasoning is put back as a leading think block);
    otherwise think blocks are cut and the remaining text is stripped of the
    whitespace that surrounded them.
    """
    text = content or ""
    open_tag, close_tag = handling.think_tags
    stripped, blocks = extract_think_blocks(text, open_tag, close_tag)
    parts = [part.strip() for part in ([field_reasoning] if field_reasoning else []) + blocks]
    reasoning = "\n\n".join(part for part in parts if part) or None
    if handling.keep_reasoning:
        if field_reasoning:
            text = f"{open_tag}\n{field_reasoning.strip()}\n{close_tag}\n\n{text}"
        return SplitAnswer(response=text, reasoning=reasoning)
    if blocks:
        return SplitAnswer(response=stripped.strip(), reasoning=reasoning)
    return SplitAnswer(response=text, reasoning=reasoning)
