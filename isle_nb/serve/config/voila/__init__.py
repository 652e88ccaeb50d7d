"""The folder named by ``--Voila.config_file_paths``: Voila reads its ``voila.py``."""
