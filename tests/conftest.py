import os

from hypothesis import settings

# Deterministic property tests in CI: same examples every run.
settings.register_profile("ci", derandomize=True, deadline=None, max_examples=60,
                          print_blob=True)
settings.register_profile("dev", deadline=None, max_examples=200)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
