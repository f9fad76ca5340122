"""`python -m tests.architecture`: rewrite the generated parts of docs/architecture.md."""

from tests.architecture.imports import main

main()
