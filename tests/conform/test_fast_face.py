"""The fast face conforms: every property of cs229.testing on the cs229.fast module of its topic,
the same code path as ``cs229 conform cs229.fast.<topic>``; functions only the reference has are
checked against the reference itself (the property's own sanity).

The README's command draws QUICK examples per property; the same properties at the profile's
budget (40 in ci) are marked slow and run by .ci/run after it."""
import importlib

import pytest
from hypothesis import settings

from cs229.testing.properties import TOPICS, properties

CASES = [(topic, p) for topic in TOPICS for p in properties(topic)]
IDS = [f"{t}.{p.id}" for t, p in CASES]
QUICK = 5


def _face(topic, prop):
    fast = importlib.import_module(f"cs229.fast.{topic}")
    return fast if prop.function in getattr(fast, "__all__", ()) else importlib.import_module(f"cs229.reference.{topic}")


@pytest.mark.parametrize("topic, prop", CASES, ids=IDS)
def test_fast_conforms(topic, prop):
    settings(max_examples=min(QUICK, settings.default.max_examples))(prop.test(_face(topic, prop)))()


@pytest.mark.slow
@pytest.mark.parametrize("topic, prop", CASES, ids=IDS)
def test_fast_conforms_at_the_profiles_budget(topic, prop):
    prop.test(_face(topic, prop))()


def test_every_topic_has_properties_with_catalog_ids():
    import re
    for topic in TOPICS:
        props = properties(topic)
        assert props and all(re.fullmatch(r"[A-Z]+-\d+", p.catalog_id) for p in props)
        assert len({p.id for p in props}) == len(props)
