"""The probe of the public API (issue 36): one table of cases per part of the library
(``algorithm``, ``problems``, ``experiments``, ``theory``, ``linalg``, ``plotting``,
``framework``), each case an input and the outcome class it must end in; ``harness`` holds the
contract and runs a case. ``tests/test_probe.py`` runs the fast cases in ``make test``,
``tools/probe_public_api.py`` (``make probe``) all of them."""
