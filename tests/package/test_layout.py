"""The tests are laid out by topic and role (CONTRIBUTING, "Where a test goes"): a folder per
topic, named after the module of cs229.reference it tests, holding only the five role files; a
few folders that are not topics; every folder a package; no file name that says when its tests
were written rather than what they test."""
import re

import pytest

from tests import ROOT

TESTS = ROOT / "tests"
ROLES = {"test_formulas.py", "test_parity.py", "test_errors.py", "test_peers.py", "test_regressions.py",
         "test_extensions.py"}
NOT_TOPICS = {"audit", "conform", "estimators", "fuzz", "package"}
# topics that are no module of their own: predictions split among cores (n_jobs, in several modules)
# and the distributed face (cs229.distributed: the summation form, X-7)
OTHER_TOPICS = {"parallel", "distributed"}
# a campaign's name or a sequel's number: pinned, _2, _more, hardening
WHEN_WRITTEN = re.compile(r"_pinned|_more\b|_more_|hardening|_\d+$")


def folders(tests=TESTS):
    return sorted(p for p in tests.iterdir() if p.is_dir() and not p.name.startswith(("_", ".")))


def misplaced(tests=TESTS):
    """Every breach of the layout under ``tests``, as a line naming the file or folder."""
    topics = {p.stem for p in (ROOT / "reference").glob("*.py") if p.stem != "__init__"} | OTHER_TOPICS
    out = []
    for path in sorted(tests.glob("test_*.py")):
        out.append(f"{path.name}: a test file outside every folder (a test goes in tests/<topic>/ or a folder of "
                   f"{', '.join(sorted(NOT_TOPICS))})")
    for folder in folders(tests):
        if not (folder / "__init__.py").exists():
            out.append(f"{folder.name}/: no __init__.py (files of one role share a name across folders)")
        if folder.name in NOT_TOPICS:
            continue
        if folder.name not in topics:
            out.append(f"{folder.name}/: a topic folder is named after a module of cs229.reference")
        for path in sorted(folder.rglob("*.py")):
            if path.name != "__init__.py" and (path.parent != folder or path.name not in ROLES):
                out.append(f"{path.relative_to(tests)}: a topic folder holds only {', '.join(sorted(ROLES))}")
    for path in sorted(tests.rglob("*.py")):
        if WHEN_WRITTEN.search(path.stem):
            out.append(f"{path.relative_to(tests)}: the name says when its tests were written, not what they test")
    return out


def test_every_test_file_is_where_its_topic_and_role_say():
    assert misplaced() == []


@pytest.mark.parametrize("path, says", [
    ("test_svm.py", "test_svm.py: a test file outside every folder"),
    ("svm/test_smo_draws.py", "svm/test_smo_draws.py: a topic folder holds only"),
    ("svm/helpers/test_formulas.py", "svm/helpers/test_formulas.py: a topic folder holds only"),
    ("svm/test_svm_pinned.py", "svm/test_svm_pinned.py: the name says when"),
    ("package/test_kernels_2.py", "package/test_kernels_2.py: the name says when"),
    ("conform/test_conform_more.py", "conform/test_conform_more.py: the name says when"),
    ("audit/test_hardening_audit.py", "audit/test_hardening_audit.py: the name says when"),
    ("perceptron/test_formulas.py", "perceptron/: a topic folder is named after a module"),
])
def test_a_file_out_of_place_is_named(tmp_path, path, says):
    for folder in ("svm", "package", "conform", "audit"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").touch()
        (tmp_path / folder / "test_parity.py" if folder == "svm" else tmp_path / folder / "test_x.py").touch()
    assert misplaced(tmp_path) == []
    (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / path).touch()
    found = misplaced(tmp_path)
    assert any(line.startswith(says) for line in found), found


def test_a_folder_without_init_is_named(tmp_path):
    (tmp_path / "kernels").mkdir()
    (tmp_path / "kernels" / "test_formulas.py").touch()
    assert misplaced(tmp_path) == ["kernels/: no __init__.py (files of one role share a name across folders)"]


TEST_PATH = re.compile(r"tests/[A-Za-z_/]+\.py")
NAMING = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
SOURCE_FOLDERS = ["reference", "fast", "proofs", "estimators", "testing", "cluster", "root", "figures",
                  "tools", "bench"]


def dangling_test_paths(root=ROOT):
    """Every ``tests/….py`` that the documents or the sources' text name and that does not exist,
    as "where: path" (tests are moved by topic and role; what names them must follow)."""
    texts = [root / name for name in NAMING if (root / name).exists()]
    texts += sorted(p for folder in SOURCE_FOLDERS for p in (root / folder).rglob("*")
                    if p.suffix in (".py", ".pyx", ".pxd", ".md"))
    out = []
    for path in texts:
        for found in sorted(set(TEST_PATH.findall(path.read_text(encoding="utf-8")))):
            if not (root / found).exists():
                out.append(f"{path.relative_to(root)}: {found}")
    return out


def test_every_test_file_named_in_the_documents_and_sources_exists():
    assert dangling_test_paths() == []


def test_a_test_file_that_is_gone_is_named(tmp_path):
    (tmp_path / "tests" / "kernels").mkdir(parents=True)
    (tmp_path / "tests" / "kernels" / "test_parity.py").write_text("")
    (tmp_path / "README.md").write_text("see tests/kernels/test_parity.py and tests/kernels/test_pinned.py")
    for folder in SOURCE_FOLDERS:
        (tmp_path / folder).mkdir()
    assert dangling_test_paths(tmp_path) == ["README.md: tests/kernels/test_pinned.py"]
