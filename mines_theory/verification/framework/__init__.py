"""What every claim's check is built from, and where its verdict is kept.

==============  ===============================================================================
module          what
==============  ===============================================================================
``verdict``     ``Verdict``, ``Status``, ``Qualifier``, ``Measurement``: verdicts as data,
                rounded to their uncertainty (an erratum's too: ``flagged``)
``numbers``     how a number is written: significant digits, or rounded to its uncertainty
``stats``       Monte Carlo errors, proportions and their tests, bootstrap, slopes
``decisions``   the decisions of the checks, each written once: a bound exceeded more often
                than allowed, an estimate within k SE, an identity within tolerance, a status
                of several named parts
``sizes``       the least data a claim decides from (``Data``), the framework's refusal to
                decide from less (``guard``), every sample size multiplied (``scaled``)
``spec``        a claim's or an erratum's spec (``Claim``, ``Erratum``) and the words it is
                written in: ``Key``, ``Bar``/``NoBar``, ``Cites``, ``Repair``
``declare``     ``@claim``, ``@finding``, ``@repaired``, ``@erratum``: each declared above its
                check with every fact about it
``registry``    where the declarations are recorded (``REGISTRY``), in the tables' order; our
                numbers (``claim_key``); the modules of ``claims`` and ``errata`` are found by
                ``discover``
``ledger``      the collected claims, findings, repaired results and errata; the published
                verdicts (``published.json``) and a notebook's verdict cell
``paper``       the PDF's numbers by label: eq:TG → (4.10), lem:Sig_dec → Lemma 11
==============  ===============================================================================
"""
