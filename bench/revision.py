"""Another git revision's engines, loaded beside today's in the same process.

``load_games(rev)`` takes the ``games/`` tree of ``rev`` out of the repository
(``git archive``, into a temporary folder: a read-only checkout that neither touches the
work tree nor registers a worktree, so it can run while others use the clone) and makes it
importable as the top-level package ``games_at_<sha>``. Its modules are compiled from their
own source with every ``games`` import (and every ``"games."`` module string, such as the
registry's ``"games.froggit.game:Froggit"``) renamed to that package, so the old engines
import only themselves, even in the imports they make inside functions, and today's
``games`` stays as it is. One process means both sides meet the same load and the same
interpreter, and their answers can be compared object for object.
"""

from __future__ import annotations

import ast
import atexit
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from types import ModuleType

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: The revision where the engines' speed goals start.
START = "91e3217"


class RevisionMissing(LookupError):
    """The revision is not in this clone's history (a shallow clone, or a wrong name)."""


def resolve(rev: str, root: str = ROOT) -> str:
    """The full commit id of ``rev``; raises :class:`RevisionMissing` when the clone lacks it."""
    done = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], cwd=root,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RevisionMissing(f"revision {rev!r} is not in the history of {root}")
    return done.stdout.strip()


def rename(name: str, alias: str) -> str:
    """``games`` and ``games.x`` under ``alias``; any other module name unchanged."""
    if name == "games" or name.startswith("games."):
        return alias + name[len("games"):]
    return name


class Renamer(ast.NodeTransformer):
    """Rewrites a module's imports of ``games`` (and module strings naming it) to ``alias``."""

    def __init__(self, alias: str) -> None:
        self.alias = alias

    def visit_Import(self, node: ast.Import) -> ast.stmt | list[ast.stmt]:
        rebind = []
        for name in node.names:
            renamed = rename(name.name, self.alias)
            if renamed != name.name and name.asname is None:
                # ``import games.x`` binds ``games``: bind that name to the old package.
                rebind.append(ast.Assign(targets=[ast.Name("games", ast.Store())],
                                         value=ast.Name(self.alias, ast.Load())))
            name.name = renamed
        return [node, *(ast.copy_location(statement, node) for statement in rebind[:1])]

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.ImportFrom:
        if node.level == 0 and node.module is not None:
            node.module = rename(node.module, self.alias)
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.Constant:
        if isinstance(node.value, str) and (node.value == "games" or node.value.startswith("games.")) \
                and " " not in node.value:
            node.value = rename(node.value, self.alias)
        return node


class RenamingLoader(importlib.machinery.SourceFileLoader):
    """Loads a module of the old tree from its source, with its imports renamed."""

    def __init__(self, fullname: str, path: str, alias: str) -> None:
        super().__init__(fullname, path)
        self.alias = alias

    def source_to_code(self, data, path, *, _optimize=-1):  # type: ignore[no-untyped-def, override]
        tree = ast.fix_missing_locations(Renamer(self.alias).visit(ast.parse(data, path)))
        return compile(tree, path, "exec", dont_inherit=True, optimize=_optimize)

    def get_code(self, fullname: str):  # type: ignore[no-untyped-def]
        """Always from source: a cached ``.pyc`` would hold the names of another alias."""
        source = self.get_data(self.get_filename(fullname))
        return self.source_to_code(source, self.get_filename(fullname))


class RevisionFinder(importlib.abc.MetaPathFinder):
    """Finds ``<alias>`` and ``<alias>.x.y`` in the extracted ``games/`` folder."""

    def __init__(self, alias: str, folder: str) -> None:
        self.alias = alias
        self.folder = folder

    def find_spec(self, fullname, path, target=None):  # type: ignore[no-untyped-def]
        if fullname != self.alias and not fullname.startswith(self.alias + "."):
            return None
        base = os.path.join(self.folder, *fullname.split(".")[1:])
        if os.path.isfile(os.path.join(base, "__init__.py")):
            filename = os.path.join(base, "__init__.py")
            return importlib.util.spec_from_file_location(
                fullname, filename, loader=RenamingLoader(fullname, filename, self.alias),
                submodule_search_locations=[base])
        if os.path.isfile(base + ".py"):
            return importlib.util.spec_from_file_location(
                fullname, base + ".py", loader=RenamingLoader(fullname, base + ".py", self.alias))
        return None


_LOADED: dict[str, str] = {}


def load_games(rev: str = START, root: str = ROOT) -> str:
    """Make revision ``rev``'s ``games`` package importable and answer its top-level name
    (``games_at_91e3217``). Raises :class:`RevisionMissing` when the clone lacks ``rev``."""
    sha = resolve(rev, root)
    if sha in _LOADED:
        return _LOADED[sha]
    alias = f"games_at_{sha[:12]}"
    folder = tempfile.mkdtemp(prefix=f"games-{sha[:12]}-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    archive = subprocess.run(["git", "archive", "--format=tar", sha, "games"], cwd=root,
                             capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    sys.meta_path.insert(0, RevisionFinder(alias, os.path.join(folder, "games")))
    _LOADED[sha] = alias
    return alias


def module(alias: str, name: str) -> ModuleType:
    """Module ``games.<name>`` of the loaded revision ``alias`` (``module(a, "logs")``)."""
    return importlib.import_module(f"{alias}.{name}")
