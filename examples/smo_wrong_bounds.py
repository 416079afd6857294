"""The same student SMO pieces with a classic mistake, the bounds of the two cases swapped (000 V §9.2), written for `cs229 conform`: the
interval [L, H] of α₂, the clip to it, α₁ back from the line (20) and the unclipped optimum.
C=None is the hard margin (H = +∞ as None)."""


def bounds(alpha1, alpha2, y1, y2, C=None):
    """y⁽¹⁾ ≠ y⁽²⁾: L = max(0, α₂ − α₁), H = min(C, C + α₂ − α₁);
    y⁽¹⁾ = y⁽²⁾: L = max(0, α₁ + α₂ − C), H = min(C, α₁ + α₂)."""
    if y1 == y2:  # the mistake: the formulas of y⁽¹⁾ ≠ y⁽²⁾ used when the labels agree, and back
        low = max(0.0, alpha2 - alpha1)
        high = None if C is None else min(C, C + alpha2 - alpha1)
    else:
        low = 0.0 if C is None else max(0.0, alpha1 + alpha2 - C)
        high = alpha1 + alpha2 if C is None else min(C, alpha1 + alpha2)
    return low, high


def clip(alpha2, low, high):
    """α₂ clipped to [L, H] (H None: no upper end)."""
    if high is not None and alpha2 > high:
        return high
    return max(alpha2, low)


def alpha1_from_alpha2(zeta_, alpha2, y1, y2):
    """α₁ = (ζ − α₂y⁽²⁾)y⁽¹⁾."""
    return (zeta_ - alpha2 * y2) * y1


def unclipped_optimum(alpha2, y2, E1, E2, eta):
    """α₂ + y⁽²⁾(E₁ − E₂)/η."""
    if not eta > 0:
        raise ValueError(f"eta = {eta} must be > 0")
    return alpha2 + y2 * (E1 - E2) / eta
