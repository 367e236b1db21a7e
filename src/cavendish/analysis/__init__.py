"""Analysis: double-dummy solving and what is built on it.

* :mod:`cavendish.analysis.dd`: the whist layer over DDS (through endplay), with
  a pure-Python fallback; :func:`~cavendish.analysis.dd.solve`,
  :func:`~cavendish.analysis.dd.solve_state`, :func:`~cavendish.analysis.dd.solve_many`
  and :func:`~cavendish.analysis.dd.dd_table`.
* :mod:`cavendish.analysis.position`: positions, results and their errors.
* :mod:`cavendish.analysis.minimax`: the pure-Python solver.

The submodules are imported on demand, so importing this package does not load DDS.
"""
