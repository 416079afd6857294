"""The audit's pytest plugin (entry point ``pytest11``, ``cs229-audit``).

``pytest --cs229-audit`` collects the checks ``cs229 audit`` runs, one item per registered check,
run as the audit runs it (``audit.run_check``, the same context from the same seed, examples and
digits). Node ids read ``cs229-audit::CATALOG-ID::check``; each item carries the markers
``cs229_audit``, its part (``part_I`` … ``part_V``, ``part_trees``) and its kind (``derivation``,
``identity``, ``optimality``, ``reproduction``), and as JUnit properties its catalog ID, part,
kind, source and lines in the notes, method and worst residual (or a reproduction's measure). A
failing check fails with the audit's text of it; an erratum the check finds (a printed step that
is false, the corrected form holding) is a pass that reports it, as an ``erratum`` property, a
report section (``-rP``) and a line of the summary. Given without paths, ``--cs229-audit``
collects the audit alone, not the project's own tests.

Every pytest run loads this module: the audit itself (its notation grammar, sympy) is imported
only when ``--cs229-audit`` is given.
"""
import pytest

from . import catalog, sources
from .registry import KINDS, Context, checks_for


def pytest_addoption(parser):
    group = parser.getgroup("cs229-audit", "cs229 audit: the proof checks as pytest items")
    group.addoption("--cs229-audit", action="store_true",
                    help="collect one item per registered check of cs229 audit (alone when no path is given)")
    group.addoption("--cs229-audit-part", action="append", type=catalog.part_argument, metavar="PART",
                    help=catalog.PART_HELP)
    group.addoption("--cs229-audit-id", action="append", metavar="ID",
                    help=catalog.ID_HELP)
    group.addoption("--cs229-audit-seed", type=int, default=229,
                    help="Hypothesis seed for sampled checks (default 229, as cs229 audit)")
    group.addoption("--cs229-audit-examples", type=int, default=40,
                    help="points drawn per sampled check (default 40, as cs229 audit; some checks cap it)")
    group.addoption("--cs229-audit-digits", type=int, default=50,
                    help="mpmath precision in decimal digits (default 50, as cs229 audit)")
    group.addoption("--cs229-audit-notes", metavar="DIR", default=None,
                    help="audit this copy of the notes (a directory of the five documents), as "
                         "cs229 audit --notes does; default $CS229_NOTES, shared/notes beside a "
                         "checkout, else the quotes the package stores")


def _part_marker(part):
    return f"part_{part}"


def pytest_configure(config):
    config.addinivalue_line("markers", "cs229_audit: a proof check of cs229 audit run by --cs229-audit")
    if config.getoption("cs229_audit"):
        # the part and kind markers exist only where the audit is collected, not in every project
        for part, (title, _, _) in catalog.PARTS.items():
            config.addinivalue_line("markers", f"{_part_marker(part)}: a cs229 audit check of {title}")
        for kind in KINDS:
            config.addinivalue_line("markers", f"{kind}: a cs229 audit check of kind {kind}")
        _check_audit_options(config)
        config.pluginmanager.register(ErrataSummary(), "cs229-audit-errata")


def _audit_ids(config):
    """The catalog IDs of --cs229-audit-id as the catalog spells them."""
    return [catalog.normalise_id(i) for group in config.getoption("cs229_audit_id") or []
            for i in group.split(",") if i.strip()]


def _check_audit_options(config):
    """Refuse, before collection, what ``cs229 audit`` refuses: too few examples or digits, an
    ID that selects no check, a --cs229-audit-notes that holds no copy of the notes."""
    from .text import copies

    if config.getoption("cs229_audit_examples") < 1 or config.getoption("cs229_audit_digits") < 20:
        raise pytest.UsageError("--cs229-audit-examples must be >= 1 and --cs229-audit-digits >= 20")
    notes = config.getoption("cs229_audit_notes")
    if notes is not None:
        try:
            config._cs229_audit_copy = copies.Copy.from_directory(notes)
        except FileNotFoundError as e:
            raise pytest.UsageError(f"--cs229-audit-notes {notes}: {e.args[0]}") from None
    parts = config.getoption("cs229_audit_part")
    for i in _audit_ids(config):
        if not checks_for(parts=parts, ids=[i]):
            raise pytest.UsageError(f"--cs229-audit-id {i}: no check has this ID"
                                    + (f" in part {', '.join(parts)}" if parts else "")
                                    + " (cs229 audit --list shows the catalog rows and their checks)")


def pytest_ignore_collect(collection_path, config):
    """The audit alone when no path is given: the testpaths (or the working directory) pytest
    would collect by default are the project's tests, not the audit's."""
    if config.getoption("cs229_audit") and config.args_source != pytest.Config.ArgsSource.ARGS:
        return True
    return None


@pytest.hookimpl(tryfirst=True)  # the items exist before -k, -m and --lf select among them
def pytest_collection_modifyitems(session, config, items):
    if config.getoption("cs229_audit"):
        # through genitems, so that the collection reports count the items (and xdist sees them)
        items.extend(session.genitems(AuditChecks.from_parent(session, name="cs229-audit", nodeid="cs229-audit")))


class AuditChecks(pytest.Collector):
    """The registered checks selected by part and ID, grouped by catalog ID in the audit's order."""

    def collect(self):
        config = self.config
        context = Context(seed=config.getoption("cs229_audit_seed"), examples=config.getoption("cs229_audit_examples"),
                          digits=config.getoption("cs229_audit_digits"))
        by_id = {}
        for c in checks_for(parts=config.getoption("cs229_audit_part"), ids=_audit_ids(config)):
            by_id.setdefault(c.id, []).append(c)
        return [CatalogRow.from_parent(self, name=i, checks=checks, context=context) for i, checks in by_id.items()]


class CatalogRow(pytest.Collector):
    """The checks of one catalog ID."""

    def __init__(self, *, checks, context, **kwargs):
        super().__init__(**kwargs)
        self.checks, self.context = checks, context

    def collect(self):
        return [CheckItem.from_parent(self, name=c.function.__name__, check=c, context=self.context)
                for c in self.checks]


class CheckItem(pytest.Item):
    """One registered check, run as ``cs229 audit`` runs it."""

    def __init__(self, *, check, context, **kwargs):
        super().__init__(**kwargs)
        self.check, self.context = check, context
        for marker in ("cs229_audit", _part_marker(check.part), check.kind):
            self.add_marker(marker)
        self.user_properties += [("catalog_id", check.id), ("part", check.part), ("kind", check.kind),
                                 ("source", sources.cite(check.source))]
        if check.quotes:  # the lines of the notes the check reads
            self.user_properties.append(("lines", "; ".join(dict.fromkeys(q.place for q in check.quotes))))

    def runtest(self):
        from . import audit
        from .text import copies

        copy = getattr(self.config, "_cs229_audit_copy", None) or copies.default()
        with copies.use(copy):
            row = audit.run_check(self.check, self.context)
            failure = audit.render_check(row, quotes=True) if not row.outcome.passed or row.outcome.errata else ""
        self.user_properties += [("method", row.outcome.method), ("worst_residual", repr(row.outcome.residual))]
        for e in row.outcome.errata:
            self.user_properties.append(("convention" if e.is_convention else "erratum", _one_line(e)))
        if not row.outcome.passed:
            raise CheckFailed(failure)
        if row.outcome.errata:
            self.add_report_section("call", "cs229 audit", failure)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CheckFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"{self.check.id} {self.name}: {self.check.title}"


class CheckFailed(Exception):
    """A check of the audit that does not hold; the message is the audit's text of it."""


def _one_line(e):
    """An erratum or a convention in one line, as a JUnit property and a line of the summary."""
    quoted = f" (“{e.quote.text}”, {e.quote.place})" if e.quote is not None else ""
    return (f"{e.id} [{e.nature}] {sources.cite(e.source)}{quoted}: printed {sources.cite(e.printed)}; "
            f"corrected {sources.cite(e.corrected)}; counterexample {e.counterexample}")


class ErrataSummary:
    """The errata and conventions the passing checks report, listed after the run (from the
    reports, so under pytest-xdist as well), in the catalog's order."""

    def __init__(self):
        self.found = {"erratum": [], "convention": []}

    def pytest_runtest_logreport(self, report):
        if report.when == "call" and report.passed:
            for name, value in report.user_properties:
                if name in self.found:
                    self.found[name].append(value)

    def pytest_terminal_summary(self, terminalreporter):
        order = list(catalog.ROWS)
        for name, heading in (("erratum", "errata: printed steps that are false, the corrected form passes"),
                              ("convention", "conventions: notational clashes, not errors")):
            found = sorted(set(self.found[name]), key=lambda line: (order.index(catalog.base_id(line.split()[0])), line))
            if found:
                terminalreporter.write_sep("-", f"cs229 audit {heading} ({len(found)})")
                for line in found:
                    terminalreporter.write_line(line)
