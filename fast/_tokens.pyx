"""NB-6: from raw text to documents in one compiled pass (``naive_bayes.vectorize``): the
reference's ``tokenize`` (lower-cased; a word is a maximal run of ASCII letters and digits, each
of £ $ € a word alone, all else a separator), words numbered as they first occur, then renumbered
in the order of ``build_vocabulary``. One pass instead of the reference's two (vocabulary, then
ids): the text is lower-cased and scanned once, each word looked up once."""
import numpy as np

from libc.stdint cimport int64_t

from cs229.reference.messages import error
from cs229.reference.parameters import positive_int
from cs229.reference.naive_bayes import Documents
from cs229.reference.inputs import is_text


cdef inline bint _in_word(Py_UCS4 c) noexcept:
    return (u'a' <= c <= u'z') or (u'0' <= c <= u'9')


cdef inline bint _word_alone(Py_UCS4 c) noexcept:
    return c == u'£' or c == u'$' or c == u'€'


cdef class _Numbering:
    """The words met so far, numbered in order of first occurrence, with their counts, and the
    number of every word occurrence in order."""
    cdef dict index
    cdef list words
    cdef object counts, ids
    cdef int64_t[::1] cv, iv
    cdef Py_ssize_t n

    def __init__(self):
        self.index, self.words, self.n = {}, [], 0
        self.counts, self.ids = np.zeros(1024, dtype=np.int64), np.empty(4096, dtype=np.int64)
        self.cv, self.iv = self.counts, self.ids

    cdef void add(self, str word) except *:
        cdef object k = self.index.get(word)
        cdef Py_ssize_t j
        if k is None:
            j = len(self.words)
            self.index[word] = j
            self.words.append(word)
            if j == self.cv.shape[0]:
                self.counts = np.resize(self.counts, 2 * j)
                self.counts[j:] = 0
                self.cv = self.counts
        else:
            j = k
        self.cv[j] += 1
        if self.n == self.iv.shape[0]:
            self.ids = np.resize(self.ids, 2 * self.n)
            self.iv = self.ids
        self.iv[self.n] = j
        self.n += 1


cdef void _scan(str text, _Numbering numbering) except *:
    cdef Py_ssize_t p, start = -1, length = len(text)
    cdef Py_UCS4 c
    for p in range(length):
        c = text[p]
        if _in_word(c):
            if start < 0:
                start = p
            continue
        if start >= 0:
            numbering.add(text[start:p])
            start = -1
        if _word_alone(c):
            numbering.add(text[p:p + 1])
    if start >= 0:
        numbering.add(text[start:length])


def vectorize(messages, min_count=1):
    min_count = positive_int(min_count, "min_count")
    if is_text(messages) or not hasattr(messages, "__iter__"):
        raise error("iterable", name="messages", what="str", got=type(messages).__name__)
    numbering = _Numbering()
    offsets = [0]
    for i, message in enumerate(messages):
        if not isinstance(message, str):
            raise error("wrong_kind", name=f"messages[{i}]", what="a str", got=type(message).__name__)
        _scan(message.lower(), numbering)
        offsets.append(numbering.n)
    words, counts = numbering.words, numbering.counts[:len(numbering.words)]
    kept = [j for j in sorted(range(len(words)), key=words.__getitem__) if counts[j] >= min_count]
    renumber = np.full(len(words), -1, dtype=np.int64)
    renumber[kept] = np.arange(len(kept), dtype=np.int64)
    ids = renumber[numbering.ids[:numbering.n]]
    offsets = np.array(offsets, dtype=np.int64)
    if len(kept) < len(words):   # the rarer words dropped, each document's end moved back
        present = ids >= 0
        offsets = np.r_[0, np.cumsum(present)][offsets]
        ids = ids[present]
    return [words[j] for j in kept], Documents(np.ascontiguousarray(ids), offsets)
