"""The error of a load the user can act on; below loader and store, which both raise it."""


class LoadProblem(RuntimeError):
    """A load that cannot go ahead, or a reject in strict mode. Nothing of it became visible."""
