"""The fuzzing campaign: every public function of every cs229.fast module, called on exotic
inputs and on hand-built models, each call in a forked child with a time limit, against the
reference twin (CONTRIBUTING, "Fuzzing and the boundscheck build")."""
