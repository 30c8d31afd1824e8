"""Changes, current state and history of the declared tables (build.py builds them; one adapter per log)."""

from .build import ChangesResult, build_all, build_changes, declared, failure_line, refresh_views

__all__ = ["ChangesResult", "build_all", "build_changes", "declared", "failure_line", "refresh_views"]
