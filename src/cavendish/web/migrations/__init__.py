"""Alembic migrations of the web tables' schema (run at start-up by ``Store.open``)."""
