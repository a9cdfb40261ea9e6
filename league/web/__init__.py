"""What ties the club's data to its web pages, just above the models: who may open which page of a club
(``permissions``), the links to a club's pages and a person's name as every page shows it (``links``), and a
page read inside LINE's own browser (``in_app_browser``).

They import the models and Django's URLs and requests, nothing else of the app: the read models, services,
page tables, views and template tags use them.
"""
