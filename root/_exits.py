"""How every ``cs229`` subcommand starts and ends, written once.

``run(prog, work)`` runs a subcommand's ``work()`` and turns what can go wrong around it into one
line on stderr and an exit status, never a traceback:

- ``UsageError`` (an option that cannot work: an empty ID, an output path that cannot be
  written, the notes' text copies absent) -> ``USAGE`` (2), raised before the work starts;
- Ctrl-C -> ``INTERRUPTED`` (130): a subcommand that can keep what it finished catches it itself
  (``CtrlC``) and prints its partial report; one that reaches here says "interrupted";
- a reader who closes the pipe (``cs229 audit --list | head``): the output stops quietly and the
  subcommand exits 0 (the reader took what it wanted; as ``head`` itself, the exit does not
  speak of the part of the report nobody read);
- standard output closed (``>&-``) or failing (``>/dev/full``), or an output file that could not
  be written after all -> ``OUTPUT_ERROR`` (74, EX_IOERR of sysexits.h).

``emit`` is the one way the subcommands print to stdout; ``progress_stream`` the stream their
progress lines go to (stderr, or nothing when it is closed or fails). ``output_file`` and
``output_directory`` check an output path before the work; ``integer_in`` and ``real_in`` are
argparse types with a range.
"""
import argparse
import errno
import math
import os
import signal
import sys
import tempfile

__all__ = ["OK", "FAILED", "USAGE", "OUTPUT_ERROR", "INTERRUPTED", "UsageError", "OutputError", "run",
           "emit", "say", "progress_stream", "CtrlC", "output_file", "output_directory", "integer_in", "real_in",
           "nonempty", "SEED", "EXAMPLES"]

OK, FAILED, USAGE, OUTPUT_ERROR, INTERRUPTED = 0, 1, 2, 74, 130


class UsageError(Exception):
    """The command line cannot work as given: one line on stderr, exit status 2."""


class OutputError(Exception):
    """The output could not be written (stdout closed or full, a file that failed): one line on
    stderr, exit status 74."""


def say(prog, message):
    """``prog: message`` on stderr; nothing when stderr is closed or fails (there is no one left
    to tell)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(f"{prog}: {message}\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def _discard_stdout():
    """Point fd 1 at /dev/null: what is still buffered, and the interpreter's last flush, go
    nowhere instead of raising again on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


_reader_gone = False


def emit(text):
    """Print ``text`` and a newline to stdout, flushed, so that a failure shows here and not at
    exit. A reader who closed the pipe ends the output quietly (what follows is dropped); stdout
    closed or failing raises ``OutputError``."""
    global _reader_gone
    if _reader_gone:
        return
    if sys.stdout is None:
        raise OutputError("standard output is closed: nothing to print the output on")
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _reader_gone = True
        _discard_stdout()
    except OSError as e:
        _discard_stdout()
        raise OutputError(f"cannot write to standard output: {e.strerror or e}") from None


class _Progress:
    """stderr for progress lines: a write that fails (stderr full, or a pipe the reader closed)
    stops the progress, not the run."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        if self._stream is None:
            return
        try:
            self._stream.write(text)
        except (OSError, ValueError):
            self._stream = None

    def flush(self):
        if self._stream is None:
            return
        try:
            self._stream.flush()
        except (OSError, ValueError):
            self._stream = None

    def fileno(self):
        return self._stream.fileno()


def progress_stream(quiet=False):
    """Where progress lines go: stderr, wrapped so that a failing write never ends the run; None
    when ``quiet`` or stderr is closed."""
    if quiet or sys.stderr is None:
        return None
    return _Progress(sys.stderr)


def run(prog, work):
    """``work()``'s exit status, with the failures above turned into a line on stderr and their
    status."""
    try:
        if sys.stdout is None:
            raise OutputError("standard output is closed (>&-): nothing to print the output on; "
                              "redirect it to a file or to /dev/null instead")
        status = work()
        return OK if _reader_gone else status
    except UsageError as e:
        say(prog, str(e))
        return USAGE
    except OutputError as e:
        say(prog, str(e))
        return OUTPUT_ERROR
    except KeyboardInterrupt:
        say(prog, "interrupted")
        return INTERRUPTED
    except BrokenPipeError:  # a write to stdout outside ``emit``
        _discard_stdout()
        return OK


class CtrlC:
    """Ctrl-C during a long run, remembered: the KeyboardInterrupt it raises can be lost where it
    lands (in a destructor, or in code under test that swallows it), so the run also stops after
    the step under way when the signal came (``stop_if_asked``). Python's own handler is left in
    place where another was installed, and outside the main thread."""

    def __init__(self):
        self.asked = False
        self._before = None

    def _handler(self, signum, frame):
        self.asked = True
        raise KeyboardInterrupt

    def __enter__(self):
        try:
            if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
                self._before = signal.signal(signal.SIGINT, self._handler)
        except ValueError:  # not the main thread
            pass
        return self

    def stop_if_asked(self):
        if self.asked:
            raise KeyboardInterrupt

    def __exit__(self, *exc):
        if self._before is not None:
            signal.signal(signal.SIGINT, self._before)
        return False


# ---- output paths, checked before the work ---------------------------------------------------

def _writable_directory(directory):
    """Whether a file can be created in ``directory``, by creating (and removing) an unnamed one:
    the permission bits, a read-only mount and the user (root too) all have their say."""
    try:
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as e:
        return e
    return None


def output_file(option, path):
    """Check that ``path`` (the value of ``option``) can be written as a file, before the work:
    not empty, not a directory, in a directory that exists and takes new files, or an existing
    file that can be written. Raises UsageError naming the option and the problem; returns the
    path."""
    if path is None:
        return None
    if not path.strip():
        raise UsageError(f"{option}: the path is empty (an unset variable?); give a file name")
    if os.path.isdir(path):
        raise UsageError(f"{option}: {path} is a directory; give the name of a file inside it")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        what = "is not a directory" if os.path.exists(parent) else "does not exist"
        raise UsageError(f"{option}: cannot write {path}: {_nearest_problem(parent, what)}")
    if os.path.exists(path):
        if not os.access(path, os.W_OK) or _cannot_open_for_append(path):
            raise UsageError(f"{option}: cannot write {path}: permission denied or read-only")
        return path
    problem = _writable_directory(parent)
    if problem is not None:
        raise UsageError(f"{option}: cannot create {path}: {_reason(problem)} (in {parent})")
    return path


def _cannot_open_for_append(path):
    if not os.path.isfile(path):  # a device or a pipe: os.access has said what it can
        return False
    try:
        with open(path, "ab"):
            return False
    except OSError:
        return True


def output_directory(option, path):
    """Check that ``path`` can be the directory the files go to: not empty, not an existing file
    or device, and either a directory that takes new files or one that can be created (its
    nearest existing ancestor is a directory that takes new entries). Raises UsageError naming
    the option; returns the path."""
    if not path.strip():
        raise UsageError(f"{option}: the path is empty (an unset variable?); give a directory")
    if os.path.exists(path) and not os.path.isdir(path):
        raise UsageError(f"{option}: {path} exists and is not a directory")
    existing = os.path.abspath(path)
    while not os.path.exists(existing):
        existing = os.path.dirname(existing)
    if not os.path.isdir(existing):
        raise UsageError(f"{option}: cannot create {path}: {existing} is not a directory")
    problem = _writable_directory(existing)
    if problem is not None:
        verb = "write into" if existing == os.path.abspath(path) else "create"
        raise UsageError(f"{option}: cannot {verb} {path}: {_reason(problem)} (in {existing})")
    return path


def _nearest_problem(directory, what):
    """'D does not exist' for the first missing or non-directory component of ``directory``."""
    missing = directory
    while not os.path.exists(os.path.dirname(missing)) and os.path.dirname(missing) != missing:
        missing = os.path.dirname(missing)
    if os.path.exists(missing) and not os.path.isdir(missing):
        return f"{missing} is not a directory"
    parent = os.path.dirname(missing)
    if os.path.exists(parent) and not os.path.isdir(parent):
        return f"{parent} is not a directory"
    return f"{missing} {what}"


def _reason(error):
    if error.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if error.errno == errno.EROFS:
        return "read-only file system"
    return error.strerror or str(error)


# ---- numeric options --------------------------------------------------------------------------

def integer_in(low, high=None, why=""):
    """An argparse type: an integer from ``low`` to ``high`` (no upper bound when None);
    otherwise the message names the range (argparse adds the option)."""
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if value < low or (high is not None and value > high):
            bounds = f"at least {low}" if high is None else f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"must be {bounds}{why}, got {value}")
        return value
    parse.__name__ = "integer"
    return parse


def real_in(low, high, why=""):
    """An argparse type: a finite real number x with low <= x < high."""
    def parse(text):
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not (math.isfinite(value) and low <= value < high):
            raise argparse.ArgumentTypeError(f"must be at least {low:g} and below {high:g}{why}, got {text}")
        return value
    parse.__name__ = "number"
    return parse


def nonempty(what):
    """An argparse type: a value that is not empty or blank (an unset CI variable gives '')."""
    def parse(text):
        if not text.strip(", "):
            raise argparse.ArgumentTypeError(f"empty (an unset variable?); give {what}")
        return text
    parse.__name__ = "value"
    return parse


# The ranges the subcommands share: beyond them a run takes hours, and nothing is learnt that the
# bounds do not already show.
SEED = integer_in(0, 2 ** 32 - 1)
EXAMPLES = integer_in(1, 1000)
