"""`liftdiff bot serve`: the webhook endpoint of the GitHub App (Starlette on uvicorn).

POST /webhook reads at most `max_body` bytes (413 beyond, without reading the
rest), checks the signature (401), parses (400), routes, and queues the review
(202; 200 for an event it ignores; 503 when the queue is full). GET /healthz
answers 200 with the queue's counts. On SIGTERM/SIGINT uvicorn stops taking
requests, then the lifespan closes the queue: waiting reviews are dropped (a
redelivery or the next push brings them back), running ones get `drain`
seconds and are then cancelled.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from bot.config import AppSettings
from bot.github_api import AppClients
from bot.jobs import Admission, JobQueue, Work
from bot.logs import configure, log
from bot.model import BotError
from bot.pipeline import analyse_in_child, handle
from bot.webhook import SIGNATURE_HEADER, Rejected, ReviewRequest, parse, route, verify

DRAIN = 20.0


class BodyTooLarge(Rejected):
    def __init__(self, limit: int) -> None:
        super().__init__(413, f"body larger than {limit} bytes")


async def _bounded_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge(limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def app_work(settings: AppSettings) -> Work:
    """What a queued review does in the App: an installation client, a child analysis."""
    clients = AppClients(settings)
    limits = settings.tuning.limits
    analyse = analyse_in_child(limits)

    def work(request: ReviewRequest, cancel: threading.Event) -> str:
        if request.installation is None:
            raise BotError("the delivery names no installation of the App")
        client = clients.for_installation(request.installation)
        return handle(request, client, limits, analyse, cancel).outcome.conclusion.value

    return work


def create_app(settings: AppSettings, work: Work, drain: float = DRAIN) -> Starlette:
    queue: JobQueue | None = None

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        nonlocal queue
        queue = JobQueue(work, settings.queue_size, settings.workers)
        log(
            "server.started",
            api=settings.api_url,
            workers=settings.workers,
            queue=settings.queue_size,
            max_body=settings.max_body,
        )
        try:
            yield
        finally:
            log("server.stopping", drain=drain)
            await anyio.to_thread.run_sync(queue.close, drain)
            log("server.stopped")

    async def webhook(request: Request) -> JSONResponse:
        delivery = request.headers.get("x-github-delivery", "-")
        name = request.headers.get("x-github-event", "-")
        try:
            body = await _bounded_body(request, settings.max_body)
            verify(settings.webhook_secret, body, request.headers.get(SIGNATURE_HEADER))
            event = parse(dict(request.headers), body)
            wanted = route(event)
        except Rejected as exc:
            log(
                "webhook.rejected",
                logging.WARNING,
                delivery=delivery,
                github_event=name,
                status=exc.status,
                reason=exc.reason,
            )
            return JSONResponse({"error": exc.reason}, status_code=exc.status)
        if wanted is None:
            log("webhook.ignored", delivery=delivery, github_event=name, action=event.action)
            return JSONResponse({"ignored": f"{name}.{event.action}"}, status_code=200)
        assert queue is not None
        admission = queue.submit(wanted)
        if admission in (Admission.FULL, Admission.CLOSED):
            return JSONResponse({"error": f"queue {admission.value}"}, status_code=503)
        log(
            "webhook.accepted",
            delivery=delivery,
            github_event=wanted.reason,
            repository=wanted.repository,
            number=wanted.number,
            queue=admission.value,
        )
        return JSONResponse({"queued": delivery, "as": admission.value}, status_code=202)

    async def healthz(_: Request) -> JSONResponse:
        stats = queue.stats() if queue else {}
        return JSONResponse({"status": "ok", **stats})

    return Starlette(
        routes=[
            Route("/webhook", webhook, methods=["POST"]),
            Route("/healthz", healthz, methods=["GET"]),
        ],
        lifespan=lifespan,
    )


def serve(settings: AppSettings, host: str, port: int, drain: float = DRAIN) -> int:
    configure()
    app = create_app(settings, app_work(settings), drain)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=int(drain) + 5,
    )
    server = uvicorn.Server(config)
    server.run()
    return 0 if server.started else 2
