"""A headless Chromium driven over the DevTools protocol (``--remote-debugging-pipe``: JSON
messages separated by NUL bytes on file descriptors 3 and 4), for the book's browser tests: one
browser for every page, each page loaded at a set width, measured by its page script
(``book/_static/checks.js``) on screen and with print media emulated, and printed to PDF.

Only the standard library and Debian's ``chromium`` are needed; the pages are local files and
nothing reaches the network.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

#: The flags that work on these machines (no sandbox as root, no GPU, no network services).
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
#: The width at which the book is read (the issue's 1280 px).
SCREEN_WIDTH = 1280
#: The width of a printed line: A4 (210 mm) less the print style's two 14-mm margins, at 96 px
#: per inch (``book/_static/wrap.css``'s ``@page``).
PRINT_WIDTH = round((210 - 2 * 14) / 25.4 * 96)


def executable() -> str | None:
    """The Chromium on this machine, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium and its one page (a context manager)."""

    def __init__(self, binary: str, timeout: float = 120.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="mines-chromium-")
        to_chromium, self._write = os.pipe()
        self._read, from_chromium = os.pipe()

        def on_fds_3_and_4():  # in the child, before exec
            a, b = os.dup(to_chromium), os.dup(from_chromium)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.process = subprocess.Popen(
            [binary, *FLAGS, f"--user-data-dir={self.profile}", "--remote-debugging-pipe"],
            pass_fds=(3, 4),
            preexec_fn=on_fds_3_and_4,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_chromium)
        os.close(from_chromium)
        self._buffer, self._id = b"", 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _message(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, page: bool = False, **params) -> dict:
        """Send one DevTools command (to the page if ``page``) and return its result."""
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if page:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._message()
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def evaluate(self, expression: str):
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.call(
            "Runtime.evaluate",
            page=True,
            expression=expression,
            awaitPromise=True,
            returnByValue=True,
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def emulate(self, width: int, media: str = "") -> None:
        """Lay the page out ``width`` px wide for ``media`` ("print", or "" for the screen)."""
        self.call(
            "Emulation.setDeviceMetricsOverride",
            page=True,
            width=width,
            height=900,
            deviceScaleFactor=1,
            mobile=False,
        )
        self.call("Emulation.setEmulatedMedia", page=True, media=media)

    def open(self, page: Path, width: int = SCREEN_WIDTH) -> dict:
        """Load ``page`` on a screen ``width`` px wide, wait for its page script's checks and
        return them (``window.bookChecks``)."""
        self.emulate(width)
        self.call("Page.navigate", page=True, url=page.as_uri())
        deadline = time.monotonic() + self.timeout
        ready = (
            f"location.href === {json.dumps(page.as_uri())} && "
            "document.readyState === 'complete' && document.body.dataset.checked === 'true'"
        )
        while not self.evaluate(ready):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{page.name}: the page script did not finish")
            time.sleep(0.1)
        return self.measure()

    def measure(self) -> dict:
        """The page script's checks, measured again at the current width and media."""
        return json.loads(self.evaluate("JSON.stringify(window.bookChecks())"))

    def print_pdf(self) -> bytes:
        """The page printed to PDF, on the paper its print style asks for."""
        data = self.call("Page.printToPDF", page=True, preferCSSPageSize=True)["data"]
        return base64.b64decode(data)

    def close(self) -> None:
        try:
            self.call("Browser.close")
            self.process.wait(timeout=30)
        except Exception:
            self.process.kill()
            self.process.wait()
        os.close(self._read)
        os.close(self._write)
        shutil.rmtree(self.profile, ignore_errors=True)


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF, from its page tree's root (the largest /Count)."""
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf)]
    counts += [int(n) for n in re.findall(rb"/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", pdf)]
    return max(counts, default=0)
