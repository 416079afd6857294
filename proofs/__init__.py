"""cs229.proofs: the notes' derivations checked step by step, and the reference checked against
the optimality conditions the notes derive.

``registry`` holds the checks keyed by catalog ID, ``checking`` the tools they are written with
(symbolic chains, sampled high-precision comparisons on points drawn by
``cs229.testing.strategies``, errata) and ``audit`` runs and reports them (the ``cs229 audit``
command, ``cs229.cli``); ``checks`` lists the modules of checks the audit runs (``MODULES``) and
``plugin`` runs them under pytest (``pytest --cs229-audit``).
"""
