"""What every claim's check is built from, and where its verdict is kept.

==============  ===============================================================================
module          what
==============  ===============================================================================
``verdict``     ``Verdict``, ``Status``, ``Qualifier``, ``Measurement`` (and ``Evidence``, an
                erratum's result): verdicts as data, rounded to their uncertainty
``stats``       Monte Carlo errors, proportions and their tests, bootstrap, slopes
``registry``    ``@claim``, ``@finding``, ``@erratum``: each declared above its check; the
                modules of ``claims`` and ``errata`` are found by ``discover``
``ledger``      the collected claims, findings, repaired results and errata; the published
                verdicts (``published.json``) and a notebook's verdict cell
``evidence``    the errata's results, published beside the verdicts
``paper``       the PDF's numbers by label: eq:TG → (4.10), lem:Sig_dec → Lemma 11
==============  ===============================================================================
"""
