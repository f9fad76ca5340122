"""Structured logs: one JSON object per line on stderr.

Log calls name an event and pass their fields as `extra={"fields": {...}}`;
nothing secret is ever among them (the webhook secret, the private key and
tokens stay in the objects that use them), and uvicorn's own lines go through
the same formatter so a log collector reads one format.
"""

from __future__ import annotations

import json
import logging
import sys
from typing import TextIO

LOGGER = "liftdiff.bot"


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info and record.exc_info[0] is not None:
            entry["error"] = f"{record.exc_info[0].__name__}: {record.exc_info[1]}"
        return json.dumps(entry, default=str, ensure_ascii=False)


def configure(stream: TextIO | None = None, level: int = logging.INFO) -> None:
    """Route our logger and uvicorn's through one JSON-lines handler."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines())
    for name in (LOGGER, "uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level)
        logger.propagate = False


def log(name: str, level: int = logging.INFO, **fields: object) -> None:
    logging.getLogger(LOGGER).log(level, name, extra={"fields": fields})
