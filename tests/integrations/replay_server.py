"""A local OpenAI-compatible server that answers each prompt with GPT-4's answer to its original.

The harness tests point lm-eval and inspect at it: every prompt of the originals and of the
family files it was given maps to its case, and the case to the answer GPT-4 gave to that
case's original (IFEval's released gpt4_responses.jsonl, line i answering case file line i).
Answers come at once, so a run over the 5,369 family prompts is bounded by the harness.

Also runnable on its own, for the full-size check by hand:

    python tests/integrations/replay_server.py --original ../shared/ifeval/input_data.jsonl \
        --responses ../shared/ifeval/gpt4_responses.jsonl --families FAMILIES.jsonl --port 8123
"""

from __future__ import annotations

import argparse
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterable, Optional


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()
            if line.strip()]


class ReplayAnswers:
    """prompt text -> the GPT-4 answer to its case's original."""

    def __init__(self, original: Path, responses: Path, families: Iterable[Path] = ()) -> None:
        cases = read_jsonl(original)
        answers = read_jsonl(responses)
        if len(cases) != len(answers):
            raise ValueError(f"{len(cases)} cases but {len(answers)} answers")
        # Line i answers case i (one prompt was edited after the GPT-4 run: match by line).
        self.by_case = {str(case["key"]): answer["response"]
                        for case, answer in zip(cases, answers)}
        self.by_prompt = {case["prompt"]: self.by_case[str(case["key"])] for case in cases}
        for path in families:
            for record in read_jsonl(path):
                case = str(record.get("case", str(record["key"]).split(":")[0]))
                self.by_prompt[record["prompt"]] = self.by_case[case]

    def answer(self, prompt: str) -> Optional[str]:
        return self.by_prompt.get(prompt)


def _completion(content: str, model: str) -> dict[str, Any]:
    return {"id": "chatcmpl-replay", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server: "ReplayServer"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
        pass

    def _send(self, status: int, body: dict[str, Any]) -> None:
        payload = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        if self.path.rstrip("/").endswith("/models"):
            self._send(200, {"object": "list", "data": [{"id": "gpt4-replay", "object": "model",
                                                         "owned_by": "ifevalpp-tests"}]})
        else:
            self._send(404, {"error": {"message": f"no route {self.path}"}})

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._send(404, {"error": {"message": f"no route {self.path}"}})
            return
        messages = body.get("messages") or []
        user = [message for message in messages if message.get("role") == "user"]
        content = user[-1]["content"] if user else ""
        if isinstance(content, list):  # typed parts
            content = "".join(part.get("text", "") for part in content)
        answer = self.server.answers.answer(content)
        if answer is None:
            self.server.unknown.append(content)
            self._send(400, {"error": {"message": "prompt not among the replayed files",
                                       "type": "invalid_request_error"}})
            return
        with self.server.lock:
            self.server.requests += 1
        self._send(200, _completion(answer, str(body.get("model") or "gpt4-replay")))


class ReplayServer(ThreadingHTTPServer):
    """The replay endpoint on 127.0.0.1 (port 0: any free port); a context manager."""

    daemon_threads = True

    def __init__(self, answers: ReplayAnswers, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.answers = answers
        self.unknown: list[str] = []
        self.requests = 0
        self.lock = threading.Lock()
        self._thread: Optional[threading.Thread] = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def __enter__(self) -> "ReplayServer":
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--original", type=Path, required=True)
    parser.add_argument("--responses", type=Path, required=True)
    parser.add_argument("--families", type=Path, action="append", default=[])
    parser.add_argument("--port", type=int, default=8123)
    args = parser.parse_args()
    server = ReplayServer(ReplayAnswers(args.original, args.responses, args.families),
                          port=args.port)
    print(server.base_url, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
