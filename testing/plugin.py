"""The conform pytest plugin (entry point ``pytest11``, ``cs229``).

``pytest --cs229-conform=TARGET`` collects the properties ``cs229 conform TARGET`` runs as pytest
items, one per property of each function the target defines (and one failing item per signature
mismatch), so that ``-k``, ``-x``, ``--lf``, ``--junitxml`` and pytest-xdist's ``-n`` work on
them. Node ids read ``cs229-conform[TARGET]::function.property[CATALOG-ID]``; each item carries
the marker ``cs229_conform`` and the catalog ID as a JUnit property. The target runs in a child
process of each pytest process (``cs229.testing.sandbox``; with xdist, one per worker), never in
pytest's: a ``pytest.skip``, ``sys.exit`` or patched reference in it is its own answer, and a
property whose calls exceed ``--cs229-timeout`` seconds fails as a timeout.

``pytest --cs229-audit``, the audit's checks as pytest items, is the plugin of the proofs
(``cs229.proofs.plugin``, entry point ``cs229-audit``)."""
import pytest
from hypothesis import HealthCheck, seed as hypothesis_seed, settings

from .conform import (ConformError, ShrinkingDone, bounded_shrinking, defined_names, infer_topic, isolated_target,
                      signature_errors)
from .properties import CONTRACT_RTOL, TOPICS, Mismatch, Options, properties
from .sandbox import Limits, StudentBroke


def pytest_addoption(parser):
    group = parser.getgroup("cs229", "cs229 conform: check an implementation against the reference")
    group.addoption("--cs229-conform", action="append", default=[], metavar="TARGET",
                    help="collect the cs229 properties of TARGET (a module or a .py file); repeatable")
    group.addoption("--cs229-topic", choices=TOPICS, help="the topic TARGET implements (default: from its names)")
    group.addoption("--cs229-examples", type=int, default=40, help="examples per property (default 40)")
    group.addoption("--cs229-seed", type=int, default=None, help="Hypothesis seed (default: derandomized)")
    group.addoption("--cs229-rtol", type=float, default=CONTRACT_RTOL,
                    help=f"relative tolerance of closed forms (default {CONTRACT_RTOL:g})")
    group.addoption("--cs229-loose", action="store_true",
                    help="compare iterative algorithms at convergence, not iterate by iterate")
    group.addoption("--cs229-timeout", type=float, default=60.0,
                    help="seconds the target's code may run per property (default 60)")
    group.addoption("--cs229-memory", type=int, default=2048,
                    help="memory cap of the target's process in MiB, 0 for none (default 2048)")
    group.addoption("--cs229-shrink-seconds", type=float, default=60.0,
                    help="seconds a failing property is shrunk at most, then reported as shrunk so far (default 60)")


def pytest_configure(config):
    config.addinivalue_line("markers", "cs229_conform: a property of cs229.testing run by --cs229-conform")


@pytest.hookimpl(tryfirst=True)  # the items exist before -k, -m and --lf select among them
def pytest_collection_modifyitems(session, config, items):
    for target in config.getoption("cs229_conform"):
        name = f"cs229-conform[{target}]"  # through genitems: the collection reports count the items
        items.extend(session.genitems(ConformTarget.from_parent(session, name=name, nodeid=name, target=target)))


class ConformTarget(pytest.Collector):
    def __init__(self, *, target, **kwargs):
        super().__init__(**kwargs)
        self.target = target

    def collect(self):
        config = self.config
        limits = Limits(config.getoption("cs229_timeout"), config.getoption("cs229_memory"))
        try:
            child, module = isolated_target(self.target, limits)
        except ConformError as e:
            raise pytest.UsageError(f"--cs229-conform: {e}") from None
        config.add_cleanup(child.close)
        try:
            topic = config.getoption("cs229_topic") or infer_topic(module)
            if topic not in TOPICS:
                raise ConformError(f"no properties for topic {topic!r}; the topics checked are {', '.join(TOPICS)}")
        except ConformError as e:
            raise pytest.UsageError(f"--cs229-conform: {e}") from None
        names = defined_names(module, topic)
        wrong = signature_errors(module, topic, names)
        options = Options(rtol=config.getoption("cs229_rtol"), loose=config.getoption("cs229_loose"))
        items = [SignatureItem.from_parent(self, name=f"{n}.signature", message=m) for n, m in wrong.items()]
        for p in properties(topic):
            if p.function in names and p.function not in wrong:
                items.append(PropertyItem.from_parent(self, name=f"{p.function}.{p.name}[{p.catalog_id}]",
                                                      prop=p, module=module, options=options, child=child))
        return items


class PropertyItem(pytest.Item):
    def __init__(self, *, prop, module, options, child, **kwargs):
        super().__init__(**kwargs)
        self.prop, self.module, self.options, self.child = prop, module, options, child
        self.add_marker(pytest.mark.cs229_conform)
        self.user_properties.append(("catalog_id", prop.catalog_id))

    def runtest(self):
        config = self.config
        seed = config.getoption("cs229_seed")
        prop, state = bounded_shrinking(self.prop, config.getoption("cs229_shrink_seconds"))
        test = settings(max_examples=config.getoption("cs229_examples"), deadline=None, database=None,
                        derandomize=seed is None, report_multiple_bugs=False, print_blob=False,
                        suppress_health_check=list(HealthCheck))(prop.test(self.module, self.options))
        if seed is not None:
            test = hypothesis_seed(seed)(test)
        with self.child.budget():
            try:
                test()
            except StudentBroke as e:  # a BaseException: pytest must see a failure, not a crash
                raise TargetBroke(str(e)) from None
            except ShrinkingDone:  # the smallest failing case found in the time given
                raise state["last"] from None

    def repr_failure(self, excinfo):
        p = self.prop
        if isinstance(excinfo.value, (Mismatch, TargetBroke)):
            return f"[{p.catalog_id}] {p.function}: {p.doc}\n{excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, f"{self.prop.function} {self.prop.name} [{self.prop.catalog_id}]"


class SignatureItem(pytest.Item):
    def __init__(self, *, message, **kwargs):
        super().__init__(**kwargs)
        self.message = message
        self.add_marker(pytest.mark.cs229_conform)

    def runtest(self):
        raise SignatureMismatch(self.message)

    def repr_failure(self, excinfo):
        return f"signature: {self.message}"

    def reportinfo(self):
        return self.path, None, self.name


class TargetBroke(AssertionError):
    """The target timed out, ended its process or changed an argument in place."""


class SignatureMismatch(Exception):
    """A function of the target whose parameters are not the reference's."""
