"""Builds the fruitbench Python package: the pybind11 module fruitbench._core
over the C++ core of this repository (../core), compiled with the same
rules as the native build (C++20, no FMA contraction: the same bits).

Offline, with Debian's python3-pybind11 and python3-setuptools:

    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install --no-build-isolation --no-deps ./python
"""

import glob
import os
import sys

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension
from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
CORE = os.path.join(os.path.dirname(HERE), "core")
if not os.path.isfile(os.path.join(CORE, "evaluate.h")):
  sys.exit(f"fruitbench: the C++ core is not at {CORE}: build from the repository (pip install ./python)")

# Every core source except the tests: new core files need no change here.
CORE_SOURCES = sorted(f for f in glob.glob(os.path.join(CORE, "*.cc")) if not f.endswith("_test.cc"))

HEADERS = glob.glob(os.path.join(CORE, "*.h")) + glob.glob(os.path.join(CORE, "cli", "*.h"))


def needs_recompile(obj, src):
  """An object is rebuilt when older than its source or than any core header
  (a changed struct must never meet an object compiled against the old one)."""
  if not os.path.exists(obj):
    return True
  newest = max([os.path.getmtime(src)] + [os.path.getmtime(h) for h in HEADERS])
  return os.path.getmtime(obj) < newest


# Two compile jobs by default (FRUITBENCH_BUILD_JOBS overrides); unchanged
# objects of an earlier build in python/build/ are kept.
ParallelCompile("FRUITBENCH_BUILD_JOBS", default=2, needs_recompile=needs_recompile).install()

extension = Pybind11Extension(
    "fruitbench._core",
    [os.path.join("src", "fruitbench_python.cc")] + CORE_SOURCES,
    include_dirs=[CORE, os.path.join(CORE, "cli")],
    depends=HEADERS,
    cxx_std=20,
    extra_compile_args=["-ffp-contract=off", "-g0", "-O2", "-Wno-restrict"],
)

setup(
    name="fruitbench",
    version="0.1.0",
    description="FRUIT / UpdateROUGE evaluation: the fruitbench C++ core for Python",
    license="Apache-2.0",
    packages=["fruitbench"],
    package_data={"fruitbench": ["*.pyi", "py.typed"]},
    ext_modules=[extension],
    python_requires=">=3.9",
    zip_safe=False,
)
