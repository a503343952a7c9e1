"""language:response_language — the whole response is in one given language."""
