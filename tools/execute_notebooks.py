"""Execute notebooks in place with nbclient, so their stored outputs and the files they write
into figures/ are regenerated (``make figures``).

Each notebook runs in its own folder (relative paths work as in Jupyter), with its own
``kernelspec`` (python3: the kernel of the interpreter running this script), and without
per-cell timing metadata (``record_timing=False``), and with consecutive prints to one stream
stored as one output (the kernel flushes stdout in chunks that depend on timing, so without this
a re-run splits one printed line over two outputs one time and not the next), so re-running an
unchanged notebook leaves its JSON unchanged apart from what the code prints. Before it runs,
each Markdown cell is given the PDF's equation numbers and its links
(``verification.report.prose``).

The notebooks import the ``mines_theory`` of this checkout (its root first on the script's
path and on the kernel's ``PYTHONPATH``), not whichever copy the interpreter has installed: a
second checkout or a git worktree sharing one virtual environment otherwise runs the first
checkout's library and writes into the first checkout's figures/.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's library, for the script (its kernels: execute)

from mines_theory.files import save_with  # noqa: E402
from mines_theory.verification.views.report import prose  # noqa: E402


def coalesce_streams(outputs: list) -> list:
    """``outputs`` with each run of consecutive stream outputs of one name (stdout, stderr) joined
    into one, as nbval compares them.

    >>> out = [nbformat.v4.new_output("stream", name="stdout", text="largest: mean"),
    ...        nbformat.v4.new_output("stream", name="stdout", text=" 2e-16\\n")]
    >>> [o["text"] for o in coalesce_streams(out)]
    ['largest: mean 2e-16\\n']
    """
    joined: list = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (
            output.get("output_type") == "stream"
            and last is not None
            and last.get("output_type") == "stream"
            and last.get("name") == output.get("name")
        ):
            last["text"] = "".join(last["text"]) + "".join(output["text"])
        else:
            joined.append(output)
    return joined


def execute(path: Path, timeout: int) -> float:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = prose(cell.source)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=nb.metadata.kernelspec.name,
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    start = time.perf_counter()
    path_first = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    client.execute(env={**os.environ, "PYTHONPATH": path_first})  # this checkout's library
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)
    save_with(path, lambda out: nbformat.write(nb, out), binary=False)  # never half of one
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--timeout", type=int, default=900, help="seconds per cell")
    args = parser.parse_args(argv)
    for path in sorted(args.notebooks):
        seconds = execute(path, args.timeout)
        print(f"executed {path} in {seconds:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
