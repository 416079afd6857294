"""cs229.proofs: the notes' derivations checked step by step, and the reference checked against
the optimality conditions the notes derive.

``registry`` holds the checks keyed by catalog ID, ``checking`` the tools they are written with
(symbolic chains, sampled high-precision comparisons, errata), ``strategies`` the Hypothesis
strategies for the domain (also used by the test suite) and ``audit`` / ``cli`` the
``cs229 audit`` command. Importing ``cs229.proofs.checks`` registers every check.
"""
