"""GitHub side of liftdiff: a GitHub App (`liftdiff bot serve`) and a GitHub Action
(`liftdiff bot action`) that put one up-to-date table of a pull request's changed
functions on the PR and gate the merge with a check run.

Layout, after gidgethub: the protocol is pure functions (`webhook`: signature,
event, route; `conversation`: comment, check run and annotations from a review;
`retry`: how long GitHub asks us to wait), the I/O thin shells around them
(`server`, `action`, `github_api`, `clone`, `worker`). Depends on `hooks` and
`checker`, never the other way round.

The server stack is Starlette on uvicorn: Starlette is a small, typed ASGI
toolkit (routing, a streamed request body to cut off oversized deliveries, a
lifespan hook for a graceful shutdown) without an ORM, templates or
validation layer we would not use; uvicorn is the reference ASGI server, with
SIGTERM handling and graceful shutdown built in. The reviews themselves run in
worker threads that start one child process per pull request, so the event
loop only verifies, parses and queues.
"""
