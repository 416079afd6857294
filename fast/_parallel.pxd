# Loops over independent rows split among threads (cython.parallel.prange; the modules that
# cimport this file are compiled with OpenMP, see setup.py), computed as the serial loop computes
# every row, so that the answers do not depend on n_jobs, bit for bit. The users cimport prange
# and import _validation.cores_of themselves: a declaration module passes on neither a cimport
# nor a Python name.
#
# Other processes may hold the cores. A loop that meets its threads once (a batch of
# predictions, a kernel matrix) splits its rows into CHUNKS_PER_THREAD chunks per thread, handed
# out as threads come free (schedule="dynamic"): a thread the system puts aside holds up one chunk,
# not its share of the rows.

cdef enum:
    MIN_CHUNK = 2048         # fewer rows than this are not worth waking a thread for
    CHUNKS_PER_THREAD = 4    # (schedule="dynamic") a thread put aside holds up 1/4 of its share


cdef inline Py_ssize_t thread_count(Py_ssize_t cores, Py_ssize_t rows) noexcept nogil:
    """The threads to split ``rows`` rows among: ``cores`` (what ``_validation.cores_of`` made of
    the caller's n_jobs, checked first, as the reference does), at most one per MIN_CHUNK rows."""
    return max(min(cores, rows // MIN_CHUNK), 1)


cdef inline Py_ssize_t rows_per_chunk(Py_ssize_t rows, Py_ssize_t threads) noexcept nogil:
    """Rows per chunk: ⌈rows / threads⌉ (chunk c is rows [c·chunk, min((c + 1)·chunk, rows)))."""
    return (rows + threads - 1) // threads


cdef inline Py_ssize_t chunk_count(Py_ssize_t rows, Py_ssize_t threads) noexcept nogil:
    """The chunks that ``threads`` threads take as they come free (schedule="dynamic"): one when
    the loop is serial, else CHUNKS_PER_THREAD per thread (at most one per row)."""
    if threads <= 1:
        return 1
    return max(min(threads * CHUNKS_PER_THREAD, rows), 1)


cdef inline Py_ssize_t chunk_rows(Py_ssize_t rows, Py_ssize_t threads) noexcept nogil:
    """The rows of a chunk of prange(rows, schedule="dynamic", chunksize=...)."""
    return max(rows_per_chunk(rows, chunk_count(rows, threads)), 1)
