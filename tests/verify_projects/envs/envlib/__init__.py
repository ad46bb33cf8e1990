"""Loop shapes of environment and model libraries, for verify's soundness tests."""
