"""One policy for what comes in at the edges: the API, the pages and the command line's import.

Text is valid UTF-8, without NUL characters (PostgreSQL text cannot hold them) and without lone
surrogates (they cannot be written out as UTF-8 again: a stored one would break every page and
export of its match). Integers are bounded before Python or SQL sees them (a 5,000-digit number
costs Python seconds to read and overflows every SQL column). JSON nests at most ``MAX_DEPTH``
deep. Each refusal says what was wrong and where, and nothing is changed.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote_to_bytes

from referee.edge.errors import error_body, error_page
from referee.edge.gettext import gettext
from referee.edge.i18n import told
from referee.service.bounds import INT32_MAX
from referee.service.sentences import ENGLISH, Finished, Words, sentence

MAX_DEPTH = 32  # the deepest a request's JSON may nest (a move's payload needs 4)
MAX_DIGITS = 100  # the longest number a request's JSON may hold (typed fields have ranges)
MAX_INT = 2**63 - 1  # a whole number typed into a form: it fits in 64 bits, signed
MAX_ID = INT32_MAX  # the largest id an INTEGER column holds on PostgreSQL

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_WHOLE = re.compile(r"^\s*[+-]?\d+\s*$")


class Refused(ValueError):
    """Input the policy refuses: what was wrong (a sentence, worded for each reader at the
    edge; ``message`` is its English wording) and where (a dotted path)."""

    def __init__(self, message: Words, where: str, status: int = 400,
                 detail: Words | None = None) -> None:
        self.sentence = message
        self.message = message.worded(ENGLISH)
        super().__init__(f"{self.message} (at {where})")
        self.where = where
        self.status = status
        self.said_detail = detail  # the parser's own words, when there are some
        self.detail = detail.worded(ENGLISH) if detail is not None else None


class _TooLong(str):
    """An integer's digits, kept as text while the document is read, refused afterwards."""


# --- text ------------------------------------------------------------------------------------


def check_text(text: str, where: str) -> str:
    """The text itself, when it holds no NUL character and no lone surrogate."""
    if "\x00" in text:
        raise Refused(sentence("Text may not contain NUL characters (\\u0000)."), where, 422)
    if _SURROGATE.search(text):
        raise Refused(sentence("Text may not contain lone surrogates (\\ud800 to \\udfff): they "
                               "are no Unicode character."), where, 422)
    return text


def decode(raw: bytes, where: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Refused(sentence("This is not valid UTF-8 (byte {byte}).", byte=err.start),
                      where) from None


def printable(text: str) -> str:
    """Text that can be written out as UTF-8 whatever it holds (lone surrogates become �)."""
    return _SURROGATE.sub("\ufffd", text)


# --- integers --------------------------------------------------------------------------------


def whole_number(text: str, where: str, minimum: int | None = None,
                 maximum: int = MAX_ID) -> int:
    """A whole number typed into a page or a query, within bounds, read only once it is short."""
    if not _WHOLE.match(text):
        raise Refused(sentence("{where} must be a whole number, not {text}.", where=where,
                               text=repr(text[:40])), where)
    digits = text.strip().lstrip("+-").lstrip("0")
    if len(digits) > len(str(maximum)) or int(text) > maximum:
        raise Refused(sentence("{where} must be at most {most}.", where=where, most=maximum),
                      where)
    number = int(text)
    if minimum is not None and number < minimum:
        raise Refused(sentence("{where} must be at least {least}.", where=where,
                               least=minimum), where)
    return number


# --- JSON ------------------------------------------------------------------------------------


def _parse_int(text: str) -> int | _TooLong:
    if len(text.lstrip("-")) > MAX_DIGITS:
        return _TooLong(text)
    return int(text)


def _parse_float(text: str) -> float | _TooLong:
    value = float(text)
    return value if math.isfinite(value) else _TooLong(text)


class _NotANumber(ValueError):
    """``NaN``, ``Infinity``: Python reads them, JSON has no such number."""


def _refuse_constant(text: str) -> Any:
    raise _NotANumber(text)


#: What the JSON parser says (``json.JSONDecodeError.msg``), in words the catalogue has.
PARSER_WORDS = {
    "Expecting value": sentence("Expecting value"),
    "Expecting property name enclosed in double quotes":
        sentence("Expecting property name enclosed in double quotes"),
    "Expecting ':' delimiter": sentence("Expecting ':' delimiter"),
    "Expecting ',' delimiter": sentence("Expecting ',' delimiter"),
    "Unterminated string starting at": sentence("Unterminated string starting at"),
    "Invalid control character at": sentence("Invalid control character at"),
    "Invalid \\escape": sentence("Invalid \\escape"),
    "Invalid \\uXXXX escape": sentence("Invalid \\uXXXX escape"),
    "Extra data": sentence("Extra data"),
}


def parser_words(err: ValueError | RecursionError) -> Words:
    """Why the parser stopped, and where, as it says it (``Expecting value: line 1 column 1
    (char 0)``), in words each reader can have."""
    if isinstance(err, json.JSONDecodeError):
        what = PARSER_WORDS.get(err.msg, err.msg)
        return sentence("{what}: line {line} column {column} (char {char})", what=what,
                        line=err.lineno, column=err.colno, char=err.pos)
    if isinstance(err, _NotANumber):
        return sentence("{text} is not a JSON number", text=str(err))
    if isinstance(err, RecursionError):
        return sentence("The JSON nests too deep.")
    return Finished(str(err))


def depth(raw: bytes) -> int:
    """How deep the document's arrays and objects nest, found without reading it."""
    deepest = level = 0
    for found in _BRACKET.finditer(_STRING.sub(b'""', raw)):
        if found.group() in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


#: The policy's JSON reader, made once (``json.loads`` with hooks makes a new one per call).
_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_float=_parse_float,
                            parse_constant=_refuse_constant)


def load_json(raw: bytes, where: str = "body") -> Any:
    """A JSON document read under the policy, or ``Refused`` saying what and where."""
    text = decode(raw, where)
    # No deeper than its opening brackets, strings' included: most documents need no count.
    if raw.count(b"[") + raw.count(b"{") > MAX_DEPTH and depth(raw) > MAX_DEPTH:
        raise Refused(sentence("The JSON nests deeper than {depth} levels.", depth=MAX_DEPTH),
                      where)
    try:
        if text.startswith("\ufeff"):  # as json.loads says it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        value = _DECODER.decode(text)
    except (ValueError, RecursionError) as err:
        said = (sentence("The request body is not valid JSON.") if where == "body"
                else sentence("This is not valid JSON."))
        raise Refused(said, where, detail=parser_words(err)) from None
    if not _plain(value):  # something to refuse: found again, with where it is
        check_value(value, where)
    return value


_REFUSED_TEXT = re.compile(f"\\x00|{_SURROGATE.pattern}")  # what check_text refuses
_PLAIN_SCALARS = frozenset({int, bool, type(None)})


def _plain(value: Any) -> bool:
    """Nothing in a JSON value that ``check_value`` refuses, found without naming a path."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            if not all(type(key) is str and not _REFUSED_TEXT.search(key) for key in item):
                return False
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif not _plain_scalar(item, kind):
            return False
    return True


def _plain_scalar(item: Any, kind: type) -> bool:
    if kind is str:
        return _REFUSED_TEXT.search(item) is None
    if kind is float:
        return math.isfinite(item)
    return kind in _PLAIN_SCALARS  # not a number too long (_TooLong), nor anything else


def check_value(value: Any, where: str) -> None:
    """Every string (keys too) and number of a JSON value, against the policy."""
    for path, item in _walk(value, where):
        if isinstance(item, _TooLong):
            raise Refused(sentence("The number {number}… is too large: numbers here have at "
                                   "most {digits} digits.", number=item[:20],
                                   digits=MAX_DIGITS), path)
        if isinstance(item, str):
            check_text(item, path)
        elif isinstance(item, float) and not math.isfinite(item):
            raise Refused(sentence("Numbers must be finite."), path)


def _walk(value: Any, where: str) -> Iterator[tuple[str, Any]]:
    stack: list[tuple[str, Any]] = [(where, value)]
    while stack:
        path, item = stack.pop()
        if isinstance(item, dict):
            for key, sub in item.items():
                yield f"{path}.{printable(str(key))}", key
                stack.append((f"{path}.{printable(str(key))}", sub))
        elif isinstance(item, list):
            stack.extend((f"{path}.{i}", sub) for i, sub in enumerate(item))
        else:
            yield path, item


# --- forms and queries -----------------------------------------------------------------------


def check_urlencoded(raw: bytes, where: str) -> None:
    """A query string or a posted form: every name and value valid UTF-8, no NUL."""
    for pair in raw.split(b"&"):
        if not pair:
            continue
        name, _, value = pair.partition(b"=")
        key = decode(unquote_to_bytes(name.replace(b"+", b" ")), where)
        check_text(key, where)
        place = f"{where}.{key}"
        check_text(decode(unquote_to_bytes(value.replace(b"+", b" ")), place), place)


# --- the policy applied to every request ------------------------------------------------------

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def screen_request() -> Any:
    """Refuse what the policy refuses before any view, service or database sees it."""
    from flask import request

    try:
        check_urlencoded(request.query_string, "query")
        if request.method in BODY_METHODS:
            _screen_body(request)
    except Refused as err:
        return refusal(err)
    return None


#: The endpoints that take a match export (the API's import, the import page), whose body
#: may be up to ``IMPORT_MAX_BYTES`` rather than the ``MAX_CONTENT_LENGTH`` of any other.
IMPORTS = frozenset({"matches.Import", "web.import_match"})


def body_limit(endpoint: str | None, values: Any) -> None:
    """An import's body may be as large as ``IMPORT_MAX_BYTES``. Run before every
    ``before_request`` hook (a URL value preprocessor), so that no hook reads a body under
    another limit first."""
    from flask import current_app, request

    if endpoint in IMPORTS:
        request.max_content_length = current_app.config["IMPORT_MAX_BYTES"]


def _read_chunked(request: Any) -> None:
    """A body sent with chunked transfer encoding has no Content-Length: read it here, up to
    the limit, so that it is screened (and refused when too large) like any other."""
    from werkzeug.exceptions import RequestEntityTooLarge

    limit = request.max_content_length
    raw = request.environ["wsgi.input"].read(limit + 1)
    if len(raw) > limit:
        raise RequestEntityTooLarge()
    request._cached_data = raw  # what get_data, get_json and the form parser read from now on


def _screen_body(request: Any) -> None:
    if request.content_length is None and request.environ.get("wsgi.input_terminated"):
        _read_chunked(request)
    mimetype = request.mimetype or ""
    if mimetype == "application/json" or mimetype.endswith("+json"):
        raw = request.get_data(cache=True)  # bounded by MAX_CONTENT_LENGTH, chunked or not
        if raw.strip():
            request.environ[_BODY] = load_json(raw, "body")
    elif mimetype == "application/x-www-form-urlencoded":
        check_urlencoded(request.get_data(cache=True), "form")
    elif mimetype == "multipart/form-data":
        for name, value in request.form.items(multi=True):
            check_text(name, "form")
            check_text(value, f"form.{name}")
        for name, upload in request.files.items(multi=True):
            check_text(upload.filename or "", f"form.{name}")


#: Where the screen leaves the JSON body it read and let pass (``screened_body``).
_BODY = "referee.screened_body"
#: ``screened_body`` of a request whose body the screen did not read as JSON.
NOT_SCREENED = object()


def forget_screened_body(request: Any) -> None:
    """Let the JSON body the screen read go, once the view has what it needs from it (an
    import's export is large): neither it nor the raw bytes are kept past that."""
    request.environ.pop(_BODY, None)
    if getattr(request, "_cached_data", None) is not None:
        request._cached_data = b""


def screened_body(request: Any) -> Any:
    """The JSON body the screen read and let pass, so that a view need not decode it again;
    ``NOT_SCREENED`` when there was none (no JSON mimetype, or an empty body)."""
    return request.environ.get(_BODY, NOT_SCREENED)


def refusal(err: Refused) -> Any:
    """The API answers in its one JSON error shape; the pages in words."""
    from flask import jsonify, request

    path = request.path
    if path == "/api" or path.startswith("/api/"):
        detail = told(err.said_detail) if err.said_detail is not None else None
        body = error_body(err.status, told(err.sentence), where=err.where, detail=detail)
        return jsonify(body), err.status
    return error_page(err.status, told(err.sentence), where=err.where)


def init_app(app: Any) -> None:
    class SafeResponse(app.response_class):  # the app's own response class
        """A body with a stray lone surrogate is still written out, as U+FFFD."""

        def set_data(self, value: bytes | str) -> None:
            if isinstance(value, str):
                value = printable(value).encode("utf-8")
            super().set_data(value)

    app.response_class = SafeResponse
    app.url_value_preprocessor(body_limit)
    app.before_request_funcs.setdefault(None, []).insert(0, screen_request)


def small_int(text: str | None, maximum: int = MAX_ID) -> int | None:
    """A form field's index or count when it is an ASCII whole number within bounds, else None."""
    if text is None or not _WHOLE.match(text) or not text.isascii():
        return None
    try:
        return whole_number(text, "field", -maximum, maximum)
    except Refused:
        return None


def too_large() -> str:
    """What a 413 says: an import's own limit, or the 64 KiB of any other request."""
    from flask import current_app, request

    if request.endpoint in IMPORTS:
        return gettext("A match export to import may be at most {size}.",
                 size=said_size(current_app.config["IMPORT_MAX_BYTES"]))
    return gettext("The request body is larger than 64 KiB.")


def said_size(size: int) -> str:
    """A byte count as a 413 says it, in the reader's units: 64 MiB, 96 KiB, or bytes."""
    if size >= 1024 * 1024 and size % (1024 * 1024) == 0:
        return gettext("{count} MiB", count=size // (1024 * 1024))
    if size >= 1024 and size % 1024 == 0:
        return gettext("{count} KiB", count=size // 1024)
    return gettext("{count} bytes", count=size)
