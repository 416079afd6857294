"""The strategies of the notes' domain have one home, cs229.testing.strategies; the audit's checks
read them as ``cs229.proofs.strategies``, which is that same module object."""
import sys

from cs229.testing import strategies

sys.modules[__name__] = strategies
