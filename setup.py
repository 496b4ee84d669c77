"""The build compiles the gettext catalogues, so an install never needs a step of its own.

Everything else is in pyproject.toml.
"""

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithCatalogues(build_py):
    """build_py that first compiles referee/translations/*/LC_MESSAGES/*.po to .mo."""

    def run(self) -> None:
        spec = importlib.util.spec_from_file_location("catalogues",
                                                      HERE / "referee" / "catalogues.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.compile_all()
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogues})
