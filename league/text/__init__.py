"""Text in and out, below the models: how the site writes its figures and dates (``formatting``), reads the
scores and points people type (``score_input``), writes a rule version in words (``rules_text``) and says the
engine's refusals in the page's language (``rule_checks``).

Plain modules: they import Django's translation and formats and the engine, nothing else of the app, so that
the models (whose ``__str__`` writes points and dates), the read models, the exports and the pages all use them.
"""
