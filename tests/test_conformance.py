"""The fast face conforms: every property of cs229.testing on the cs229.fast module of its topic,
the same code path as ``cs229 conform cs229.fast.<topic>``; functions only the reference has are
checked against the reference itself (the property's own sanity)."""
import importlib

import pytest

from cs229.testing.properties import TOPICS, properties

CASES = [(topic, p) for topic in TOPICS for p in properties(topic)]


def _face(topic, prop):
    fast = importlib.import_module(f"cs229.fast.{topic}")
    return fast if prop.function in getattr(fast, "__all__", ()) else importlib.import_module(f"cs229.reference.{topic}")


@pytest.mark.parametrize("topic, prop", CASES, ids=[f"{t}.{p.id}" for t, p in CASES])
def test_fast_conforms(topic, prop):
    prop.test(_face(topic, prop))()


def test_every_topic_has_properties_with_catalog_ids():
    import re
    for topic in TOPICS:
        props = properties(topic)
        assert props and all(re.fullmatch(r"[A-Z]+-\d+", p.catalog_id) for p in props)
        assert len({p.id for p in props}) == len(props)
