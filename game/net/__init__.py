"""Play across computers: one Game Night hosts a table, the others join it (see DESIGN.md)."""
