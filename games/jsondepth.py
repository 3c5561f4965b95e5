"""A bound on how deeply JSON text nests, checked before it is parsed.

Python's decoder recurses once per ``[`` or ``{``: about a thousand of them (2 kB of text)
raise RecursionError, and whatever walks the parsed value recurses again. Every JSON that
comes from outside (API bodies, log uploads, forms, command-line files) is checked here first,
so deep nesting is refused with a precise message instead of failing the server.

>>> check_depth('{"a": [[1], "[[[["]}')
>>> check_depth("[" * 40)
Traceback (most recent call last):
...
ValueError: the JSON nests more than 32 levels deep
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

#: The deepest nesting of arrays and objects read anywhere (a match log needs 5).
MAX_DEPTH = 32

#: Strings, whose brackets do not count (an unclosed one runs to the end), and everything
#: that is not a bracket.
STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
CHUNK = 4096


def depth_error(text: str | bytes, limit: int = MAX_DEPTH) -> str | None:
    """Why ``text`` nests too deeply, or None. Malformed text is left to the parser."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        text = bytes(text).decode("utf-8", "replace")
    if text.count("[") + text.count("{") <= limit:
        return None
    brackets = NOT_BRACKETS.sub("", STRINGS.sub("", text))
    depth = 0
    for start in range(0, len(brackets), CHUNK):  # in chunks, so a bomb is found at once
        depths = list(accumulate(map(STEP.__getitem__, brackets[start:start + CHUNK]), initial=depth))
        if max(depths) > limit:
            return f"the JSON nests more than {limit} levels deep"
        depth = depths[-1]
    return None


def check_depth(text: str | bytes, limit: int = MAX_DEPTH) -> None:
    """Raise ValueError (with :func:`depth_error`'s message) when ``text`` nests too deeply."""
    error = depth_error(text, limit)
    if error is not None:
        raise ValueError(error)


def loads(text: str | bytes, **options: object) -> object:
    """``json.loads`` after :func:`check_depth`: too deep nesting is a ValueError like any
    other malformed JSON, so callers that handle one handle both."""
    check_depth(text)
    return json.loads(text, **options)
