# Loops over independent rows split among threads (cython.parallel.prange; the modules that
# cimport this file are compiled with OpenMP, see setup.py). Each thread takes one contiguous
# chunk of rows and computes every row exactly as the serial loop does, so the answers do not
# depend on n_jobs, bit for bit. The users cimport prange and import _validation.cores_of
# themselves: a declaration module passes on neither a cimport nor a Python name.

cdef enum:
    MIN_CHUNK = 2048  # fewer rows than this are not worth waking a thread for


cdef inline Py_ssize_t thread_count(Py_ssize_t cores, Py_ssize_t rows) noexcept nogil:
    """The threads to split ``rows`` rows among: ``cores`` (what ``_validation.cores_of`` made of
    the caller's n_jobs, checked first, as the reference does), at most one per MIN_CHUNK rows."""
    return max(min(cores, rows // MIN_CHUNK), 1)


cdef inline Py_ssize_t rows_per_chunk(Py_ssize_t rows, Py_ssize_t threads) noexcept nogil:
    """Rows per chunk: ⌈rows / threads⌉ (chunk c is rows [c·chunk, min((c + 1)·chunk, rows)))."""
    return (rows + threads - 1) // threads
