"""Make docs/pr-comment.png: the bot's PR comment for the bundled example, as GitHub shows it.

The example (examples/sensor: old.c -> new.c) is committed into a temporary git
repository and reviewed exactly as the App reviews a pull request (net change,
interpreter-only replay); the comment's Markdown is rendered to HTML with
markdown-it-py (CommonMark + tables, raw HTML kept, as GitHub does) under
GitHub-like CSS, with the first `<details>` opened, and photographed by headless
Chromium. Not run in CI; needs `pip install -e '.[docs]'` and a `chromium`.

    python docs/render_pr_comment.py [--out docs/pr-comment.png] [--html FILE]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.conversation import comment  # noqa: E402
from bot.model import PullRequest  # noqa: E402
from bot.review import Limits, review  # noqa: E402
from hooks.gitrepo import Repo  # noqa: E402

CSS = """
body { margin: 0; padding: 24px; background: #ffffff; width: 1012px;
  font-family: -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif,
  "Noto Color Emoji"; font-size: 14px; line-height: 1.5; color: #1f2328; }
.box { border: 1px solid #d1d9e0; border-radius: 6px; }
.head { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px;
  border-radius: 6px 6px 0 0; color: #59636e; }
.head b { color: #1f2328; }
.head .badge { border: 1px solid #d1d9e0; border-radius: 2em; padding: 0 7px; font-size: 12px;
  margin-left: 4px; }
.body { padding: 16px; }
h3 { font-size: 1.25em; font-weight: 600; margin: 0 0 16px 0; }
p { margin: 0 0 16px 0; }
a { color: #0969da; text-decoration: none; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  font-size: 85%; background: rgba(129, 139, 152, 0.12); border-radius: 6px; padding: .2em .4em; }
table { border-collapse: collapse; margin: 0 0 16px 0; display: block; overflow: auto; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; }
th { font-weight: 600; background: #ffffff; }
tr:nth-child(2n) td { background: #f6f8fa; }
details { margin: 0 0 16px 0; }
summary { cursor: pointer; }
ul { margin: 0 0 16px 0; padding-left: 2em; }
sub { color: #59636e; }
"""


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def example_comment(work: Path) -> str:
    work.mkdir()
    git(work, "init", "-q", "-b", "main")
    for name, value in (("user.name", "Ada Dev"), ("user.email", "ada@example.com")):
        git(work, "config", name, value)
    (work / "src").mkdir()
    sensor = work / "src" / "sensor.c"
    sensor.write_text((ROOT / "examples" / "sensor" / "old.c").read_text())
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "sensor library")
    base = git(work, "rev-parse", "HEAD")
    sensor.write_text((ROOT / "examples" / "sensor" / "new.c").read_text())
    git(work, "commit", "-q", "-am", "sensor: rewrite clamp, unroll checksum, reorder scale")
    head = git(work, "rev-parse", "HEAD")
    reviewed = review(Repo(str(work)), base, head, Limits(), allow_compiler=False)
    pr = PullRequest(
        repository="acme/sensors",
        number=42,
        title="sensor: faster clamp and checksum",
        body="Rewrite clamp and checksum; reorder scale.",
        labels=(),
        base_sha=base,
        head_sha=head,
        merge_base=base,
        clone_url="",
        web_url="https://github.com/acme/sensors",
        commit_messages=(),
        changed_files=1,
        changed_lines=30,
    )
    return comment(reviewed, pr)


def page(markdown: str) -> str:
    renderer = MarkdownIt("commonmark", {"html": True}).enable("table")
    body = renderer.render(markdown).replace("<details>", "<details open>", 1)
    return (
        "<!doctype html><html><head><meta charset='utf-8'><style>" + CSS + "</style></head>"
        "<body><div class='box'><div class='head'><b>liftdiff</b> <span class='badge'>bot"
        "</span> commented</div><div class='body'>" + body + "</div></div></body></html>"
    )


def screenshot(html: Path, out: Path, chromium: str) -> None:
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                "--hide-scrollbars",
                "--window-size=1060,700",
                f"--screenshot={out}",
                html.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "pr-comment.png")
    parser.add_argument("--html", type=Path, help="also keep the HTML page here")
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        parser.error("needs chromium on PATH (Debian: apt-get install chromium)")
    with tempfile.TemporaryDirectory() as temp:
        markdown = example_comment(Path(temp) / "repo")
        html = args.html or Path(temp) / "comment.html"
        html.write_text(page(markdown), encoding="utf-8")
        screenshot(html, args.out.resolve(), chromium)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
