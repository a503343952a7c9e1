"""What a completion says, in the shapes trainers hand completions and prompts over.

TRL passes plain strings (standard datasets) or lists of chat messages
(conversational datasets: `[{"role": "assistant", "content": ...}]`, content
sometimes a list of typed parts); verl passes the decoded response string.
Only the answer is graded: `<think>…</think>` blocks are cut the way
`ifevalpp respond` cuts them, unless the caller keeps the reasoning.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

THINK_TAGS: tuple[str, str] = ("<think>", "</think>")


def _content_text(content: Any) -> Optional[str]:
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence) and not isinstance(content, (str, bytes)):
        # Typed parts ({"type": "text", "text": ...}); images and other parts say nothing to grade.
        texts = [part if isinstance(part, str) else part.get("text")
                 for part in content
                 if isinstance(part, str) or (isinstance(part, Mapping)
                                              and part.get("type", "text") == "text")]
        if all(isinstance(text, str) for text in texts):
            return "".join(texts)  # type: ignore[arg-type]  # the all(isinstance(..., str)) above narrows what mypy cannot
    return None


def _message_text(messages: Sequence[Any], role: str) -> Optional[str]:
    """The content of the last message with `role` (or without any role), else None."""
    for message in reversed(messages):
        if isinstance(message, Mapping) and message.get("role", role) == role:
            return _content_text(message.get("content"))
    return None


def strip_reasoning(text: str) -> str:
    """The answer without its think blocks, exactly as `respond` separates them by default."""
    if "think>" not in text:  # (in both tags: one scan of the text finds neither)
        return text  # the common case: no need to load the endpoint client
    from ..reasoning import ReasoningHandling, split_reasoning

    return split_reasoning(text, None, ReasoningHandling(keep_reasoning=False,
                                                         think_tags=THINK_TAGS)).response


def completion_text(completion: Any, *, keep_reasoning: bool = False) -> Optional[str]:
    """The graded text of one completion, or None when it holds no text (it then scores 0.0).

    A string is taken as it is; a chat message or a list of messages gives the
    content of its last assistant message.
    """
    if isinstance(completion, str):
        text: Optional[str] = completion
    elif isinstance(completion, Mapping):
        text = _message_text([completion], "assistant")
    elif isinstance(completion, Sequence) and not isinstance(completion, bytes):
        text = _message_text(completion, "assistant")
    else:
        return None
    if text is None or keep_reasoning:
        return text
    return strip_reasoning(text)


def prompt_text(prompt: Any) -> Optional[str]:
    """The user's request in a plain or conversational prompt (its last user message)."""
    if isinstance(prompt, str) or prompt is None:
        return prompt
    if isinstance(prompt, Mapping):
        prompt = [prompt]
    if isinstance(prompt, Sequence) and not isinstance(prompt, bytes):
        return _message_text(prompt, "user")
    return None
