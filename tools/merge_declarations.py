"""Merge aid for branch h5 (issue 26 §2; delete once merged): put the declarations of h5
(``@claim``, ``@finding``, ``@erratum`` and ``claim_without_check`` of
``mines_theory.verification.registry``) above the same checks in the working tree, wherever
those checks live now.

The declarations sit on the line above each check's ``def``; a branch that changes that ``def``
line (``-> bool`` to ``-> Evidence``) or moves the check to another module conflicts with them.
Resolve such a conflict by taking the other branch's side of the section module (``git checkout
--ours FILE`` while merging h5 into a tree that has the other branch), then run::

    python tools/merge_declarations.py h5            # inserts what is missing, idempotent
    python tools/merge_declarations.py h5 --check    # exit 1 if a declaration is missing

Each declaration is copied verbatim from the ref's source and placed above the topmost decorator
of the function of the same name (searched first in the same file, then in the same package,
then anywhere under mines_theory/verification); the module gets
``from .registry import …`` (or ``..registry``) among its relative imports.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "mines_theory" / "verification"
DECORATORS = ("claim", "finding", "erratum")


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          text=True).stdout


def _declarations(ref: str) -> tuple[list[tuple[str, str, str]], list[tuple[str, str]]]:
    """([(relative path, function name, decorator source)], [(relative path, call source)])
    of every declaration in ``ref``."""
    decorated, calls = [], []
    prefix = "mines_theory/verification/"
    for path in _git("ls-tree", "-r", "--name-only", ref, prefix).split():
        if not path.endswith(".py"):
            continue
        source = _git("show", f"{ref}:{path}")
        lines = source.split("\n")
        for node in ast.parse(source).body:
            if isinstance(node, ast.FunctionDef):
                for d in node.decorator_list:
                    if (isinstance(d, ast.Call) and isinstance(d.func, ast.Name)
                            and d.func.id in DECORATORS):
                        text = "\n".join(lines[d.lineno - 1:d.end_lineno])
                        decorated.append((path, node.name, text))
            elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                  and isinstance(node.value.func, ast.Name)
                  and node.value.func.id == "claim_without_check"):
                calls.append((path, "\n".join(lines[node.lineno - 1:node.end_lineno])))
    return decorated, calls


def _find(name: str, hint: Path) -> Path:
    """The file under PACKAGE that defines ``name`` at module level, preferring ``hint``."""
    candidates = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name
               for n in ast.parse(path.read_text(encoding="utf-8")).body):
            candidates.append(path)
    for group in ([c for c in candidates if c == hint],
                  [c for c in candidates if c.parent == hint.with_suffix("")
                   or c.parent == hint.parent],
                  candidates):
        if len(group) == 1:
            return group[0]
    raise SystemExit(f"{name}: defined in {len(candidates)} places {candidates}; place its "
                     "declaration by hand")


def _add_import(lines: list[str], path: Path, names: set[str]) -> None:
    level = len(path.relative_to(PACKAGE).parts)
    module = "." * level + "registry"
    tree = ast.parse("\n".join(lines))
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level == level and node.module == "registry":
            have = {a.name for a in node.names}
            if names <= have:
                return
            lines[node.lineno - 1:node.end_lineno] = [
                f"from {module} import {', '.join(sorted(have | names))}"]
            return
    relative = [n for n in tree.body if isinstance(n, ast.ImportFrom) and n.level >= 1]
    at = next((n.lineno - 1 for n in relative
               if (n.level == level and (n.module or "") > "registry") or n.level < level),
              relative[-1].end_lineno if relative else 0)
    lines.insert(at, f"from {module} import {', '.join(sorted(names))}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ref", help="the git ref whose declarations to copy (e.g. h5)")
    parser.add_argument("--check", action="store_true", help="only report what is missing")
    args = parser.parse_args(argv)
    decorated, calls = _declarations(args.ref)
    missing: dict[Path, list[tuple[str, str]]] = {}
    for relative, name, text in decorated:
        path = _find(name, ROOT / relative)
        lines = path.read_text(encoding="utf-8").split("\n")
        if text.split("\n")[0] in lines:
            continue
        missing.setdefault(path, []).append((name, text))
    for relative, text in calls:
        path = ROOT / relative
        if not path.exists() or text.split("\n")[0] not in path.read_text(encoding="utf-8"):
            print(f"claim_without_check in {relative} is missing: add by hand:\n{text}")
    for path, items in missing.items():
        print(f"{path.relative_to(ROOT)}: {len(items)} declaration(s) missing: "
              + ", ".join(name for name, _ in items))
    if args.check:
        return 1 if missing else 0
    for path, items in missing.items():
        lines = path.read_text(encoding="utf-8").split("\n")
        for name, text in items:
            at = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
            while at > 0 and lines[at - 1].startswith("@"):
                at -= 1
            lines[at:at] = text.split("\n")
        _add_import(lines, path, {text.split("(")[0][1:] for _, text in items})
        path.write_text("\n".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
