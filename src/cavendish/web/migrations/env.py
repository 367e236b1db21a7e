"""Alembic environment: runs on the connection handed in by ``store.migrate``."""

from __future__ import annotations

from alembic import context

from cavendish.web.store import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
