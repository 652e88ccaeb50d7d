"""The config files the play servers load (not imported: Jupyter and Voila run them with ``get_config``)."""
