# The two-variable step of SMO (catalog SMO-2), for cs229.fast.smo's two_variable_step and the
# solver's pair rules (fast/_smo_solver.pyx): the reference's _step and _clipped_maximiser
# (reference/smo.py) statement for statement, the same comparisons in the same order, on which
# the reference's pair sequence depends. A declaration module of inline functions only: it has
# no compiled module of its own.

from libc.math cimport INFINITY, fabs

# What a step does with the pair (pair_step).
cdef enum PairStep:
    PAIR_MOVES = 1        # new α₁, α₂ are written
    PAIR_STAYS = 0        # W does not grow along the pair's line in the box: α stays
    PAIR_UNBOUNDED = -1   # hard margin: W grows without limit along the line


cdef inline double tiny() noexcept nogil:
    """The reference's _tiny for floats, scalar.zero_tolerance(float, 1, 2**8) = 2⁸ε = 2⁻⁴⁴:
    below it a difference of W between the ends of the segment, or a change of α (Platt's
    no-progress test), counts as none."""
    return 2.0 ** -44


cdef inline PairStep pair_step(double a1, double a2, double y1, double y2, double E1, double E2,
                               double K11, double K22, double K12, double C1, double C2,
                               double* new1, double* new2) noexcept nogil:
    """SMO-2 (000 V §9.2), X-2: α₂ to the maximiser of W along (20) clipped to [L, H], α₁ back
    from (20), in the box [0, C₁] × [0, C₂] (the reference's box_bounds; C = +∞: no upper
    bound, the hard margin). The new pair in new1, new2 when it moves."""
    cdef double low, high = 0.0, d, total, eta, slope, n1, n2, dd, w_low, w_high, s
    cdef bint unbounded = False
    if y1 != y2:
        d = a2 - a1
        low = d if d > 0 else 0.0
        if C1 == INFINITY and C2 == INFINITY:
            unbounded = True
        else:
            high = C2 if d > C2 - C1 else C1 + d   # C₁ = C₂ = C: C if d > 0 else C + d
    else:
        total = a1 + a2
        low = 0.0 if (C1 == INFINITY or total <= C1) else total - C1
        high = total if (C2 == INFINITY or total < C2) else C2
    eta = K11 + K22 - 2 * K12
    slope = y2 * (E1 - E2)
    if not unbounded and not low < high:
        n2 = low        # one point, possibly a rounding error away (as the reference)
    elif eta > 0:
        n2 = a2 + y2 * (E1 - E2) / eta
        if not unbounded and n2 > high:
            n2 = high
        elif n2 < low:
            n2 = low
    elif unbounded:
        if slope > 0 or eta < 0:
            return PAIR_UNBOUNDED
        if not slope < 0:
            return PAIR_STAYS
        n2 = low
    else:
        dd = low - a2
        w_low = slope * dd - eta * dd * dd / 2
        dd = high - a2
        w_high = slope * dd - eta * dd * dd / 2
        if w_low > w_high + tiny():
            n2 = low
        elif w_low < w_high - tiny():
            n2 = high
        else:
            return PAIR_STAYS
    s = y1 * y2
    n1 = a1 + s * (a2 - n2)
    if n2 == low and low != 0:
        n1 = 0.0 if s < 0 else C1
    elif not unbounded and n2 == high and (C2 == INFINITY or high != C2):
        n1 = C1 if s < 0 else 0.0
    if n1 < 0:          # a rounding error outside the box, put back on it (as the reference)
        n1 = 0.0
    elif C1 != INFINITY and n1 > C1:
        n1 = C1
    if n1 == a1 and n2 == a2:
        return PAIR_STAYS
    new1[0] = n1
    new2[0] = n2
    return PAIR_MOVES


cdef inline bint no_progress(double new2, double a2) noexcept nogil:
    """Platt's test of a step too small to count (the reference's _platt_take):
    |α₂new − α₂| ≤ tiny·(α₂new + α₂ + 1)."""
    return fabs(new2 - a2) <= tiny() * (new2 + a2 + 1)
