import os
import sys
from pathlib import Path

import pytest
import process_groups

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


# Modules whose tests run the user's code under jax (in subprocesses, mostly), build or install
# packages (pip, pre-commit), drive the review bot or the language server end to end, or start
# runs to stop them; and single tests that walk large trees or many generated programs
# (docs/performance.md has the durations they were chosen by). Without them
# (`pytest -m "not slow"`) the suite is the quick subset the README names.
SLOW_MODULES = frozenset({
    "test_corpus", "test_newcomer_walk", "test_packaging", "test_precommit",
    "test_verify", "test_verify_pytest", "test_verify_soundness", "test_measure",
    "test_measure_instrument", "test_fixed_cases", "test_fix_runtime_properties",
    "test_fix_runtime_annotations", "test_param_style_runtime", "test_unrolled_runtime",
    "test_correctness_rules_under_jax", "test_recall_holdouts_reproduce", "test_fix_effects",
    "test_processes", "test_review", "test_lsp",
})
SLOW_TESTS = frozenset({
    "test_slicing::test_fixtures_and_jax_control_flow_give_the_same_findings_and_fixes",
    "test_slicing::test_the_tests_own_sources_keep_their_statements_as_stubs",
    "test_slicing::test_every_rule_case_gives_the_same_findings_and_fixes",
    "test_incremental::test_recheck_reports_what_a_full_check_reports",
    "test_speed_machinery::test_prefilters_never_drop_a_file_with_a_site",
    "test_properties::test_scan_shaped_programs_fix_soundly",
    "test_properties::test_random_python_never_crashes_the_model",
    "test_abstract_eval::test_promotion_matches_jax",
    "test_abstract_eval::test_promotion_matches_jax_with_x64",
    "test_abstract_eval::test_shapes_match_jax",
    "test_recall_corpus::test_reproduction_fails_as_reported_and_lookalike_does_not",
    "test_notebooks::test_fixed_notebook_computes_bit_identical_outputs",
})


def pytest_collection_modifyitems(config, items):
    for item in items:
        module = item.module.__name__.rpartition(".")[2]
        if module in SLOW_MODULES or f"{module}::{item.originalname}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)


def pytest_configure(config):
    """Processes the tests start end with the run when it is stopped (Ctrl-C, SIGTERM):
    `process_groups.py`."""
    process_groups.install()


@pytest.fixture
def processes():
    """Start processes (`processes.start(args, ...)`, as `subprocess.Popen`) that end, with
    every process they started, when the test ends or the run is stopped."""
    started = process_groups.Processes()
    try:
        yield started
    finally:
        started.end_all()


def run_scanlint(*args, cwd=None, stdin=None, env=None):
    """Run `python -m scanlint` in a subprocess, as a user would."""
    full_env = {**os.environ, **(env or {})}
    return process_groups.run([sys.executable, "-m", "scanlint", *args], cwd=cwd, input=stdin,
                              capture_output=True, text=True, env=full_env, timeout=300)


@pytest.fixture
def fixtures_copy(tmp_path):
    import shutil

    target = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, target)
    return target
