"""cs229.testing: check any implementation of the notes against the reference.

``strategies``: Hypothesis strategies of the notes' domain (exact rationals, and numpy arrays).
``properties``: for each topic, the properties that tie a second implementation to the
reference (the same answer within the documented tolerance, the same iterates where the contract
is bit for bit, the optimality conditions and the invariants the notes state); each names its
catalog ID and takes the module under test as an argument. ``conform`` runs them on a module
(the ``cs229 conform`` command) and ``plugin`` collects them as pytest items
(``pytest --cs229-conform``). The audit's checks draw their points from ``strategies``; this
package imports nothing of ``cs229.proofs``."""
