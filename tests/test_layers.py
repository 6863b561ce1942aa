"""The package's import graph: no cycle between any two modules, and no import from a room
of the layer order (docs/architecture.md) into a room above it.

Every `import` statement of `src/tycoon` counts: module-level, function-local and type-only
ones (under `TYPE_CHECKING`) alike. A package's `__init__` is a module of its own (importing
`tycoon.editions.builder` imports it). There is no list of exceptions.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

ROOMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("tycoon", "tycoon.native", "tycoon.console")),
    ("ground", ("tycoon.engine.",)),
    ("rules", ("tycoon.rules",)),
    ("editions", ("tycoon.editions",)),
    ("api", ("tycoon.api", "tycoon.engine")),
    ("records", ("tycoon.records",)),
    ("bots", ("tycoon.bots",)),
    ("sim", ("tycoon.sim",)),
    ("analysis", ("tycoon.analysis",)),
    ("server", ("tycoon.server",)),
    ("cli", ("tycoon.cli",)),
    ("rl", ("tycoon.rl",)),
)
"""The rooms, bottom first; a module may import its own room and the rooms below it. A
prefix ending in '.' matches the modules below it only (the ground is `tycoon.engine`'s
modules; `tycoon.engine` itself, the package's namespace, re-exports the API on first use
and so sits in the api room); any other prefix matches that module and those below it."""

Edge = tuple[str, str, int]
"""(importer, imported, line)."""


def modules(src: Path = SRC) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for f in sorted((src / "tycoon").rglob("*.py")):
        parts = f.relative_to(src).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = f
    return out


def imports(mods: dict[str, Path]) -> list[Edge]:
    """Every import of a package module by another (each name of `from m import a, b` is
    the module `m.a` if there is one, else `m`)."""
    edges: list[Edge] = []
    for name, f in mods.items():
        package = name if f.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"), str(f))):
            found: list[str] = []
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*up, base] if base else up)
                found = [
                    f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names
                ]
            for target in found:
                while target and target not in mods and target.startswith("tycoon."):
                    target = target.rpartition(".")[0]  # `import tycoon.x.y` names tycoon.x.y
                if target in mods and target != name:
                    edges.append((name, target, node.lineno))
    return sorted(set(edges))


def room_of(module: str) -> int:
    """The index of the room `module` belongs to (the longest matching prefix)."""
    best, best_len = -1, -1
    for i, (_, prefixes) in enumerate(ROOMS):
        for p in prefixes:
            hit = (
                module.startswith(p)
                if p.endswith(".")
                else module == p or module.startswith(p + ".")
            )
            if hit and len(p) > best_len:
                best, best_len = i, len(p)
    assert best >= 0, f"module {module} is in no room of ROOMS"
    return best


def cycles(edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    graph: dict[str, set[str]] = {}
    for a, b, _ in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def test_every_module_has_a_room() -> None:
    for m in modules():
        room_of(m)


def test_no_import_cycle() -> None:
    mods = modules()
    edges = imports(mods)
    found = cycles(edges)
    lines = []
    for comp in found:
        inside = set(comp)
        lines.append(f"cycle of {len(comp)} modules: {', '.join(comp)}")
        for a, b, line in sorted(edges):
            if a in inside and b in inside:
                lines.append(f"  {mods[a].relative_to(SRC)}:{line} imports {b}")
    assert not found, "\n".join(lines)


def test_no_upward_import() -> None:
    mods = modules()
    wrong = []
    for a, b, line in sorted(imports(mods)):
        ra, rb = room_of(a), room_of(b)
        if rb > ra:
            wrong.append(
                f"{mods[a].relative_to(SRC)}:{line}: {a} (room {ROOMS[ra][0]}) imports "
                f"{b} (room {ROOMS[rb][0]}, above it)"
            )
    assert not wrong, "\n".join(wrong)


def test_a_package_namespace_runs_nothing_above_its_modules() -> None:
    """Importing a module runs its package's `__init__` first: a namespace that sits in a
    higher room than its modules (`tycoon.engine`) imports upward only inside functions (on
    first use of a name), never when the package loads."""
    mods = modules()
    wrong = []
    for a, b, line in sorted(imports(mods)):
        if mods[a].name != "__init__.py":
            continue
        below = [room_of(m) for m in mods if m.startswith(a + ".")]
        if below and room_of(b) > min(below) and _runs_at_load(mods[a], line):
            wrong.append(f"{mods[a].relative_to(SRC)}:{line}: loading {a} imports {b}")
    assert not wrong, "\n".join(wrong)


def _runs_at_load(f: Path, line: int) -> bool:
    """Does the statement on `line` run when the module loads (in no function, not under
    `if TYPE_CHECKING`)?"""
    body: list[ast.stmt] = ast.parse(f.read_text(encoding="utf-8")).body
    while True:
        node = next((n for n in body if n.lineno <= line <= (n.end_lineno or n.lineno)), None)
        if node is None or isinstance(node, ast.Import | ast.ImportFrom):
            return node is not None
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return False
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return False
        body = [n for n in ast.iter_child_nodes(node) if isinstance(n, ast.stmt)]


def test_the_documented_diagram_has_the_rooms_in_this_order() -> None:
    """docs/architecture.md draws the rooms top first: the same rooms, in the same order."""
    doc = (SRC.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    diagram = doc.split("```")[1]
    drawn = [line.split()[0] for line in diagram.splitlines() if line[:3].strip()]
    assert drawn == [name for name, _ in reversed(ROOMS)]
