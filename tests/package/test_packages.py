"""The subpackages import each other in layers, never in a circle: read from the sources' import
statements (``import``, ``from … import``, ``cimport`` and ``importlib.import_module`` of a
literal name, at any depth, so the imports inside functions count), and seen at run time (each
subpackage imported alone, every module of it, loads no subpackage its layer does not allow)."""
import ast
import re
import subprocess
import sys

import pytest

from tests import ROOT

COMMAND = "cs229.cli"  # the cs229 command (and python -m cs229): above every subpackage

# What each subpackage may import, the layering README's Layout describes. The root (version,
# lazy subpackages, the exit codes and text helpers shared by the commands) imports nothing.
MAY_IMPORT = {
    "cs229": set(),
    "cs229.reference": {"cs229"},
    "cs229.fast": {"cs229", "cs229.reference"},
    "cs229.estimators": {"cs229", "cs229.reference", "cs229.fast", "cs229.distributed"},
    "cs229.testing": {"cs229", "cs229.reference"},
    "cs229.proofs": {"cs229", "cs229.reference", "cs229.fast", "cs229.testing"},
    "cs229.figures": {"cs229", "cs229.reference", "cs229.fast", "cs229.proofs"},
    "cs229.distributed": {"cs229", "cs229.reference", "cs229.fast"},
}
MAY_IMPORT[COMMAND] = set(MAY_IMPORT)


def _reachable(package):
    """What importing ``package`` may load: its layer's imports and theirs, transitively."""
    seen, todo = set(), [package]
    while todo:
        for b in MAY_IMPORT[todo.pop()] - seen:
            seen.add(b)
            todo.append(b)
    return seen


def _package_dir():
    """{package: folder} from pyproject.toml's package-dir: the subpackages and where they live."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    line = re.search(r"^package-dir = \{(.*)\}$", text, re.MULTILINE).group(1)
    return dict(re.findall(r'"([\w.]+)" = "(\w+)"', line))


PACKAGES = _package_dir()


def _node(module):
    """The subpackage a module name belongs to (the command apart from the root); None outside cs229."""
    if module in (COMMAND, "cs229.__main__") or module.startswith(COMMAND + "."):
        return COMMAND
    found = [p for p in PACKAGES if module == p or module.startswith(p + ".")]
    return max(found, key=len) if found else None


def _module_name(package, folder, path):
    parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def _resolve(module, level, name, is_package):
    """The absolute name of ``from <level dots><name> import``, inside ``module``."""
    if not level:
        return name
    base = module.split(".")
    base = base[:len(base) - level + (1 if is_package else 0)]
    return ".".join(base + ([name] if name else []))


def _literal_prefix(node):
    """The constant start of a str or f-string argument ('cs229.reference.' of f"cs229.reference.{topic}")."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return node.values[0].value.rsplit(".", 1)[0]
    return None


def _python_imports(module, source, is_package):
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, node.level, node.module, is_package)
            yield base, node.lineno
            for alias in node.names:  # from cs229 import figures: the subpackage, not the root
                yield f"{base}.{alias.name}", node.lineno
        elif isinstance(node, ast.Call) and node.args and getattr(node.func, "attr", getattr(node.func, "id", "")) \
                == "import_module":
            prefix = _literal_prefix(node.args[0])
            if prefix:
                yield prefix, node.lineno


_CYTHON_IMPORT = re.compile(r"^\s*(?:from\s+(\.*[\w.]*)\s+c?import\b|c?import\s+([\w.]+))", re.MULTILINE)


def _cython_imports(module, source, is_package):
    for m in _CYTHON_IMPORT.finditer(source):
        name = m.group(1) or m.group(2)
        level = len(name) - len(name.lstrip("."))
        yield _resolve(module, level, name[level:], is_package), source.count("\n", 0, m.start()) + 1


def import_graph():
    """{(importer, imported): ["module:line", ...]} between the nodes (subpackages and the command),
    read from every .py, .pyx and .pxd of the package's folders."""
    edges = {}
    for package, folder in PACKAGES.items():
        top = ROOT / folder
        files = top.glob("*.py*") if package == "cs229" else top.rglob("*.py*")  # the root's folder is flat
        for path in sorted(files):
            if path.suffix not in (".py", ".pyx", ".pxd"):
                continue
            module = _module_name(package, folder, path)
            source = path.read_text(encoding="utf-8")
            reader = _python_imports if path.suffix == ".py" else _cython_imports
            importer = _node(module)
            for name, line in reader(module, source, path.stem == "__init__"):
                imported = _node(name)
                if imported and imported != importer:
                    edges.setdefault((importer, imported), {})[f"{module}:{line}"] = None
    return {edge: list(where) for edge, where in edges.items()}


def _cycle(edges):
    """One cycle of the graph as [a, b, …, a], or None."""
    successors = {}
    for a, b in edges:
        successors.setdefault(a, []).append(b)
    state = {}

    def visit(node, path):
        state[node] = "open"
        for nxt in successors.get(node, ()):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None

    for start in sorted(successors):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_every_subpackage_has_a_layer():
    assert set(PACKAGES) | {COMMAND} == set(MAY_IMPORT)
    assert _cycle({(a, b) for a, allowed in MAY_IMPORT.items() for b in allowed}) is None


def test_the_import_graph_of_the_sources_has_no_cycle_and_keeps_to_the_layers():
    edges = import_graph()
    assert ("cs229.proofs", "cs229.reference") in edges and ("cs229.fast", "cs229.reference") in edges  # it reads
    cycle = _cycle(edges)
    assert cycle is None, "import cycle " + " -> ".join(cycle) + ": " + "; ".join(
        f"{a} -> {b} at {', '.join(edges[a, b][:3])}" for a, b in zip(cycle, cycle[1:]))
    outside = {f"{a} -> {b}": where[:3] for (a, b), where in edges.items() if b not in MAY_IMPORT[a]}
    assert not outside, f"imports outside the layers: {outside}"


_IMPORT_ALONE = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
names = [sys.argv[1]]
if sys.argv[1] != "cs229":
    names += [m.name for m in pkgutil.walk_packages(package.__path__, sys.argv[1] + ".")]
else:  # the root's own modules; the command and python -m cs229 are the command's
    names += ["cs229._exits", "cs229._text"]
for name in names:
    importlib.import_module(name)
print("\\n".join(sorted(m for m in sys.modules if m == "cs229" or m.startswith("cs229."))))
"""


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_importing_a_subpackage_alone_loads_only_what_its_layer_allows(package):
    extra = {"cs229.figures": "matplotlib", "cs229.estimators": "sklearn", "cs229.distributed": "dask"}.get(package)
    if extra:
        pytest.importorskip(extra, reason=f"{package} needs {extra}, an extra")
    out = subprocess.run([sys.executable, "-c", _IMPORT_ALONE, package], capture_output=True, text=True,
                         timeout=300, cwd=ROOT / "tests")
    assert out.returncode == 0, out.stderr[-3000:]
    loaded = {_node(m) for m in out.stdout.split()}
    assert package in loaded
    allowed = _reachable(package) | {package}
    assert loaded <= allowed, sorted(m for m in out.stdout.split() if _node(m) not in allowed)
