"""Where runs execute: worker threads of this process, or a Dask cluster (dask_executor.py)."""
